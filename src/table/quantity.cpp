// Values with scaled units (include/perfmail/table/quantity.hpp).

#include "perfmail/table/quantity.hpp"

#include "perfmail/error.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <string_view>

namespace perfmail {

namespace {

struct prefix {
  double factor;
  std::string_view text;
};

// Decimal prefixes, largest first: a throughput of 1.55e9 bytes a second reads 1.55GB/s, as the tools
// that measured it print it.
constexpr std::array<prefix, 9> decimal{{{1e12, "T"},
                                         {1e9, "G"},
                                         {1e6, "M"},
                                         {1e3, "k"},
                                         {1, ""},
                                         {1e-3, "m"},
                                         {1e-6, "\u00b5"},
                                         {1e-9, "n"},
                                         {1e-12, "p"}}};

/// `x` with four significant digits at most, no exponent where it is between 1e-4 and 1e4.
std::string digits(double x) { return fmt::format("{:.4g}", x); }

/// `x` scaled by the largest prefix at most its magnitude (no prefix below `smallest`), then `unit`.
std::string scaled(double x, std::string_view unit, double smallest, std::string_view separator = "") {
  const double magnitude = std::fabs(x);
  if (magnitude == 0) return fmt::format("0{}{}", separator, unit);
  // Past a thousand of the largest prefix the digits take an exponent: one without a prefix reads as
  // the number it is (1.001e+306, not 1.001e+294T).
  if (magnitude >= decimal.front().factor * 1e3 * (1 - 5e-5)) return fmt::format("{}{}{}", digits(x), separator, unit);
  for (const prefix& p : decimal) {
    if (p.factor < smallest) break;
    // Rounded to four digits, 999.96 becomes 1000: such a value takes the next prefix up.
    if (magnitude >= p.factor * (1 - 5e-5) || p.factor == smallest)
      return fmt::format("{}{}{}{}", digits(x / p.factor), separator, p.text, unit);
  }
  return fmt::format("{}{}{}", digits(x), separator, unit);
}

}  // namespace

std::string format_quantity(double value, metric_unit unit) {
  if (!std::isfinite(value)) throw value_error("a value beyond the range of a double");
  const double base = value * unit.scale();
  switch (unit.what) {
    case quantity::seconds: return scaled(base, "s", 1e-9);
    case quantity::bytes: return scaled(base, "B", 1);
    case quantity::allocations: return scaled(base, "allocs", 1, " ");
    case quantity::bytes_per_second: return scaled(base, "B/s", 1);
    case quantity::per_second: return scaled(base, "/s", 1e-3);
    case quantity::none: break;
  }
  // A plain number keeps its digits (0.831, not 831m; 1041, not 1.041k): only from ten thousand on are its
  // thousands named.
  if (std::fabs(value) < 1e4) return digits(value);
  return scaled(value, "", 1);
}

}  // namespace perfmail
