// Reads lines "PATTERN VALUE" (VALUE as printed by %.17g) and prints, per line, perfmail's Ruby-exact
// formatting and fmt's exactly rounded one, tab-separated, each in brackets. Used by format_vs_ruby.rb.

#include "perfmail/text/ruby_format.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <iostream>
#include <string>

int main() {
  std::string pattern;
  std::string value;
  while (std::cin >> pattern >> value) {
    const double x = std::strtod(value.c_str(), nullptr);
    const auto spec = perfmail::text::parse_printf_spec(pattern);
    std::string exact;
    if (spec.conversion == 'd') {
      exact = perfmail::text::ruby_format(spec, x);
    } else {
      // The same conversion with exact rounding, as C's printf prints it.
      exact = fmt::format(fmt::runtime(perfmail::text::detail::fmt_field(spec, spec.conversion,
                                                                          spec.precision < 0 ? 6 : spec.precision)),
                          x);
    }
    std::cout << '[' << perfmail::text::ruby_format(spec, x) << "]\t[" << exact << "]\n";
  }
}
