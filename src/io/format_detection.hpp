#pragma once
// What detecting a results file's format (src/io/import_detect.cpp) asks of JSON, shared with the matrix
// reader. Nearly every JSON file perfmail reads is a robot matrix, and detection's last question about
// one, whether it holds another JSON format's key anywhere, cost a search of the whole text, a tenth of
// reading it. The matrix reader meets every string of a matrix anyway, so JSON is read as a matrix first,
// and detection is asked only when that reading gives up: at a string that may be such a key, or at a
// fault (docs/INPUTS.md, docs/PERFORMANCE.md).

#include "input_formats.hpp"

#include "perfmail/io/matrix_json.hpp"
#include "perfmail/model/matrix.hpp"

#include <array>
#include <optional>
#include <string_view>

namespace perfmail::io::detail {

/// Whether a string of a JSON document, unescaped, may be one where detection's search finds one of the
/// keys that may make a JSON object another format's than a robot matrix: those of the JSON formats'
/// marks (json_mark_keys, input_formats.hpp). The search reads the text after every quote; in valid JSON
/// a quote opens a string, closes one or is escaped inside one, so it finds a key only in a string that
/// is the key, or ends with an escaped quote and the key: strings that all end with the key. (Some
/// strings that end with a key are none of these: they are sent to detection, which decides as it always
/// has.)
[[nodiscard]] inline bool may_be_other_formats_key(std::string_view s) noexcept {
  // The characters those keys end with: most names end otherwise, and are passed over at one look.
  static constexpr std::array<bool, 256> key_ends = [] {
    std::array<bool, 256> ends{};
    for (const std::string_view key : json_mark_keys) ends[static_cast<unsigned char>(key.back())] = true;
    return ends;
  }();
  if (s.empty() || !key_ends[static_cast<unsigned char>(s.back())]) return false;
  for (const std::string_view key : json_mark_keys)
    if (s.ends_with(key)) return true;
  return false;
}

/// How a text of unknown format starts, as detection first looks at it.
enum class text_start : unsigned char {
  empty_or_wide,  ///< only white space, or UTF-16 or UTF-32: read as a matrix, whose reader names the fault
  json_lines,     ///< `go test -json`: a JSON event a line
  json,           ///< a JSON object or array
  other,          ///< CSV, TSV, Go's benchmark lines, plain numbers, or nothing perfmail reads
};
[[nodiscard]] text_start text_start_of(std::string_view text);

/// Whether text of unknown format is read as a matrix first: JSON, but not `go test -json`, whose first
/// key as written is none of the other formats' keys. Their files start with one (Google Benchmark's
/// `context`, hyperfine's `results`, pytest-benchmark's `machine_info`), so this glance spares them a
/// reading as a matrix that would index their whole text to give up at its first key.
[[nodiscard]] bool read_as_matrix_first(std::string_view text);

/// Text of unknown format read as a robot matrix, as JSON almost always is: the matrix, when
/// read_as_matrix_first lets it be tried and the reader took it whole, meeting no string that may be
/// another format's key; otherwise nullopt, and detection decides (and the reader of the format it
/// picks, the matrix reader again for most faults, says what is wrong). So the result is always the one
/// detection would have given.
[[nodiscard]] std::optional<matrix> matrix_unless_other_format(std::string_view json, std::string_view source,
                                                               const load_limits& limits);

}  // namespace perfmail::io::detail
