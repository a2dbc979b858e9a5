#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/stats/significance.hpp"

#include <cmath>
#include <limits>
#include <numeric>
#include <string_view>
#include <vector>

using namespace perfmail;

// Reference values: tests/reference/significance_reference.py computes them with SciPy 1.10.1
// (Debian's python3-scipy) and prints tests/reference/significance_reference.inc, included below:
//   scipy.stats.mannwhitneyu(a, b, alternative='two-sided', method=M), use_continuity=True, with M the
//   method mann_whitney_u picks ('exact' without ties and n1 * n2 <= 2500, 'permutation' with ties and
//   n1 * n2 <= 625, counted over every draw and checked against scipy.stats.permutation_test, else
//   'asymptotic');
//   scipy.stats.ttest_ind(a, b, equal_var=False).
// Regenerate: /usr/bin/python3 tests/reference/significance_reference.py
//               > tests/reference/significance_reference.inc
// Tolerances are relative: 1e-9 for exact p-values and the t statistic, 1e-6 for p-values from the
// normal approximation and from Student's t.

namespace {

struct mann_whitney_case {
  const char* name;
  const char* method;  // "exact" or "asymptotic"
  std::vector<double> a, b;
  double statistic, p_value;
};

struct welch_case {
  const char* name;
  std::vector<double> a, b;
  double statistic, p_value;
};

#include "reference/significance_reference.inc"

constexpr double exact_tolerance = 1e-9;
constexpr double approximation_tolerance = 1e-6;

double relative_error(double actual, double expected) {
  if (actual == expected) return 0;  // also equal infinities
  return std::abs(actual - expected) / std::abs(expected);
}

double binomial(unsigned n, unsigned k) {
  double c = 1;
  for (unsigned i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

}  // namespace

TEST_CASE("mann_whitney_u: matches SciPy on the reference cases") {
  REQUIRE(mann_whitney_cases.size() == 19);
  for (const auto& c : mann_whitney_cases) {
    CAPTURE(c.name);
    CAPTURE(c.method);
    const auto r = mann_whitney_u(c.a, c.b);
    CHECK(r.statistic == c.statistic);  // U is a multiple of 1/2: exact in double
    const std::string_view method{c.method};
    const double tolerance = method == "exact" || method == "permutation" ? exact_tolerance : approximation_tolerance;
    CAPTURE(r.p_value);
    CAPTURE(c.p_value);
    CHECK(relative_error(r.p_value, c.p_value) <= tolerance);
  }
}

TEST_CASE("mann_whitney_u: the exact null distribution") {
  SUBCASE("3 vs 3 by counting the 20 arrangements") {
    const auto pmf = detail::mann_whitney_u_null_pmf(3, 3);
    const std::vector<double> counts{1, 1, 2, 3, 3, 3, 3, 2, 1, 1};
    REQUIRE(pmf.size() == counts.size());
    for (std::size_t u = 0; u < pmf.size(); ++u) CHECK(relative_error(pmf[u], counts[u] / 20) <= 1e-15);
  }
  SUBCASE("sizes in either order give the same distribution") {
    CHECK(detail::mann_whitney_u_null_pmf(4, 9) == detail::mann_whitney_u_null_pmf(9, 4));
  }
  SUBCASE("sums to one and is symmetric") {
    const auto pmf = detail::mann_whitney_u_null_pmf(7, 12);
    REQUIRE(pmf.size() == 7 * 12 + 1);
    CHECK(std::accumulate(pmf.begin(), pmf.end(), 0.0) == doctest::Approx(1.0).epsilon(1e-14));
    for (std::size_t u = 0; u < pmf.size(); ++u) CHECK(relative_error(pmf[u], pmf[pmf.size() - 1 - u]) <= 1e-13);
  }
  SUBCASE("both extremes of 50 vs 50 keep their relative precision") {
    const auto pmf = detail::mann_whitney_u_null_pmf(50, 50);
    CHECK(relative_error(pmf.front(), 1 / binomial(100, 50)) <= 1e-13);
    CHECK(relative_error(pmf.back(), 1 / binomial(100, 50)) <= 1e-13);
    CHECK(relative_error(pmf[1], 1 / binomial(100, 50)) <= 1e-13);  // only the two smallest swap
    CHECK(relative_error(pmf[2], 2 / binomial(100, 50)) <= 1e-13);
  }
  SUBCASE("one value against many") {
    const auto pmf = detail::mann_whitney_u_null_pmf(1, 2500);  // n1 * n2 at the exact limit
    REQUIRE(pmf.size() == 2501);
    for (double p : pmf) CHECK(relative_error(p, 1.0 / 2501) <= 1e-12);
  }
}

TEST_CASE("mann_whitney_u: both tails of the exact test") {
  std::vector<double> low(50), high(50);
  std::iota(low.begin(), low.end(), 1.0);
  std::iota(high.begin(), high.end(), 51.0);
  const double p = 2 / binomial(100, 50);
  SUBCASE("first sample below") {
    const auto r = mann_whitney_u(low, high);
    CHECK(r.statistic == 0);
    CHECK(relative_error(r.p_value, p) <= exact_tolerance);
  }
  SUBCASE("first sample above") {
    const auto r = mann_whitney_u(high, low);
    CHECK(r.statistic == 2500);
    CHECK(relative_error(r.p_value, p) <= exact_tolerance);
  }
  SUBCASE("the smallest possible p-value of 2 vs 2 is 1/3") {
    CHECK(relative_error(mann_whitney_u(std::vector<double>{1, 2}, std::vector<double>{3, 4}).p_value, 1.0 / 3) <=
          exact_tolerance);
  }
}

TEST_CASE("mann_whitney_u: swapping the samples mirrors U and keeps p") {
  for (const auto& c : mann_whitney_cases) {
    CAPTURE(c.name);
    const auto ab = mann_whitney_u(c.a, c.b);
    const auto ba = mann_whitney_u(c.b, c.a);
    CHECK(ab.statistic + ba.statistic == static_cast<double>(c.a.size() * c.b.size()));
    CHECK(relative_error(ba.p_value, ab.p_value) <= 1e-12);
  }
}

TEST_CASE("mann_whitney_u: degenerate input") {
  const std::vector<double> none, some{1, 2, 3};
  SUBCASE("an empty sample is not tested") {
    for (const auto& r : {mann_whitney_u(none, some), mann_whitney_u(some, none), mann_whitney_u(none, none)}) {
      CHECK_FALSE(r.tested());
      CHECK(std::isnan(r.statistic));
      CHECK(r.p_value == 1);
    }
  }
  SUBCASE("one value each") {
    const auto r = mann_whitney_u(std::vector<double>{1}, std::vector<double>{2});
    CHECK(r.tested());
    CHECK(r.statistic == 0);
    CHECK(r.p_value == 1);
    CHECK(mann_whitney_u(std::vector<double>{7}, std::vector<double>{7}).p_value == 1);
  }
  SUBCASE("all values equal") {
    const auto r = mann_whitney_u(std::vector<double>{5, 5, 5}, std::vector<double>{5, 5});
    CHECK(r.statistic == 3);  // n1 * n2 / 2
    CHECK(r.p_value == 1);
  }
  SUBCASE("zeros and negative zeros are ties") {
    CHECK(mann_whitney_u(std::vector<double>{0.0, -0.0}, std::vector<double>{-0.0, 0.0}).p_value == 1);
  }
  SUBCASE("huge magnitudes only matter by their order") {
    const auto r = mann_whitney_u(std::vector<double>{-1e308, 1e308, 1.7e308}, std::vector<double>{-1.7e308, 0, 1});
    const auto s = mann_whitney_u(std::vector<double>{1, 4, 6}, std::vector<double>{0, 2, 3});
    CHECK(r.statistic == s.statistic);
    CHECK(r.p_value == s.p_value);
  }
  SUBCASE("NaN and infinities are refused") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    CHECK_THROWS_AS((void)mann_whitney_u(std::vector<double>{1, nan}, some), usage_error);
    CHECK_THROWS_AS((void)mann_whitney_u(some, std::vector<double>{-inf}), usage_error);
    CHECK_THROWS_WITH_AS((void)mann_whitney_u(none, std::vector<double>{inf}),
                         "mann_whitney_u: every sample value must be finite (NaN and infinities are refused)",
                         usage_error);
  }
}

TEST_CASE("welch_t_test: matches SciPy on the reference cases") {
  REQUIRE(welch_cases.size() == 9);
  for (const auto& c : welch_cases) {
    CAPTURE(c.name);
    const auto r = welch_t_test(c.a, c.b);
    CAPTURE(r.statistic);
    CAPTURE(c.statistic);
    CHECK(relative_error(r.statistic, c.statistic) <= exact_tolerance);
    CAPTURE(r.p_value);
    CAPTURE(c.p_value);
    CHECK(relative_error(r.p_value, c.p_value) <= approximation_tolerance);
  }
}

TEST_CASE("welch_t_test: swapping the samples negates t and keeps p") {
  for (const auto& c : welch_cases) {
    CAPTURE(c.name);
    const auto ab = welch_t_test(c.a, c.b);
    const auto ba = welch_t_test(c.b, c.a);
    CHECK(ba.statistic == -ab.statistic);
    CHECK(ba.p_value == ab.p_value);
  }
}

TEST_CASE("welch_t_test: degenerate input") {
  const std::vector<double> none, one{4}, some{1, 2, 3};
  SUBCASE("fewer than two values on a side is not tested") {
    for (const auto& r : {welch_t_test(none, some), welch_t_test(some, none), welch_t_test(one, some),
                          welch_t_test(some, one), welch_t_test(one, one), welch_t_test(none, none)}) {
      CHECK_FALSE(r.tested());
      CHECK(std::isnan(r.statistic));
      CHECK(r.p_value == 1);
    }
  }
  SUBCASE("no variance and equal means: no difference") {
    const auto r = welch_t_test(std::vector<double>{0.1, 0.1, 0.1}, std::vector<double>{0.1, 0.1});
    CHECK(r.statistic == 0);
    CHECK(r.p_value == 1);
    CHECK(welch_t_test(std::vector<double>{0, 0}, std::vector<double>{-0.0, 0}).p_value == 1);
  }
  SUBCASE("no variance and different means: certainly different") {
    const auto r = welch_t_test(std::vector<double>{0.1, 0.1, 0.1}, std::vector<double>{0.3, 0.3});
    CHECK(r.statistic == -std::numeric_limits<double>::infinity());
    CHECK(r.p_value == 0);
    CHECK(welch_t_test(std::vector<double>{0.3, 0.3}, std::vector<double>{0.1, 0.1, 0.1}).statistic ==
          std::numeric_limits<double>::infinity());
  }
  SUBCASE("one side constant is an ordinary test") {
    const auto r = welch_t_test(std::vector<double>{4, 4, 4}, std::vector<double>{4.5, 5.0, 3.9});
    CHECK(std::isfinite(r.statistic));
    CHECK(r.p_value > 0);
    CHECK(r.p_value < 1);
  }
  SUBCASE("the result does not depend on the unit, up to 1e308") {
    const std::vector<double> a{10.2, 11.9, 9.4, 12.8, 10.7}, b{14.1, 13.2, 15.0, 12.1, 16.3, 13.8};
    const auto reference = welch_t_test(a, b);
    for (int exponent : {-1000, -500, 500, 1019}) {  // 16.3 * 2^1019 is 1.5e308
      CAPTURE(exponent);
      std::vector<double> sa, sb;
      for (double x : a) sa.push_back(std::ldexp(x, exponent));
      for (double x : b) sb.push_back(std::ldexp(x, exponent));
      const auto r = welch_t_test(sa, sb);
      CHECK(r.statistic == reference.statistic);
      CHECK(r.p_value == reference.p_value);
    }
  }
  SUBCASE("values of opposite sign near the largest double") {
    const auto r = welch_t_test(std::vector<double>{-1.7e308, -1.6e308, -1.5e308},
                                std::vector<double>{1.5e308, 1.6e308, 1.7e308, 1.65e308});
    // SciPy overflows here (NaN); its ttest_ind([-1.7, -1.6, -1.5], [1.5, 1.6, 1.7, 1.65],
    // equal_var=False) on the same data divided by 1e308 gives these.
    CHECK(relative_error(r.statistic, -44.73795758061435) <= exact_tolerance);
    CHECK(relative_error(r.p_value, 1.5335701244334734e-06) <= approximation_tolerance);
  }
  SUBCASE("NaN and infinities are refused") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_AS((void)welch_t_test(std::vector<double>{nan, 1}, some), usage_error);
    CHECK_THROWS_AS((void)welch_t_test(one, std::vector<double>{std::numeric_limits<double>::infinity(), 1}),
                    usage_error);
  }
}
