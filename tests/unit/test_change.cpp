#include <doctest/doctest.h>

#include "perfmail/stats/change.hpp"

#include <cmath>

using namespace perfmail;

TEST_CASE("relative change") {
  CHECK(relative_change(66.58, 82.64).value() == 24.121357765094626);
  CHECK(relative_change(-10, -5).value() == -50);
  CHECK_FALSE(relative_change(0, 5).has_value());
  CHECK(relative_change(5, 0).value() == -100);
}

TEST_CASE("absolute change") {
  CHECK(absolute_change(37.80, 41.83) == doctest::Approx(4.03));
  CHECK(absolute_change(1659, 187515) == 185856);
}

TEST_CASE("reproduction divides each column by its own run count") {
  CHECK(reproduction_percent(1, 9) == doctest::Approx(11.111111));
  CHECK(reproduction_percent(0, 0) == 0);
  CHECK(reproduction_change(0, 10, 1, 9) == doctest::Approx(11.111111));
  CHECK(reproduction_change(5, 10, 0, 4) == -50);
}

TEST_CASE("change: finite wherever the true change is a double") {
  // head - base overflows, the change does not: -200%.
  CHECK(percent_change(1.25e308, -1.25e308) == doctest::Approx(-200));
  CHECK(relative_change(1.25e308, -1.25e308).value() == doctest::Approx(-200));
  CHECK(percent_of(1.5e308, 1e2) == doctest::Approx(1.5e308));  // 100 * part overflows first
  // Not a double at all: infinite, for the printers to refuse.
  CHECK(std::isinf(percent_change(1e-10, 1e308)));
  // The ordinary range: the robot's order of operations.
  CHECK(percent_change(66.58, 82.64) == 100 * (82.64 - 66.58) / 66.58);
}
