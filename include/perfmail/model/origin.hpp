#pragma once
// Where a matrix's results come from, and so whose conventions judge them (docs/INPUTS.md). The robot's
// own results (matrix.json, run directories, result roots) follow its conventions: a metric a run did not
// report counts as zero, short series are padded, its deny lists and ratio floors apply, failure counters
// are `fail:runs` rows. Results of other benchmark tools are judged as benchstat's users expect: a
// benchmark on one side only is gone or new, each benchmark keeps its own number of samples, no floor
// hides a change. Cheap to include.

#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstdint>
#include <string>

namespace perfmail {

enum class result_conventions : std::uint8_t {
  robot,           ///< the kernel test robot's results and rules
  benchmark_tool,  ///< results of another benchmark tool (Google Benchmark, go test, hyperfine, ...)
};

/// The conventions' names on the command line and in the JSON.
inline constexpr std::array<enum_name<result_conventions>, 2> result_conventions_names{{
    {result_conventions::robot, "robot"},
    {result_conventions::benchmark_tool, "tool"},
}};
/// The name of `value` (its `result_conventions_names` entry): what `<<` and `fmt::format("{}", value)` print.
[[nodiscard]] constexpr std::string_view name_of(result_conventions value) noexcept { return name_of(result_conventions_names, value); }

/// What made a matrix's results.
struct result_origin {
  result_conventions conventions = result_conventions::robot;
  /// The tool as people name it (`go test`, `Google Benchmark`, `hyperfine`, `pytest-benchmark`, `CSV`);
  /// empty for the robot's results.
  std::string tool;
  bool operator==(const result_origin&) const = default;
};

}  // namespace perfmail
