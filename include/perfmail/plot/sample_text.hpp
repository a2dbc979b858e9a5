#pragma once
// Reading plot samples from text. The grammar, and nothing else:
//
//   - values are separated by white space (spaces, tabs, line breaks) or by a comma, which must have a
//     value on each side (`1, 2, 3` and `1 2 3` are the same samples; `1,,2` and a trailing comma are
//     errors);
//   - `#` starts a comment that runs to the end of its line;
//   - a value is a decimal number in JSON's grammar (text/number_grammar.hpp: `-12`, `3.5`, `1e-3`; not
//     `+1`, `.5`, `0x10`, `0123`), or one of the words gnuplot and the robot write for a sample with no
//     value, `NaN`, `nan`, `Infinity`, `-Infinity`, `inf`, `-inf`: an undefined sample, drawn as a gap. A
//     number beyond the range of a double is undefined too, as gnuplot reads it.
//
// Anything else is an error naming the file, the line and column, and the token.

#include "perfmail/error.hpp"
#include "perfmail/plot/options.hpp"
#include "perfmail/text/number_grammar.hpp"
#include "perfmail/text/printable.hpp"

#include <array>
#include <cstddef>
#include <cstdlib>
#include <iosfwd>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace perfmail::plot {

/// The sample one token spells, or nullopt when it is not in the grammar above.
[[nodiscard]] inline std::optional<double> parse_sample(std::string_view token) {
  // The words keep their values (gnuplot 4.6 draws an infinity differently from a gap; see options.hpp).
  constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<std::pair<std::string_view, double>, 6> undefined{{{"NaN", 0}, {"nan", 0},
                                                                                {"Infinity", inf}, {"-Infinity", -inf},
                                                                                {"inf", inf}, {"-inf", -inf}}};
  for (const auto& [word, value] : undefined)
    if (token == word) return value == 0 ? std::numeric_limits<double>::quiet_NaN() : value;
  if (!text::is_json_number(token)) return std::nullopt;
  // Overflow gives an infinity (an undefined sample), underflow a value at or near zero, as gnuplot reads them.
  return std::strtod(std::string{token}.c_str(), nullptr);
}

/// How much text and how many samples are accepted before the input is refused, so that a runaway input
/// is an error rather than exhausted memory.
struct sample_limits {
  std::size_t max_bytes = std::size_t{1} << 30;  ///< bytes of text
  std::size_t max_samples = 100'000;             ///< samples of one set
};

/// Every sample of `text`; `name` identifies it in errors.
[[nodiscard]] inline samples parse_samples(std::string_view text, const std::string& name,
                                           const sample_limits& limits = {}) {
  samples out;
  std::size_t line = 1, line_start = 0;
  bool comma_pending = false;       // a comma was read and no value has followed it yet
  std::size_t comma_line = 0, comma_column = 0;
  bool value_since_separator = false;  // for a comma with no value before it
  const auto fail = [&](std::size_t at_line, std::size_t column, const std::string& problem) {
    throw input_error(name, input_place::at(at_line, column), problem);
  };
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      line_start = ++i;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
      continue;
    }
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    const std::size_t column = i - line_start + 1;
    if (c == ',') {
      if (!value_since_separator || comma_pending) fail(line, column, "a comma with no value before it");
      comma_pending = true;
      comma_line = line;
      comma_column = column;
      value_since_separator = false;
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && text[end] != ' ' && text[end] != '\t' && text[end] != '\r' && text[end] != '\n' &&
           text[end] != ',' && text[end] != '#')
      ++end;
    const std::string_view token = text.substr(i, end - i);
    const auto value = parse_sample(token);
    if (!value) fail(line, column, "not a number: " + text::quoted(token));
    if (out.size() == limits.max_samples)
      fail(line, column, "more than " + std::to_string(limits.max_samples) + " samples (the limit of runs)");
    out.push_back(*value);
    comma_pending = false;
    value_since_separator = true;
    i = end;
  }
  if (comma_pending) fail(comma_line, comma_column, "a comma with no value after it");
  return out;
}

/// Every sample of a text stream, read whole with the byte limit checked as it is read; see parse_samples.
/// Compiled in src/plot/sample_text.cpp, so that this header needs <iosfwd> only.
[[nodiscard]] samples read_samples(std::istream& in, const std::string& name, const sample_limits& limits = {});

}  // namespace perfmail::plot
