#pragma once
// The formats perfmail reads results in (docs/INPUTS.md): the robot's matrix.json, and the output of
// other benchmark tools, each imported as a matrix of one sample per run or repetition.

#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstdint>

namespace perfmail::io {

enum class input_format : std::uint8_t {
  automatic,  ///< detected from the content; ambiguous content is refused, never guessed
  matrix,     ///< the robot's matrix.json (metric -> per-run samples)
  gbench,     ///< Google Benchmark --benchmark_format=json
  hyperfine,  ///< hyperfine --export-json
  go,         ///< Go's benchmark text format (`go test -bench`, what benchstat reads)
  pytest,     ///< pytest-benchmark JSON saved with --benchmark-save-data
  csv,        ///< comma-separated, long (metric,run,value) or wide (metric,v1,v2,...)
  tsv,        ///< the same, tab-separated
  numbers,    ///< plain numbers separated by white space: one metric named `value`
};

inline constexpr std::array<enum_name<input_format>, 9> input_format_names{{
    {input_format::automatic, "auto"},
    {input_format::matrix, "matrix"},
    {input_format::gbench, "gbench"},
    {input_format::hyperfine, "hyperfine"},
    {input_format::go, "go"},
    {input_format::pytest, "pytest"},
    {input_format::csv, "csv"},
    {input_format::tsv, "tsv"},
    {input_format::numbers, "numbers"},
}};
/// The name of `value` (its `input_format_names` entry): what `<<` and `fmt::format("{}", value)` print.
[[nodiscard]] constexpr std::string_view name_of(input_format value) noexcept { return name_of(input_format_names, value); }
using perfmail::operator<<;  // prints the name, as in perfmail

}  // namespace perfmail::io
