#pragma once
// Results of other benchmark tools, imported as matrices (docs/INPUTS.md): Google Benchmark JSON,
// hyperfine JSON, Go's benchmark text, pytest-benchmark JSON, CSV and TSV, plain numbers. Each sample is
// one run or repetition; each unit that says which way is better sets the metric's direction hint
// (matrix::direction_hint).
//
// Declarations only: the parsers live in src/io/. Every problem is an input_error naming `source` and
// the place (`line:column`, or the JSON field); nothing is returned half-read. Numbers follow JSON's
// grammar (text/number_grammar.hpp) in every format.

#include "perfmail/io/input_format.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/model/matrix.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace perfmail::io {

/// The format of `text`, from its content. Throws input_error (naming `source`) when no format fits, and
/// when more than one does, naming the candidates: detection never guesses.
[[nodiscard]] input_format detect_input_format(std::string_view text, std::string_view source);

/// `text` read in `format` (automatic: detect_input_format first).
[[nodiscard]] matrix parse_input(std::string_view text, std::string_view source, input_format format,
                                 const load_limits& limits = {});

[[nodiscard]] matrix parse_gbench_json(std::string_view text, std::string_view source, const load_limits& limits = {});
[[nodiscard]] matrix parse_hyperfine_json(std::string_view text, std::string_view source,
                                          const load_limits& limits = {});
/// The tool's name in the results hyperfine's reader makes (matrix::origin).
inline constexpr std::string_view hyperfine_tool = "hyperfine";
/// What hyperfine's reader measures of a command or pytest-benchmark's of a test: its wall-clock times, in
/// seconds, as the metric `<name>.time`; hyperfine_commands() names each command's results `time` alone.
inline constexpr std::string_view hyperfine_command_metric = "time";
/// The command (or test) a metric `<name>.time` of hyperfine's (or pytest-benchmark's) reader measures.
[[nodiscard]] constexpr std::string_view timed_name_of(std::string_view metric) noexcept {
  const std::size_t suffix = hyperfine_command_metric.size() + 1;
  return metric.size() > suffix && metric.ends_with(hyperfine_command_metric) && metric[metric.size() - suffix] == '.'
             ? metric.substr(0, metric.size() - suffix)
             : metric;
}

/// The commands of one hyperfine file (parse_hyperfine_json: a metric per command) as result sets of
/// their own, to compare as hyperfine's summary does: the command at `reference` in the file's order
/// first, then the others in that order. Each holds its command's samples as hyperfine_command_metric,
/// with its unit; the file's notes go with the first. usage_error for results that are not hyperfine's
/// or a `reference` past the last command.
[[nodiscard]] std::vector<matrix> hyperfine_commands(const matrix& results, std::size_t reference = 0);

[[nodiscard]] matrix parse_pytest_json(std::string_view text, std::string_view source, const load_limits& limits = {});
[[nodiscard]] matrix parse_go_bench(std::string_view text, std::string_view source, const load_limits& limits = {});
/// CSV (`separator` ',') or TSV ('\t'), RFC 4180 quoting; long or wide by the header row.
[[nodiscard]] matrix parse_delimited(std::string_view text, std::string_view source, char separator,
                                     const load_limits& limits = {});
[[nodiscard]] matrix parse_numbers(std::string_view text, std::string_view source, const load_limits& limits = {});

/// The direction a unit implies: `ns/op`, `s`, `B/op`, `allocs/op` lower; `MB/s`, `ops/s`,
/// `bytes_per_second` higher; nullopt for a unit that does not say.
[[nodiscard]] std::optional<better> direction_of_unit(std::string_view unit) noexcept;

}  // namespace perfmail::io
