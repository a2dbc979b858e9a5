#include <doctest/doctest.h>

#include "perfmail/stats/estimate.hpp"
#include "perfmail/text/statistic_text.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <limits>
#include <string>

using namespace perfmail;
using namespace perfmail::text;
using form = p_format::form;

TEST_CASE("p_value_text: decimals down to 10^-digits, then two significant digits in scientific notation") {
  CHECK(p_value_text(0.042) == "0.042");  // the default: three decimals
  CHECK(p_value_text(0.001) == "0.001");
  CHECK(p_value_text(0.000999) == "1.0e-03");
  CHECK(p_value_text(6.02e-20) == "6.0e-20");
  CHECK(p_value_text(1) == "1.000");
  CHECK(p_value_text(0.0421, {form::decimals, 2}) == "0.04");
  CHECK(p_value_text(0.01, {form::decimals, 2}) == "0.01");
  CHECK(p_value_text(0.0099, {form::decimals, 2}) == "9.9e-03");
  CHECK(p_value_text(0, {form::decimals, 2}) == "0.0e+00");
}

TEST_CASE("p_value_text: the bound below 10^-digits, and the relation that follows a p or a q") {
  CHECK(p_value_text(0.0004, {form::bounded, 3}) == "<0.001");
  CHECK(p_value_text(0.002, {form::bounded, 3}) == "0.002");
  CHECK(p_relation_text(0.0004, {form::bounded, 3}) == "<0.001");
  CHECK(p_relation_text(0.002, {form::bounded, 3}) == "=0.002");
  CHECK(p_relation_text(0.001, {form::bounded, 3}) == "=0.001");
  CHECK(p_relation_text(2e-5) == "=2.0e-05");
}

TEST_CASE("p_value_text: significant digits as printf's %g") {
  CHECK(p_value_text(0.0023456, {form::significant, 2}) == "0.0023");
  CHECK(p_value_text(1.234e-5, {form::significant, 2}) == "1.2e-05");
  CHECK(p_value_text(0.5, {form::significant, 3}) == "0.5");
  CHECK(p_value_text(0.12345, {form::significant, 3}) == "0.123");
}

TEST_CASE("p_value_text prints what each layout's own format printed, for every value") {
  // The tables' and messages' own formats before they shared this one: the history's, the bisection's,
  // benchstat's and the details'.
  const auto history = [](double p) { return p >= 0.01 ? fmt::format("{:.2f}", p) : fmt::format("{:.1e}", p); };
  const auto bisect = [](double p) { return p >= 0.001 ? fmt::format("{:.3f}", p) : fmt::format("{:.1e}", p); };
  const auto benchstat = [](double p) { return p < 0.001 ? std::string{"<0.001"} : fmt::format("={:.3f}", p); };
  const auto details = [](double p) { return fmt::format("{:.2g}", p); };
  const std::array<double, 14> ps{0,      1e-300, 4.9e-4, 0.000999999, 0.001,  0.0010001, 0.00999,
                                  0.0099999, 0.01, 0.0100001, 0.04999, 0.5, 0.9995, 1};
  for (const double p : ps) {
    CAPTURE(p);
    CHECK(p_value_text(p, {form::decimals, 2}) == history(p));
    CHECK(p_value_text(p, {form::decimals, 3}) == bisect(p));
    CHECK(p_relation_text(p, {form::bounded, 3}) == benchstat(p));
    CHECK(p_value_text(p, {form::significant, 2}) == details(p));
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(p_value_text(nan, {form::decimals, 2}) == history(nan));
  CHECK(p_relation_text(nan, {form::bounded, 3}) == benchstat(nan));
}

TEST_CASE("change_percent_text and interval_percent_text: signed, with the decimals asked for") {
  CHECK(change_percent_text(6.0449, 2) == "+6.04%");
  CHECK(change_percent_text(-0.5, 1) == "-0.5%");
  CHECK(change_percent_text(0, 1) == "+0.0%");
  CHECK(interval_percent_text(interval{5.62, 6.48}, 2) == "[+5.62%, +6.48%]");
  CHECK(interval_percent_text(interval{-3.14, 1.06}, 1) == "[-3.1%, +1.1%]");
}

TEST_CASE("reach_from: the larger distance from the centre to an end of its interval") {
  CHECK(reach_from(10, interval{9, 12}) == 2);
  CHECK(reach_from(10, interval{7, 11}) == 3);
  CHECK(reach_from(10, interval{10, 10}) == 0);
  CHECK(reach_from(-10, interval{-12, -9}) == 2);
}

TEST_CASE("reach_percent_text: in percent of the centre's magnitude, 0% for a point, none over a zero centre") {
  CHECK(reach_percent_text(200, interval{197, 201}, 1) == "1.5%");
  CHECK(reach_percent_text(200, interval{197, 201}, 0) == "2%");
  CHECK(reach_percent_text(-200, interval{-203, -199}, 1) == "1.5%");
  CHECK(reach_percent_text(5, interval{5, 5}, 0) == "0%");
  CHECK(reach_percent_text(0, interval{0, 0}, 1) == "0%");
  CHECK_FALSE(reach_percent_text(0, interval{-1, 2}, 1).has_value());
}

TEST_CASE("reach_percent_text: finite over the whole range of doubles") {
  // 2% of a centre near the largest double: 100 * the reach alone is beyond a double.
  CHECK(reach_percent_text(1.7e308, interval{1.666e308, 1.734e308}, 0) == "2%");
  CHECK(reach_percent_text(-1.7e308, interval{-1.734e308, -1.666e308}, 1) == "2.0%");
  const double largest = std::numeric_limits<double>::max();
  CHECK(reach_percent_text(largest / 2, interval{0, largest}, 0) == "100%");
  // A reach that is itself beyond a double (from -1e308 to 1e308): from halves.
  CHECK(reach_percent_text(1e308, interval{-1e308, 1e308}, 0) == "200%");
  CHECK(reach_percent_text(-1e308, interval{-1e308, 1.5e308}, 0) == "250%");
  // A percentage beyond a double: none, and the caller prints the reach in the value's unit, as over a
  // zero centre.
  CHECK_FALSE(reach_percent_text(1e-300, interval{-1e10, 1e10}, 0).has_value());
  CHECK_FALSE(reach_percent_text(5e-324, interval{0, 1}, 1).has_value());
  // The ordinary range prints the digits of 100 * reach / |centre|, as it always has.
  CHECK(reach_percent_text(3, interval{2.9, 3.1}, 17) == fmt::format("{:.17f}%", 100 * reach_from(3, interval{2.9, 3.1}) / 3));
}

TEST_CASE("confidence_text: the confidence in percent, never rounded up to 100%") {
  CHECK(confidence_text(0.95) == "95%");
  CHECK(confidence_text(0.9) == "90%");
  CHECK(confidence_text(0.999) == "99.9%");
  CHECK(confidence_text(0.9999999) == "99.99999%");
}
