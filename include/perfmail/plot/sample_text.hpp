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

/// Every sample of a text stream; `name` identifies it in errors. Throws input_error at the first line
/// that is neither blank nor a number.
[[nodiscard]] inline samples read_samples(std::istream& in, const std::string& name) {
  samples out;
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto v = parse_sample(line);
    if (!v) {
      std::string shown = line.size() > 40 ? line.substr(0, 40) + "..." : line;
      if (!shown.empty() && shown.back() == '\r') shown.pop_back();
      throw input_error(name, input_place::at(number), "not a number: \"" + shown + "\"");
    }
    out.push_back(*v);
  }
  if (in.bad()) throw input_error(name, "read error");
  return out;
}

}  // namespace perfmail::plot
