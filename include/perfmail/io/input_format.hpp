#pragma once
// The formats perfmail reads results in (docs/INPUTS.md): the robot's matrix.json, and the output of
// other benchmark tools, each imported as a matrix of one sample per run or repetition. The formats are
// listed once, in input_formats.def.

#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstdint>

namespace perfmail::io {

/// The formats of input_formats.def, in its order.
enum class input_format : std::uint8_t {
#define PERFMAIL_INPUT_FORMAT(enumerator, name, tool_results) enumerator,
#include "perfmail/io/input_formats.def"
};

inline constexpr std::array input_format_names = std::to_array<enum_name<input_format>>({
#define PERFMAIL_INPUT_FORMAT(enumerator, name, tool_results) {input_format::enumerator, name},
#include "perfmail/io/input_formats.def"
});
/// The name of `value` (its `input_format_names` entry): what `<<` and `fmt::format("{}", value)` print.
[[nodiscard]] constexpr std::string_view name_of(input_format value) noexcept { return name_of(input_format_names, value); }
using perfmail::operator<<;  // prints the name, as in perfmail

/// Whether a file of `format` is what a benchmark tool writes (the robot's matrix.json, Google Benchmark's
/// JSON, Go's benchmark text, ...), rather than samples in a layout of the user's (CSV, TSV, plain
/// numbers); false for `automatic`.
[[nodiscard]] constexpr bool is_tool_results(input_format format) noexcept {
  switch (format) {
#define PERFMAIL_INPUT_FORMAT(enumerator, name, tool_results) \
  case input_format::enumerator: return tool_results;
#include "perfmail/io/input_formats.def"
  }
  return false;
}

}  // namespace perfmail::io
