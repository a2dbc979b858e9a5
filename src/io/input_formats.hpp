#pragma once
// Every format perfmail reads results in, described once: its reader, how messages name it, and what a
// file of it is expected to hold. Detection (import_detect.cpp) decides which one a file is in, from
// the formats' own marks; everything said about a format, and which reader reads it, comes from here.

#include "import_support.hpp"

#include "perfmail/io/import.hpp"
#include "perfmail/io/input_format.hpp"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::io::detail {

struct input_format_descriptor {
  input_format format;
  /// What its --input-format name stands for, said after the name where messages name the format
  /// (described); empty where the name says it.
  std::string_view what_it_is;
  /// For JSON formats: the format in the list of what JSON may be (`Google Benchmark`), and with the
  /// marks detection looks for (`Google Benchmark ("context" and "benchmarks")`). For the others: the
  /// phrase of the list of what a file may be, empty for a format that a neighbour's phrase covers (TSV
  /// in `a CSV or TSV header row`).
  std::string_view listed;
  std::string_view marks;
  bool json = false;
  /// Reads a whole text in this format.
  matrix (*read)(std::string_view text, std::string_view source, const load_limits& limits) = nullptr;
  /// For JSON formats that detection may have parsed: reads the document from the parser's index.
  matrix (*read_parsed)(json_import_reader& json, import_builder& b) = nullptr;
  /// For CSV and TSV: the field separator, by which detection also knows the header row (`metric,`).
  char delimiter = 0;
};

inline constexpr std::array<input_format_descriptor, 8> input_formats{{
    {input_format::matrix, "the robot's matrix.json", "matrix.json", "a matrix.json (metrics mapped to arrays)",
     true, [](std::string_view t, std::string_view s, const load_limits& l) { return parse_matrix(t, s, l); }, nullptr},
    {input_format::gbench, "Google Benchmark JSON", "Google Benchmark",
     "Google Benchmark (\"context\" and \"benchmarks\")", true,
     [](std::string_view t, std::string_view s, const load_limits& l) { return parse_gbench_json(t, s, l); },
     read_gbench},
    {input_format::hyperfine, "hyperfine --export-json", "hyperfine", "hyperfine (\"results\" with \"times\")",
     true, [](std::string_view t, std::string_view s, const load_limits& l) { return parse_hyperfine_json(t, s, l); },
     read_hyperfine},
    {input_format::pytest, "pytest-benchmark JSON", "pytest-benchmark",
     "pytest-benchmark (\"machine_info\" and \"benchmarks\")", true,
     [](std::string_view t, std::string_view s, const load_limits& l) { return parse_pytest_json(t, s, l); },
     read_pytest},
    {input_format::go, "Go benchmark text", "Go benchmark lines (`BenchmarkName  N  123 ns/op`)", "", false,
     [](std::string_view t, std::string_view s, const load_limits& l) { return parse_go_bench(t, s, l); }, nullptr},
    {input_format::csv, "", "a CSV or TSV header row starting `metric`", "", false,
     [](std::string_view t, std::string_view s, const load_limits& l) { return parse_delimited(t, s, ',', l); },
     nullptr, ','},
    {input_format::tsv, "", "", "", false,
     [](std::string_view t, std::string_view s, const load_limits& l) { return parse_delimited(t, s, '\t', l); },
     nullptr, '\t'},
    {input_format::numbers, "plain numbers", "plain numbers", "", false,
     [](std::string_view t, std::string_view s, const load_limits& l) { return parse_numbers(t, s, l); }, nullptr},
}};

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

/// The descriptor of `format` (automatic: the matrix's, which reads what detection leaves to it).
[[nodiscard]] constexpr const input_format_descriptor& descriptor_of(input_format format) noexcept {
  for (const auto& d : input_formats)
    if (d.format == format) return d;
  return input_formats.front();
}

/// `a, b, c or d` of the non-empty items that `item` picks from the JSON formats (`json`) or the others.
template <class Item>
[[nodiscard]] std::string listed_formats(bool json, Item item, std::string_view last_separator) {
  std::vector<std::string_view> items;
  for (const auto& d : input_formats)
    if (d.json == json && !item(d).empty()) items.push_back(item(d));
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? last_separator : std::string_view(", ");
    out += items[i];
  }
  return out;
}

}  // namespace perfmail::io::detail
