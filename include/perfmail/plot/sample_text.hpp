#pragma once
// Reading plot samples from text: one number per line, blank lines ignored. Anything strtod reads in
// full is a number, including `nan`, `NaN`, `inf` and `Infinity` (undefined samples, as gnuplot reads
// them) and out-of-range values such as `1e400` (infinite, hence undefined too); anything else is an
// error that names the file and the line.

#include "perfmail/error.hpp"
#include "perfmail/plot/options.hpp"

#include <cstddef>
#include <cstdlib>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

namespace perfmail::plot {

/// The number a whole token spells (surrounding blanks, tabs and a carriage return are ignored), or
/// nullopt for an empty token or one with anything strtod does not read.
[[nodiscard]] inline std::optional<double> parse_sample(std::string_view token) {
  const auto first = token.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return std::nullopt;
  const auto last = token.find_last_not_of(" \t\r");
  const std::string text{token.substr(first, last - first + 1)};
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size()) return std::nullopt;
  return v;  // ERANGE: overflow gives an infinity, underflow a value at or near zero, as gnuplot reads them
}

/// How much text read_samples accepts before refusing it, so that a runaway input is an error rather
/// than exhausted memory.
struct sample_limits {
  std::size_t max_bytes = std::size_t{1} << 30;  ///< bytes of text, counted as they are read
  std::size_t max_samples = 100'000;             ///< samples of one set
};

/// Every sample of a text stream; `name` identifies it in errors. Throws input_error at the first line
/// that is neither blank nor a number, and for text or samples beyond the limits (checked while reading,
/// so a runaway input is refused before it fills memory).
[[nodiscard]] inline samples read_samples(std::istream& in, const std::string& name, const sample_limits& limits = {}) {
  std::string text;
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    if (text.size() + static_cast<std::size_t>(in.gcount()) > limits.max_bytes)
      throw input_error(name, "more than " + std::to_string(limits.max_bytes) + " bytes (the limit of input size)");
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) throw input_error(name, "read error");

  samples out;
  std::size_t number = 0;
  for (std::size_t start = 0; start < text.size();) {
    auto end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line{text.data() + start, end - start};
    start = end + 1;
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    const auto v = parse_sample(line);
    if (!v) {
      std::string shown{line.size() > 40 ? line.substr(0, 40) : line};
      if (line.size() > 40) shown += "...";
      if (!shown.empty() && shown.back() == '\r') shown.pop_back();
      throw input_error(name, input_place::at(number), "not a number: \"" + shown + "\"");
    }
    if (out.size() == limits.max_samples)
      throw input_error(name, input_place::at(number),
                        "more than " + std::to_string(limits.max_samples) + " samples (the limit of runs)");
    out.push_back(*v);
  }
  return out;
}

}  // namespace perfmail::plot
