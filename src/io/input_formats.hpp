#pragma once
// Every format perfmail reads results in, described once: its reader, how messages name it, and what a
// file of it is expected to hold. Detection (import_detect.cpp) decides which one a file is in, from
// the formats' own marks; everything said about a format, and which reader reads it, comes from here.

#include "import_support.hpp"

#include "perfmail/io/import.hpp"
#include "perfmail/io/input_format.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail::io::detail {

/// One of the marks detection knows a JSON format's document by: a key of its top-level object and, where
/// `first_item_member` is given, that key's value an array whose first item is an object with this member.
struct json_mark {
  std::string_view key{};
  std::string_view first_item_member{};
  friend constexpr bool operator==(const json_mark&, const json_mark&) = default;
};

struct input_format_descriptor {
  input_format format;
  /// What its --input-format name stands for, said after the name where messages name the format
  /// (described); empty where the name says it.
  std::string_view what_it_is{};
  /// For JSON formats: the format in the list of what JSON may be (`Google Benchmark`). For the others:
  /// the phrase of the list of what a file may be, empty for a format that a neighbour's phrase covers
  /// (TSV in `a CSV or TSV header row`).
  std::string_view listed{};
  /// For the JSON formats but the matrix: the marks a document of it has, every one (those unused have no
  /// key). marks_text says them.
  std::array<json_mark, 2> json_marks{};
  /// For the robot's matrix, whose keys are its metrics' names: detection knows it by its shape instead,
  /// every top-level value an array of samples (numbers, null, or text it keeps and ignores) but a string
  /// `stats_source`; this says that shape as marks_text lists it. Empty for every other format.
  std::string_view shape{};
  /// Reads a whole text in this format.
  matrix (*read)(std::string_view text, std::string_view source, const load_limits& limits) = nullptr;
  /// For JSON formats that detection may have parsed: reads the document from the parser's index.
  matrix (*read_parsed)(json_import_reader& json, import_builder& b) = nullptr;
  /// For the text formats: whether a text (its byte-order mark passed over) bears this format's mark.
  bool (*recognizes)(std::string_view text) = nullptr;

  [[nodiscard]] constexpr bool marked() const noexcept {
    return std::ranges::any_of(json_marks, [](const json_mark& m) { return !m.key.empty(); });
  }
  [[nodiscard]] constexpr bool json() const noexcept { return !shape.empty() || marked(); }
};

// In the order messages name the formats that content could be in (`it could be gbench (...) or pytest
// (...)`), as they always have; the messages that list every format keep input_formats.def's order.
inline constexpr std::array<input_format_descriptor, 8> input_formats{{
    {.format = input_format::gbench,
     .what_it_is = "Google Benchmark JSON",
     .listed = "Google Benchmark",
     .json_marks = {{{"context"}, {"benchmarks"}}},
     .read = &parse_gbench_json,
     .read_parsed = read_gbench},
    {.format = input_format::pytest,
     .what_it_is = "pytest-benchmark JSON",
     .listed = "pytest-benchmark",
     .json_marks = {{{"machine_info"}, {"benchmarks"}}},
     .read = &parse_pytest_json,
     .read_parsed = read_pytest},
    {.format = input_format::hyperfine,
     .what_it_is = "hyperfine --export-json",
     .listed = "hyperfine",
     .json_marks = {{{"results", "times"}}},
     .read = &parse_hyperfine_json,
     .read_parsed = read_hyperfine},
    {.format = input_format::matrix,
     .what_it_is = "the robot's matrix.json",
     .listed = "matrix.json",
     .shape = "a matrix.json (metrics mapped to arrays)",
     .read = &parse_matrix},
    {.format = input_format::csv,
     .listed = "a CSV or TSV header row starting `metric`",
     .read = [](std::string_view t, std::string_view s, const load_limits& l) { return parse_delimited(t, s, ',', l); },
     .recognizes = [](std::string_view t) { return starts_with_header_row(t, ','); }},
    {.format = input_format::tsv,
     .read = [](std::string_view t, std::string_view s, const load_limits& l) { return parse_delimited(t, s, '\t', l); },
     .recognizes = [](std::string_view t) { return starts_with_header_row(t, '\t'); }},
    {.format = input_format::go,
     .what_it_is = "Go benchmark text",
     .listed = "Go benchmark lines (`BenchmarkName  N  123 ns/op`)",
     .read = &parse_go_bench,
     .recognizes = has_go_result_line},
    {.format = input_format::numbers,
     .what_it_is = "plain numbers",
     .listed = "plain numbers",
     .read = &parse_numbers,
     .recognizes = all_numbers},
}};

// Detection knows each format by its marks: a JSON format by its keys or its shape, a text format by its
// recognizer; none by both or by neither (tests/unit/test_import_detect.cpp: a function's address is no
// constant expression where the sanitizers are on, so this is a test, not a static_assert).

// Every format of input_formats.def has one descriptor, but `automatic`, which detection resolves to one.
static_assert([] {
  for (const auto& entry : input_format_names) {
    std::size_t descriptors = 0;
    for (const auto& d : input_formats) descriptors += d.format == entry.value ? 1U : 0U;
    if (descriptors != (entry.value == input_format::automatic ? 0U : 1U)) return false;
  }
  return true;
}());

/// How messages name a format: its --input-format name and what that stands for (`matrix (the robot's
/// matrix.json)`, `csv`).
[[nodiscard]] inline std::string described(const input_format_descriptor& d) {
  std::string out{name_of(d.format)};
  if (!d.what_it_is.empty()) out.append(" (").append(d.what_it_is).append(")");
  return out;
}

/// What the message of a JSON object of no format says detection looks for in format `d`: its marks
/// (`Google Benchmark ("context" and "benchmarks")`, `hyperfine ("results" with "times")`), or the
/// matrix's shape; empty for the text formats.
[[nodiscard]] inline std::string marks_text(const input_format_descriptor& d) {
  if (!d.marked()) return std::string{d.shape};
  std::string out{d.listed};
  std::string_view separator = " (";
  for (const json_mark& mark : d.json_marks) {
    if (mark.key.empty()) continue;
    out.append(separator).append("\"").append(mark.key).append("\"");
    if (!mark.first_item_member.empty()) out.append(" with \"").append(mark.first_item_member).append("\"");
    separator = " and ";
  }
  return out + ")";
}

/// The keys of the JSON formats' marks, each once: a document that holds none is the robot matrix's, if
/// any format's (format_detection.hpp).
inline constexpr auto json_mark_keys = [] {
  constexpr auto distinct = [] {
    std::array<std::string_view, input_formats.size() * 2> keys{};
    std::size_t count = 0;
    for (const auto& d : input_formats)
      for (const json_mark& mark : d.json_marks)
        if (!mark.key.empty() && std::find(keys.begin(), keys.begin() + count, mark.key) == keys.begin() + count)
          keys[count++] = mark.key;
    return std::pair{keys, count};
  }();
  std::array<std::string_view, distinct.second> keys{};
  std::copy_n(distinct.first.begin(), keys.size(), keys.begin());
  return keys;
}();

/// The descriptor of `format` (automatic: the matrix's, which reads what detection leaves to it).
[[nodiscard]] constexpr const input_format_descriptor& descriptor_of(input_format format) noexcept {
  if (format == input_format::automatic) format = input_format::matrix;
  for (const auto& d : input_formats)
    if (d.format == format) return d;
  return input_formats.front();  // not reached: every format but automatic has a descriptor
}

/// `a, b, c or d` of the non-empty items that `item` picks from the JSON formats (`json`) or the others,
/// in input_formats.def's order.
template <class Item>
[[nodiscard]] std::string listed_formats(bool json, Item item, std::string_view last_separator) {
  std::vector<std::string> items;
  for (const auto& entry : input_format_names) {
    if (entry.value == input_format::automatic) continue;
    const input_format_descriptor& d = descriptor_of(entry.value);
    if (std::string said{item(d)}; d.json() == json && !said.empty()) items.push_back(std::move(said));
  }
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? last_separator : std::string_view(", ");
    out += items[i];
  }
  return out;
}

}  // namespace perfmail::io::detail
