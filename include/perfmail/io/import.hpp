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
