// Which format a results file is in, from its content (io/import.hpp), and reading it in that format.

#include "perfmail/text/lines.hpp"
#include "perfmail/io/import.hpp"

#include "format_detection.hpp"
#include "import_support.hpp"
#include "input_formats.hpp"
#include "json_import_reader.hpp"

#include "perfmail/io/read_file.hpp"
#include "perfmail/text/enum_names.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace perfmail::io {

namespace {

using detail::json_import_reader;
using detail::json_value;
using kind = detail::json_node::kind;
namespace od = simdjson::ondemand;

[[noreturn]] void refuse_ambiguous(std::string_view source, std::vector<input_format> candidates) {
  // Named in the table's order (input_formats.hpp), whichever order detection found them in.
  const auto place = [](input_format f) { return &detail::descriptor_of(f) - detail::input_formats.data(); };
  std::ranges::sort(candidates, {}, place);
  std::string names;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (i > 0) names += i + 1 == candidates.size() ? " or " : ", ";
    names += detail::described(detail::descriptor_of(candidates[i]));
  }
  throw input_error(std::string{source},
                    fmt::format("the format is ambiguous: it could be {}; say which with --input-format", names));
}

/// The JSON formats the document fits, in the table's order, or nullopt when the top level is not an
/// object. One pass reads every value of it with On-Demand, as strictly as an importer reads it, and
/// gathers what the formats are known by: the marks it has (input_formats.hpp), and whether it has the
/// matrix's shape. Each format is then judged by its own.
std::optional<std::vector<input_format>> json_candidates(json_import_reader& json, std::size_t& top_offset) {
  const json_value top = json.start();
  top_offset = top.offset;
  if (top.type != kind::object) return std::nullopt;  // refused: the strict reading looks at the rest
  std::vector<detail::json_mark> seen;  // of the marks some format has, those the document has
  const auto see = [&](const detail::json_mark& found) {
    for (const auto& d : detail::input_formats)
      if (std::ranges::find(d.json_marks, found) != d.json_marks.end()) return seen.push_back(found);
  };
  // A matrix maps each metric to an array of samples (numbers, null, or text it keeps and ignores) and
  // may name its stats_source: an array of objects is no metric's.
  bool metric_arrays = true;
  od::object root = json.top_object();
  json.members(root, 1, [&](std::string_view key, std::size_t, od::value& value) {
    see({key, {}});
    const json_value v = json.peek(value);
    if (v.type != kind::array) {
      metric_arrays = metric_arrays && key == "stats_source" && v.type == kind::string;
      return json.read_within(value, v, 1);
    }
    od::array array = json.array_of(value);
    json.items(array, 2, [&](std::size_t i, od::value& item) {
      const json_value peeked = json.peek(item);
      metric_arrays = metric_arrays && peeked.type != kind::array && peeked.type != kind::object;
      if (i != 0 || peeked.type != kind::object) return json.read_within(item, peeked, 2);
      // The first item's members, for the marks that are one (hyperfine's "results" with "times"): read
      // as read_within reads them.
      od::object first = json.object_of(item);
      json.members(first, 3, [&](std::string_view member, std::size_t, od::value& member_value) {
        see({key, member});
        (void)json.read(member_value, 3);
      });
    });
  });
  json.finish();
  const auto has = [&](const detail::json_mark& m) {
    return m.key.empty() || std::ranges::find(seen, m) != seen.end();  // an unused mark, or one seen
  };
  std::vector<input_format> out;
  for (const auto& d : detail::input_formats)
    if (!d.shape.empty() ? metric_arrays : d.marked() && std::ranges::all_of(d.json_marks, has))
      out.push_back(d.format);
  return out;
}

/// Whether `text` holds a string that is one of the other JSON formats' keys; only a file that has one
/// is parsed to decide. A robot matrix has none, which this rules out in one pass from quote to quote
/// (memchr: a matrix's quotes are few beside its numbers; four searches for the four keys cost a fifth
/// of the parse). Reading text of unknown format asks this only of JSON that reading it as a matrix did
/// not settle (format_detection.hpp).
bool has_other_formats_key(std::string_view text) {
  for (std::size_t at = text.find('"'); at != std::string_view::npos; at = text.find('"', at + 1)) {
    const std::string_view rest = text.substr(at + 1);
    for (const std::string_view key : detail::json_mark_keys)
      if (rest.size() > key.size() && rest.starts_with(key) && rest[key.size()] == '"') return true;
  }
  return false;
}

/// The format of JSON `text`. When deciding took reading the document, its reader is left in `reader`
/// (when given), so that the importer does not parse it again.
input_format detect_json(std::string_view text, std::string_view source, std::optional<json_import_reader>* reader) {
  if (!has_other_formats_key(text)) return input_format::matrix;
  std::optional<json_import_reader> own;
  json_import_reader& json = (reader != nullptr ? *reader : own).emplace(text);
  const detail::import_builder b(source, text, {});
  return detail::read_json_import(json, text, b, source, [&](json_import_reader& document) {
    std::size_t top_offset = 0;
    const auto candidates = json_candidates(document, top_offset);
    if (!candidates)
      b.fail(top_offset, "the top level is not a JSON object: no format perfmail reads has one");
    if (candidates->empty())
      b.fail(top_offset, "a JSON object of no format perfmail reads: expected " +
                             detail::listed_formats(true, detail::marks_text, " or "));
    if (candidates->size() > 1) refuse_ambiguous(source, *candidates);
    return candidates->front();
  });
}

std::string_view first_token(std::string_view text) {
  std::size_t end = 0;
  while (end < text.size() && !(text[end] == ' ' || text[end] == '\t' || text[end] == '\n' || text[end] == '\r')) ++end;
  return text.substr(0, end);
}

/// Whether `source` is named as JSON (`.json`, in any case): the user's own word for the format where
/// the content gives none.
bool named_json(std::string_view source) {
  constexpr std::string_view suffix = ".json";
  if (source.size() < suffix.size()) return false;
  return std::equal(suffix.begin(), suffix.end(), source.end() - suffix.size(), [](char want, char c) {
    return want == (c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
  });
}

/// Refuses an empty file, or text in UTF-16 or UTF-32, that no name calls JSON: in words that name no
/// format, since none is known (a CSV saved as "Unicode text", an empty .txt).
[[noreturn]] void refuse_empty_or_wide(std::string_view text, std::string_view source) {
  const detail::import_builder b(source, text, {});
  detail::refuse_wide_text(text, b);
  b.fail(empty_input_problem(source, text.empty() ? "the file is empty" : "the file holds nothing but white space"));
}

input_format detect(std::string_view text, std::string_view source, std::optional<json_import_reader>* reader) {
  // An empty file, and text in UTF-16 or UTF-32 (a NUL among the first bytes, or their byte-order
  // marks), fit no format. A file named .json is read as the robot's matrix.json, the one format perfmail
  // read before it read others, whose strict reading names what is wrong with it as it always has (`no
  // JSON value (the file is empty)`); any other is refused in words that do not call it JSON.
  // A UTF-8 byte-order mark is passed over (every importer passes over it; the robot's matrix.json, whose
  // strict reading names it, is the exception).
  switch (detail::text_start_of(text)) {
    case detail::text_start::empty_or_wide:
      if (named_json(source)) return input_format::matrix;
      refuse_empty_or_wide(text, source);
    case detail::text_start::json_lines: return input_format::go;
    case detail::text_start::json: return detect_json(text, source, reader);
    case detail::text_start::other: break;
  }
  const std::size_t bom = detail::byte_order_mark_of(text);
  const auto first = text.find_first_not_of(" \t\r\n", bom);
  std::vector<input_format> candidates;
  for (const auto& d : detail::input_formats)
    if (d.recognizes != nullptr && d.recognizes(text.substr(bom))) candidates.push_back(d.format);
  if (candidates.size() > 1) refuse_ambiguous(source, candidates);
  if (candidates.empty() && detail::number_of(first_token(text.substr(first))))
    (void)parse_numbers(text, source);  // plain numbers until a token that is not one: named where it is
  const auto listed = [](const detail::input_format_descriptor& d) { return d.listed; };
  if (candidates.empty())
    throw input_error(std::string{source},
                      fmt::format("no format perfmail reads: expected JSON ({}), {}; or say which with --input-format",
                                  detail::listed_formats(true, listed, ", "),
                                  detail::listed_formats(false, listed, ", or ")));
  return candidates.front();
}

}  // namespace

namespace detail {
bool starts_with_header_row(std::string_view text, char delimiter) {
  const std::size_t first = std::min(text.find_first_not_of(" \t\r\n"), text.size());
  const std::string_view header = text.substr(first, text.find('\n', first) - first);
  for (const std::string_view field : {std::string_view{"metric"}, std::string_view{"\"metric\""}})
    if (header.size() > field.size() && header.starts_with(field) && header[field.size()] == delimiter) return true;
  return false;
}

bool has_go_result_line(std::string_view text) {
  for (const text::line l : text::lines(text))
    if (is_go_result_line(l.text)) return true;
  return false;
}

bool all_numbers(std::string_view text) {
  bool any = false;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
    const std::size_t start = i;
    while (i < text.size() && !(text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
    if (i == start) break;
    if (!number_of(text.substr(start, i - start))) return false;
    any = true;
  }
  return any;
}

text_start text_start_of(std::string_view text) {
  const std::size_t bom = byte_order_mark_of(text);
  const auto first = text.find_first_not_of(" \t\r\n", bom);
  if (first == std::string_view::npos) return text_start::empty_or_wide;
  if (text.substr(0, 4).find('\0') != std::string_view::npos || text.substr(0, 2) == "\xFF\xFE" ||
      text.substr(0, 2) == "\xFE\xFF")
    return text_start::empty_or_wide;
  if (text[first] != '{' && text[first] != '[') return text_start::other;
  // `go test -json`: one JSON object a line, the first an event with an Action.
  return is_test2json(text.substr(first)) ? text_start::json_lines : text_start::json;
}

bool read_as_matrix_first(std::string_view text) {
  if (text_start_of(text) != text_start::json) return false;
  // The first key as written, up to the next quote: an escaped quote ends it early, which only makes the
  // glance miss a key (the reading finds it).
  const std::string_view white = " \t\r\n";
  const std::size_t open = text.find_first_not_of(white, byte_order_mark_of(text));
  const std::size_t quote = text[open] == '{' ? text.find_first_not_of(white, open + 1) : std::string_view::npos;
  if (quote == std::string_view::npos || text[quote] != '"') return true;
  const std::size_t end = text.find('"', quote + 1);
  return end == std::string_view::npos || !may_be_other_formats_key(text.substr(quote + 1, end - quote - 1));
}
}  // namespace detail

input_format detect_input_format(std::string_view text, std::string_view source) {
  return detect(text, source, nullptr);
}

matrix parse_input(std::string_view text, std::string_view source, input_format format, const load_limits& limits) {
  if (format == input_format::automatic) {
    if (auto m = detail::matrix_unless_other_format(text, source, limits)) return std::move(*m);
    std::optional<json_import_reader> reader;
    format = detect(text, source, &reader);
    // A JSON document detection had to read is read again from the parser's index of it, not parsed a
    // second time.
    if (const auto read_parsed = detail::descriptor_of(format).read_parsed; reader && read_parsed != nullptr) {
      detail::import_builder b(source, text, limits);
      return detail::read_json_import(*reader, text, b, source,
                                      [&](json_import_reader& json) { return read_parsed(json, b); });
    }
  }
  return detail::descriptor_of(format).read(text, source, limits);
}

}  // namespace perfmail::io
