// How a statistic prints for people (declared in include/perfmail/text/statistic_text.hpp).

#include "perfmail/text/statistic_text.hpp"

#include "perfmail/stats/change.hpp"
#include "perfmail/stats/estimate.hpp"

#include <fmt/format.h>

#include <cmath>

namespace perfmail::text {

namespace {

/// 10^-digits as the literal of that value is: 1 divided by an exact power of ten, correctly rounded.
double tenth_power(int digits) {
  double power = 1;
  for (int i = 0; i < digits; ++i) power *= 10;  // exact up to 10^22
  return 1 / power;
}

}  // namespace

std::string p_value_text(double p, p_format format) {
  using form = p_format::form;
  if (format.how == form::significant) return fmt::format("{:.{}g}", p, format.digits);
  const double smallest_fixed = tenth_power(format.digits);
  if (p < smallest_fixed)
    return format.how == form::bounded ? fmt::format("<{:.{}f}", smallest_fixed, format.digits) : fmt::format("{:.1e}", p);
  return fmt::format("{:.{}f}", p, format.digits);
}

std::string p_relation_text(double p, p_format format) {
  std::string text = p_value_text(p, format);
  if (!text.starts_with('<')) text.insert(0, 1, '=');
  return text;
}

std::string change_percent_text(double percent, int decimals) { return fmt::format("{:+.{}f}%", percent, decimals); }

std::string interval_percent_text(const interval& percent, int decimals) {
  return fmt::format("[{}, {}]", change_percent_text(percent.low, decimals), change_percent_text(percent.high, decimals));
}

double reach_from(double centre, const interval& ci) {
  const double below = centre - ci.low;
  const double above = ci.high - centre;
  return below < above ? above : below;
}

std::optional<std::string> reach_percent_text(double centre, const interval& ci, int decimals) {
  const double reach = reach_from(centre, ci);
  if (reach == 0) return "0%";
  if (centre == 0) return std::nullopt;
  // 100 * reach / |centre| in the ordinary range, the digits it always printed; from the quotient first
  // where the product overflows (a reach past about 1.8e306), and from halves where the reach itself is
  // beyond a double (an interval from -1e308 to 1e308).
  const double magnitude = std::abs(centre);
  double percent = percent_of(reach, magnitude);
  if (std::isinf(reach)) percent = 2 * percent_of(reach_from(centre / 2, interval{ci.low / 2, ci.high / 2}), magnitude);
  // A percentage beyond a double (a reach of 1e10 around 1e-300): none, as over a zero centre.
  if (!std::isfinite(percent)) return std::nullopt;
  return fmt::format("{:.{}f}%", percent, decimals);
}

std::string confidence_text(double confidence) { return fmt::format("{:.10g}%", 100 * confidence); }

}  // namespace perfmail::text
