#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/stats/correction.hpp"
#include "perfmail/stats/estimate.hpp"
#include "perfmail/stats/significance.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <optional>
#include <random>
#include <vector>

using namespace perfmail;

// Reference values: tests/reference/inference_reference.py computes them without the C++ code (exact
// enumeration with Python fractions, scipy.stats.permutation_test, Gaussian binomial coefficients,
// SciPy's Student t and binomial distributions; its docstring says which for each table) and prints
// tests/reference/inference_reference.inc, included below.
// Regenerate: /usr/bin/python3 tests/reference/inference_reference.py
//               > tests/reference/inference_reference.inc
// Tolerances are relative: 1e-12 for exact values (exact p-values, probabilities, counts, order
// statistics, adjusted p-values, the mean difference), 1e-9 for values from distributions (Student's
// t quantile, the Gamma function).

namespace {

struct tied_case {
  const char* name;
  std::vector<double> a, b;
  double statistic, p_value;
};

struct tied_pmf_case {
  const char* name;
  std::vector<std::size_t> groups;
  std::size_t m;
  std::vector<double> pmf;  // P(2U = k), k = 0 .. 2 m n
};

struct smallest_p_case {
  std::size_t n1, n2;
  double p;
};

struct runs_needed_case {
  double alpha;
  std::size_t runs;
};

struct correction_case {
  const char* name;
  std::vector<double> p, bh, by, holm, bonferroni;
};

struct shift_case {
  const char* name;
  std::vector<double> base, head;
  double confidence, estimate;
  bool has_ci;
  double low, high;
};

/// The arguments of generated(): n values level + ((i multiplier + offset) mod modulus) / 8.
struct generator {
  std::size_t n, multiplier, offset, modulus;
  double level;
};

struct large_shift_case {
  const char* name;
  generator base, head;
  double confidence, estimate;
  bool has_ci;
  double low, high;
};

struct welch_difference_case {
  const char* name;
  std::vector<double> base, head;
  double confidence;
  bool has_value;
  double estimate, low, high;
};

struct ratio_case {
  const char* name;
  std::vector<double> base, head;
  double confidence;
  bool has_value;
  double estimate;
  bool has_ci;
  double low, high;
};

struct cliffs_delta_case {
  const char* name;
  std::vector<double> base, head;
  double delta;
};

struct hedges_g_case {
  const char* name;
  std::vector<double> base, head;
  bool has_value;
  double g;
};

struct median_rank_case {
  std::size_t n;
  double confidence;
  std::size_t k;
};

struct median_interval_case {
  const char* name;
  std::vector<double> sorted;
  double confidence;
  bool has_ci;
  double low, high;
};

#include "reference/inference_reference.inc"

constexpr double exact_tolerance = 1e-12;
constexpr double distribution_tolerance = 1e-9;

/// Relative error; against an expected 0, the absolute error.
double relative_error(double actual, double expected) {
  if (actual == expected) return 0;  // also equal infinities
  if (expected == 0) return std::abs(actual);
  return std::abs(actual - expected) / std::abs(expected);
}

/// Sizes of the groups of equal values of the pooled samples, in ascending order of value.
std::vector<std::size_t> tie_groups(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> pooled(a);
  pooled.insert(pooled.end(), b.begin(), b.end());
  std::sort(pooled.begin(), pooled.end());
  std::vector<std::size_t> groups;
  for (std::size_t begin = 0; begin < pooled.size();) {
    std::size_t end = begin + 1;
    while (end < pooled.size() && pooled[end] == pooled[begin]) ++end;
    groups.push_back(end - begin);
    begin = end;
  }
  return groups;
}

std::vector<double> negated(std::vector<double> xs) {
  for (double& x : xs) x = -x;
  return xs;
}

constexpr double not_a_number = std::numeric_limits<double>::quiet_NaN();

}  // namespace

// ---------------------------------------------------------------------------------------------------
// Mann-Whitney U with ties

TEST_CASE("mann_whitney_u: exact p-values with ties match the reference") {
  REQUIRE(tied_cases.size() == 20);
  for (const auto& c : tied_cases) {
    CAPTURE(c.name);
    REQUIRE(c.a.size() * c.b.size() <= mann_whitney_tied_exact_limit);
    const auto r = mann_whitney_u(c.a, c.b);
    CHECK(r.statistic == c.statistic);  // a multiple of 1/2: exact in double
    CAPTURE(r.p_value);
    CAPTURE(c.p_value);
    CHECK(relative_error(r.p_value, c.p_value) <= exact_tolerance);
  }
}

TEST_CASE("mann_whitney_u: {1,1,1} against {2,2,2} gives 2 / C(6, 3)") {
  const auto r = mann_whitney_u(std::vector<double>{1, 1, 1}, std::vector<double>{2, 2, 2});
  CHECK(r.statistic == 0);
  CHECK(relative_error(r.p_value, 0.1) <= exact_tolerance);
}

TEST_CASE("mann_whitney_u: with ties, swapping the samples mirrors U and keeps p") {
  for (const auto& c : tied_cases) {
    CAPTURE(c.name);
    const auto ab = mann_whitney_u(c.a, c.b);
    const auto ba = mann_whitney_u(c.b, c.a);
    CHECK(ab.statistic + ba.statistic == static_cast<double>(c.a.size() * c.b.size()));
    CHECK(relative_error(ba.p_value, ab.p_value) <= exact_tolerance);
  }
}

TEST_CASE("mann_whitney_u: a p-value with ties is never below the smallest p-value without") {
  for (const auto& c : tied_cases) {
    CAPTURE(c.name);
    const double p = mann_whitney_u(c.a, c.b).p_value;
    const double smallest = mann_whitney_smallest_p(c.a.size(), c.b.size());
    CAPTURE(p);
    CAPTURE(smallest);
    CHECK(p >= smallest * (1 - exact_tolerance));
    CHECK(p <= 1);
  }
}

TEST_CASE("mann_whitney_u_tied_null_pmf: the full table by enumeration") {
  REQUIRE(tied_pmf_cases.size() == 6);
  for (const auto& c : tied_pmf_cases) {
    CAPTURE(c.name);
    const auto pmf = detail::mann_whitney_u_tied_null_pmf(c.groups, c.m);
    REQUIRE(pmf.size() == c.pmf.size());
    for (std::size_t k = 0; k < pmf.size(); ++k) {
      CAPTURE(k);
      CAPTURE(pmf[k]);
      CAPTURE(c.pmf[k]);
      CHECK(relative_error(pmf[k], c.pmf[k]) <= exact_tolerance);
    }
  }
}

TEST_CASE("mann_whitney_u_tied_null_pmf: sums to one") {
  auto check_sum = [](const std::vector<std::size_t>& groups, std::size_t m) {
    const auto pmf = detail::mann_whitney_u_tied_null_pmf(groups, m);
    const std::size_t total = std::accumulate(groups.begin(), groups.end(), std::size_t{0});
    CHECK(pmf.size() == 2 * m * (total - m) + 1);
    CHECK(std::all_of(pmf.begin(), pmf.end(), [](double p) { return p >= 0; }));
    CHECK(relative_error(std::accumulate(pmf.begin(), pmf.end(), 0.0), 1.0) <= exact_tolerance);
  };
  for (const auto& c : tied_pmf_cases) {
    CAPTURE(c.name);
    check_sum(c.groups, c.m);
  }
  for (const auto& c : tied_cases) {
    CAPTURE(c.name);
    const auto groups = tie_groups(c.a, c.b);
    check_sum(groups, c.a.size());
    check_sum(groups, c.b.size());
  }
}

TEST_CASE("mann_whitney_u_tied_null_pmf: groups of one are the distribution without ties") {
  for (const auto& sizes : std::vector<std::pair<std::size_t, std::size_t>>{
           {1, 1}, {3, 4}, {4, 3}, {5, 5}, {1, 6}, {7, 2}, {6, 9}}) {
    // Named copies, not a structured binding: CAPTURE's lambda cannot capture one in clang 14.
    const std::size_t m = sizes.first;
    const std::size_t n = sizes.second;
    CAPTURE(m);
    CAPTURE(n);
    const std::vector<std::size_t> singles(m + n, 1);
    const auto tied = detail::mann_whitney_u_tied_null_pmf(singles, m);
    const auto untied = detail::mann_whitney_u_null_pmf(m, n);
    REQUIRE(tied.size() == 2 * untied.size() - 1);
    for (std::size_t u = 0; u < untied.size(); ++u) {
      CAPTURE(u);
      CHECK(relative_error(tied[2 * u], untied[u]) <= exact_tolerance);
      if (2 * u + 1 < tied.size()) CHECK(tied[2 * u + 1] == 0);  // U is a whole number without ties
    }
  }
}

TEST_CASE("mann_whitney_smallest_p and mann_whitney_runs_needed") {
  REQUIRE(smallest_p_cases.size() == 8);
  for (const auto& c : smallest_p_cases) {
    CAPTURE(c.n1);
    CAPTURE(c.n2);
    CHECK(relative_error(mann_whitney_smallest_p(c.n1, c.n2), c.p) <= exact_tolerance);
    CHECK(relative_error(mann_whitney_smallest_p(c.n2, c.n1), c.p) <= exact_tolerance);
  }
  CHECK(mann_whitney_smallest_p(0, 5) == 1);
  CHECK(mann_whitney_smallest_p(5, 0) == 1);
  REQUIRE(runs_needed_cases.size() == 3);
  for (const auto& c : runs_needed_cases) {
    CAPTURE(c.alpha);
    CHECK(mann_whitney_runs_needed(c.alpha) == c.runs);
  }
  CHECK_THROWS_AS((void)mann_whitney_runs_needed(0), usage_error);
  CHECK_THROWS_AS((void)mann_whitney_runs_needed(1), usage_error);
  CHECK_THROWS_AS((void)mann_whitney_runs_needed(not_a_number), usage_error);
}

// ---------------------------------------------------------------------------------------------------
// Corrections

TEST_CASE("adjust_p_values: matches the definitions") {
  REQUIRE(correction_cases.size() == 7);
  const std::vector<std::pair<p_correction, const char*>> kinds{
      {p_correction::bh, "bh"}, {p_correction::by, "by"}, {p_correction::holm, "holm"},
      {p_correction::bonferroni, "bonferroni"}};
  for (const auto& c : correction_cases) {
    CAPTURE(c.name);
    for (const auto& kind_and_name : kinds) {
      const auto kind = kind_and_name.first;
      const auto kind_name = kind_and_name.second;
      CAPTURE(kind_name);
      const std::vector<double>& expected = kind == p_correction::bh     ? c.bh
                                            : kind == p_correction::by   ? c.by
                                            : kind == p_correction::holm ? c.holm
                                                                         : c.bonferroni;
      const auto q = adjust_p_values(c.p, kind);
      REQUIRE(q.size() == expected.size());
      for (std::size_t i = 0; i < q.size(); ++i) {
        CAPTURE(i);
        CAPTURE(q[i]);
        CAPTURE(expected[i]);
        CHECK(relative_error(q[i], expected[i]) <= exact_tolerance);
      }
    }
    CHECK(adjust_p_values(c.p, p_correction::none) == c.p);
  }
}

TEST_CASE("adjust_p_values: never below p, at most 1, and monotone in p") {
  std::vector<std::vector<double>> families;
  for (const auto& c : correction_cases) families.push_back(c.p);
  std::mt19937 random(7);
  std::uniform_real_distribution<double> uniform(0, 1);
  for (std::size_t size : {2u, 17u, 300u}) {
    std::vector<double> p(size);
    for (double& x : p) x = std::pow(uniform(random), 3);  // many small p-values
    p[size / 2] = p[0];                                     // a tie
    families.push_back(p);
  }
  for (const auto kind : {p_correction::none, p_correction::bh, p_correction::by, p_correction::holm,
                          p_correction::bonferroni}) {
    CAPTURE(static_cast<int>(kind));
    for (const auto& p : families) {
      CAPTURE(p.size());
      const auto q = adjust_p_values(p, kind);
      REQUIRE(q.size() == p.size());
      for (std::size_t i = 0; i < p.size(); ++i) {
        CHECK(q[i] >= p[i]);
        CHECK(q[i] <= 1);
        for (std::size_t j = 0; j < p.size(); ++j)
          if (p[i] <= p[j]) CHECK(q[i] <= q[j]);  // also: equal p-values get equal q-values
      }
    }
  }
}

TEST_CASE("adjust_p_values: equal p-values, where m p / m rounds below p, stay at p") {
  // 3 * 0.1 / 3 is 0.09999999999999999 in doubles; found by fuzzing the statistical policies.
  for (std::size_t m = 1; m <= 60; ++m)
    for (const double p : {0.1, 0.3, 0.7, 0.000731 * 7, 0.02}) {
      CAPTURE(m);
      CAPTURE(p);
      const std::vector<double> same(m, p);
      for (const auto kind : {p_correction::bh, p_correction::by})
        for (const double q : adjust_p_values(same, kind)) CHECK(q >= p);
    }
}

TEST_CASE("adjust_p_values: degenerate input") {
  CHECK(adjust_p_values(std::vector<double>{}, p_correction::bh).empty());
  for (double bad : {not_a_number, -0.1, 1.5, std::numeric_limits<double>::infinity()}) {
    CAPTURE(bad);
    CHECK_THROWS_AS((void)adjust_p_values(std::vector<double>{0.5, bad}, p_correction::bh), usage_error);
    CHECK_THROWS_AS((void)adjust_p_values(std::vector<double>{bad}, p_correction::none), usage_error);
  }
}

TEST_CASE("selectable_at_best: what adjusting each modified family says") {
  // The definition, member by member: put the smallest p-value in the member's place and adjust.
  // Families with ties, values at the thresholds and many small p-values, under every correction.
  std::mt19937_64 random(20261203);
  std::uniform_int_distribution<int> size(1, 40);
  std::uniform_int_distribution<int> grid(0, 400);  // p-values on a grid of 1/4000: ties and exact thresholds
  std::uniform_real_distribution<double> fraction(0, 1);
  std::size_t selectable = 0;
  std::size_t not_selectable = 0;
  for (int round = 0; round < 3000; ++round) {
    const auto m = static_cast<std::size_t>(size(random));
    std::vector<double> p(m);
    std::vector<double> best(m);
    for (std::size_t i = 0; i < m; ++i) {
      p[i] = round % 2 == 0 ? grid(random) / 4000.0 : std::pow(fraction(random), 3);
      best[i] = round % 3 == 0 ? p[i] : p[i] * fraction(random);
    }
    for (const auto& correction_and_name : correction_names) {
      const auto correction = correction_and_name.value;
      const auto name = correction_and_name.name;
      for (const double alpha : {0.05, 0.01}) {
        const std::vector<bool> got = selectable_at_best(p, best, correction, alpha);
        REQUIRE(got.size() == m);
        for (std::size_t i = 0; i < m; ++i) {
          std::vector<double> modified = p;
          modified[i] = best[i];
          const bool expected = adjust_p_values(modified, correction)[i] <= alpha;
          CAPTURE(round);
          CAPTURE(name);
          CAPTURE(i);
          CHECK(got[i] == expected);
          ++(expected ? selectable : not_selectable);
        }
      }
    }
  }
  // Both answers occur often: the comparison above is not one-sided.
  CHECK(selectable > 10000);
  CHECK(not_selectable > 10000);
}

TEST_CASE("selectable_at_best: utest at 5 runs a side among 10,000 metrics under bh") {
  const double floor_of_5_runs = mann_whitney_smallest_p(5, 5);  // 0.0079
  std::vector<double> p(10000, floor_of_5_runs);
  const std::vector<double> best(10000, floor_of_5_runs);
  // Every metric as changed as 5 runs can show: bh selects all (q = p), so every one is selectable.
  std::vector<bool> got = selectable_at_best(p, best, p_correction::bh, 0.05);
  CHECK(std::count(got.begin(), got.end(), true) == 10000);
  // Nothing else changed: a lone change would need p <= 5e-06, which 5 runs cannot give.
  std::fill(p.begin(), p.end(), 0.5);
  got = selectable_at_best(p, best, p_correction::bh, 0.05);
  CHECK(std::count(got.begin(), got.end(), true) == 0);
  // The example of the header.
  CHECK(selectable_at_best(std::vector<double>{0.2, 0.5}, std::vector<double>{0.03, 0.1}, p_correction::bh, 0.05) ==
        std::vector<bool>{false, false});
  CHECK(selectable_at_best(std::vector<double>{0.2, 0.5}, std::vector<double>{0.03, 0.1}, p_correction::none, 0.05) ==
        std::vector<bool>{true, false});
}

TEST_CASE("selectable_at_best: degenerate input") {
  CHECK(selectable_at_best(std::vector<double>{}, std::vector<double>{}, p_correction::bh, 0.05).empty());
  CHECK_THROWS_AS((void)selectable_at_best(std::vector<double>{0.5}, std::vector<double>{}, p_correction::bh, 0.05),
                  usage_error);
  CHECK_THROWS_AS((void)selectable_at_best(std::vector<double>{0.5}, std::vector<double>{0.6}, p_correction::bh, 0.05),
                  usage_error);
  CHECK_THROWS_AS((void)selectable_at_best(std::vector<double>{0.5}, std::vector<double>{not_a_number},
                                           p_correction::holm, 0.05),
                  usage_error);
  CHECK_THROWS_AS((void)selectable_at_best(std::vector<double>{0.5}, std::vector<double>{0.1}, p_correction::bh, 1.0),
                  usage_error);
}

// ---------------------------------------------------------------------------------------------------
// Hodges-Lehmann shift

TEST_CASE("hodges_lehmann_shift: matches the reference") {
  REQUIRE(hodges_lehmann_cases.size() == 14);
  for (const auto& c : hodges_lehmann_cases) {
    CAPTURE(c.name);
    const auto r = hodges_lehmann_shift(c.base, c.head, c.confidence);
    CAPTURE(r.estimate);
    CAPTURE(c.estimate);
    CHECK(detail::hodges_lehmann_shift_by_selection(c.base, c.head, c.confidence) == r);
    CHECK(relative_error(r.estimate, c.estimate) <= exact_tolerance);
    REQUIRE(r.ci.has_value() == c.has_ci);
    if (c.has_ci) {
      CAPTURE(r.ci->low);
      CAPTURE(r.ci->high);
      CAPTURE(c.low);
      CAPTURE(c.high);
      // Order statistics of the differences, each computed as one subtraction: exactly equal.
      CHECK(r.ci->low == c.low);
      CHECK(r.ci->high == c.high);
    }
  }
}

TEST_CASE("hodges_lehmann_shift: swapping the samples mirrors the shift") {
  for (const auto& c : hodges_lehmann_cases) {
    CAPTURE(c.name);
    const auto ab = hodges_lehmann_shift(c.base, c.head, c.confidence);
    const auto ba = hodges_lehmann_shift(c.head, c.base, c.confidence);
    CHECK(relative_error(ba.estimate, -ab.estimate) <= exact_tolerance);
    REQUIRE(ba.ci.has_value() == ab.ci.has_value());
    if (ab.ci) {
      CHECK(ba.ci->low == -ab.ci->high);
      CHECK(ba.ci->high == -ab.ci->low);
      CHECK(ab.ci->low <= ab.estimate);
      CHECK(ab.estimate <= ab.ci->high);
    }
  }
}

TEST_CASE("hodges_lehmann_shift: degenerate input") {
  const std::vector<double> none, some{1, 2, 3};
  CHECK_THROWS_AS((void)hodges_lehmann_shift(none, some), usage_error);
  CHECK_THROWS_AS((void)hodges_lehmann_shift(some, none), usage_error);
  CHECK_THROWS_AS((void)hodges_lehmann_shift(none, none), usage_error);
  CHECK_THROWS_AS((void)hodges_lehmann_shift(std::vector<double>{1, not_a_number}, some), usage_error);
  CHECK_THROWS_AS((void)hodges_lehmann_shift(some, std::vector<double>{std::numeric_limits<double>::infinity()}),
                  usage_error);
  CHECK_THROWS_AS((void)hodges_lehmann_shift(some, some, 0), usage_error);
  CHECK_THROWS_AS((void)hodges_lehmann_shift(some, some, 1), usage_error);
  CHECK_THROWS_AS((void)hodges_lehmann_shift(some, some, not_a_number), usage_error);
  SUBCASE("both ways refuse the same input") {
    CHECK_THROWS_AS((void)detail::hodges_lehmann_shift_by_selection(none, some), usage_error);
    CHECK_THROWS_AS((void)detail::hodges_lehmann_shift_by_selection(some, none), usage_error);
    CHECK_THROWS_AS((void)detail::hodges_lehmann_shift_by_selection(some, some, 1), usage_error);
    const std::vector<double> many(5000, 1e308);
    CHECK_THROWS_AS((void)hodges_lehmann_shift(many, std::vector<double>{-1e308}), value_error);
  }
  SUBCASE("a difference beyond the range of a double, at either extreme") {
    // The overflow is judged from the extreme differences alone: each extreme, and a near miss.
    CHECK_THROWS_AS((void)hodges_lehmann_shift(std::vector<double>{5, -1e308}, std::vector<double>{0, 1e308}), value_error);
    CHECK_THROWS_AS((void)hodges_lehmann_shift(std::vector<double>{1e308, 5}, std::vector<double>{0, -1e308}), value_error);
    const auto near = hodges_lehmann_shift(std::vector<double>{-5e306}, std::vector<double>{1.7e308});
    CHECK(near.estimate == 1.7e308 + 5e306);
  }
  SUBCASE("identical samples: no shift") {
    const auto r = hodges_lehmann_shift(some, some);
    CHECK(r.estimate == 0);
  }
}

/// The samples inference_reference.py's generated() makes.
std::vector<double> generated(const generator& g) {
  std::vector<double> out(g.n);
  for (std::size_t i = 0; i < g.n; ++i)
    out[i] = g.level + static_cast<double>((i * g.multiplier + g.offset) % g.modulus) / 8;
  return out;
}

TEST_CASE("hodges_lehmann_shift: samples of thousands of runs match the reference") {
  REQUIRE(large_hodges_lehmann_cases.size() == 3);
  for (const auto& c : large_hodges_lehmann_cases) {
    CAPTURE(c.name);
    const auto base = generated(c.base);
    const auto head = generated(c.head);
    REQUIRE(base.size() * head.size() > (std::size_t{1} << 22));  // once refused
    const auto r = hodges_lehmann_shift(base, head, c.confidence);
    // Multiples of 1/8: every difference, and the mid-point of two, is exact.
    CHECK(r.estimate == c.estimate);
    REQUIRE(r.ci.has_value() == c.has_ci);
    if (c.has_ci) {
      CHECK(r.ci->low == c.low);
      CHECK(r.ci->high == c.high);
    }
  }
}

TEST_CASE("hodges_lehmann_shift: the selection over sorted samples gives the pairwise numbers") {
  // Property style: random sizes (past the selection's direct gathering of 4 (n1 + n2) candidates and
  // 4096, so that its rounds of bracketing run) and kinds of samples, each side by side with every
  // difference held and selected. Equal bits, not near values: both select the same order statistics.
  std::mt19937_64 random{20260};
  std::uniform_int_distribution<std::size_t> size_of{1, 260};
  const auto draw = [&](std::size_t n, int kind) {
    std::vector<double> xs(n);
    std::normal_distribution<double> noise{100, 7};
    std::uniform_int_distribution<int> few{0, 3};
    for (auto& x : xs) {
      switch (kind) {
        case 0: x = noise(random); break;                                 // continuous, no ties
        case 1: x = few(random); break;                                   // four values: ties everywhere
        case 2: x = 5; break;                                             // one value
        case 3: x = few(random) == 0 ? -0.0 : (few(random) - 1.5) * 1e-3; break;  // zeros of both signs
        default: x = std::ldexp(noise(random), few(random) * 40); break;  // magnitudes far apart: rounding
      }
    }
    return xs;
  };
  const double confidences[] = {0.95, 0.99, 0.5};
  std::size_t selected = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const int kind = trial % 5;
    const auto base = draw(size_of(random), kind);
    const auto head = draw(size_of(random), (kind + trial / 5) % 5);
    const double confidence = confidences[trial % 3];
    CAPTURE(trial);
    CAPTURE(base.size());
    CAPTURE(head.size());
    const auto pairwise = detail::hodges_lehmann_shift_pairwise(base, head, confidence);
    const auto selection = detail::hodges_lehmann_shift_by_selection(base, head, confidence);
    CHECK(std::signbit(selection.estimate) == std::signbit(pairwise.estimate));
    CHECK(selection.estimate == pairwise.estimate);
    REQUIRE(selection.ci.has_value() == pairwise.ci.has_value());
    if (pairwise.ci) {
      CHECK(selection.ci->low == pairwise.ci->low);
      CHECK(selection.ci->high == pairwise.ci->high);
      CHECK(std::signbit(selection.ci->low) == std::signbit(pairwise.ci->low));
      CHECK(std::signbit(selection.ci->high) == std::signbit(pairwise.ci->high));
    }
    if (base.size() * head.size() > std::max<std::size_t>(4 * (base.size() + head.size()), 4096)) ++selected;
  }
  CHECK(selected >= 30);  // the bracketing rounds ran, not only the direct gathering
}

// ---------------------------------------------------------------------------------------------------
// Welch's interval, Cliff's delta, Hedges' g

TEST_CASE("welch_difference: matches the reference") {
  REQUIRE(welch_difference_cases.size() == 11);
  for (const auto& c : welch_difference_cases) {
    CAPTURE(c.name);
    const auto r = welch_difference(c.base, c.head, c.confidence);
    REQUIRE(r.has_value() == c.has_value);
    if (!c.has_value) continue;
    CAPTURE(r->estimate);
    CAPTURE(c.estimate);
    CHECK(relative_error(r->estimate, c.estimate) <= exact_tolerance);
    REQUIRE(r->ci.has_value());
    CAPTURE(r->ci->low);
    CAPTURE(r->ci->high);
    CAPTURE(c.low);
    CAPTURE(c.high);
    CHECK(relative_error(r->ci->low, c.low) <= distribution_tolerance);
    CHECK(relative_error(r->ci->high, c.high) <= distribution_tolerance);
  }
}

TEST_CASE("welch_difference: swapping the samples mirrors the interval") {
  for (const auto& c : welch_difference_cases) {
    CAPTURE(c.name);
    const auto ab = welch_difference(c.base, c.head, c.confidence);
    const auto ba = welch_difference(c.head, c.base, c.confidence);
    REQUIRE(ab.has_value() == ba.has_value());
    if (!ab) continue;
    CHECK(ba->estimate == -ab->estimate);
    CHECK(relative_error(ba->ci->low, -ab->ci->high) <= exact_tolerance);
    CHECK(relative_error(ba->ci->high, -ab->ci->low) <= exact_tolerance);
  }
}

TEST_CASE("welch_difference: degenerate input") {
  const std::vector<double> some{1, 2, 3};
  CHECK_FALSE(welch_difference(std::vector<double>{}, some).has_value());
  CHECK_THROWS_AS((void)welch_difference(std::vector<double>{1, not_a_number}, some), usage_error);
  CHECK_THROWS_AS((void)welch_difference(some, some, 1.5), usage_error);
  const auto zero = welch_difference(std::vector<double>{0.5, 0.5}, std::vector<double>{0.5, 0.5, 0.5});
  REQUIRE(zero.has_value());
  CHECK(zero->estimate == 0);
  CHECK(zero->ci == interval{0, 0});
}

TEST_CASE("fieller_ratio: matches the reference") {
  REQUIRE(fieller_ratio_cases.size() == 12);
  for (const auto& c : fieller_ratio_cases) {
    CAPTURE(c.name);
    const auto r = fieller_ratio(c.base, c.head, c.confidence);
    REQUIRE(r.has_value() == c.has_value);
    if (!c.has_value) continue;
    CAPTURE(r->estimate);
    CHECK(relative_error(r->estimate, c.estimate) <= exact_tolerance);
    REQUIRE(r->ci.has_value() == c.has_ci);
    if (!c.has_ci) continue;
    CAPTURE(r->ci->low);
    CAPTURE(r->ci->high);
    CHECK(relative_error(r->ci->low, c.low) <= distribution_tolerance);
    CHECK(relative_error(r->ci->high, c.high) <= distribution_tolerance);
  }
}

TEST_CASE("fieller_ratio: refuses what is not a sample") {
  CHECK_THROWS_AS((void)fieller_ratio(std::vector<double>{1, not_a_number}, std::vector<double>{1, 2}), usage_error);
  CHECK_THROWS_AS((void)fieller_ratio(std::vector<double>{1, 2}, std::vector<double>{1, 2}, 1.0), usage_error);
  // Scaling both sides by one factor leaves the ratio and its interval as they are.
  const auto a = fieller_ratio(std::vector<double>{10, 11, 12}, std::vector<double>{20, 22, 24});
  const auto b = fieller_ratio(std::vector<double>{10e300, 11e300, 12e300}, std::vector<double>{20e300, 22e300, 24e300});
  REQUIRE(a);
  REQUIRE(b);
  CHECK(relative_error(a->ci->low, b->ci->low) <= 1e-12);
  CHECK(relative_error(a->ci->high, b->ci->high) <= 1e-12);
}

TEST_CASE("hodges_lehmann_ratio: matches the reference") {
  REQUIRE(hodges_lehmann_ratio_cases.size() == 7);
  for (const auto& c : hodges_lehmann_ratio_cases) {
    CAPTURE(c.name);
    const auto r = hodges_lehmann_ratio(c.base, c.head, c.confidence);
    REQUIRE(r.has_value() == c.has_value);
    if (!c.has_value) continue;
    CAPTURE(r->estimate);
    CHECK(relative_error(r->estimate, c.estimate) <= 1e-13);
    REQUIRE(r->ci.has_value() == c.has_ci);
    if (!c.has_ci) continue;
    CHECK(relative_error(r->ci->low, c.low) <= 1e-13);
    CHECK(relative_error(r->ci->high, c.high) <= 1e-13);
  }
}

TEST_CASE("cliffs_delta: matches the pair count") {
  REQUIRE(cliffs_delta_cases.size() == 8);
  for (const auto& c : cliffs_delta_cases) {
    CAPTURE(c.name);
    const double delta = cliffs_delta(c.base, c.head);
    CAPTURE(delta);
    CAPTURE(c.delta);
    CHECK(relative_error(delta, c.delta) <= exact_tolerance);
    CHECK(relative_error(cliffs_delta(c.head, c.base), -c.delta) <= exact_tolerance);
  }
  CHECK_THROWS_AS((void)cliffs_delta(std::vector<double>{1, not_a_number}, std::vector<double>{1}), usage_error);
}

TEST_CASE("hedges_g: matches the reference") {
  REQUIRE(hedges_g_cases.size() == 11);
  for (const auto& c : hedges_g_cases) {
    CAPTURE(c.name);
    const auto g = hedges_g(c.base, c.head);
    REQUIRE(g.has_value() == c.has_value);
    if (!c.has_value) continue;
    CAPTURE(*g);
    CAPTURE(c.g);
    CHECK(relative_error(*g, c.g) <= distribution_tolerance);
    const auto mirrored = hedges_g(c.head, c.base);
    REQUIRE(mirrored.has_value());
    CHECK(relative_error(*mirrored, -*g) <= exact_tolerance);
  }
  CHECK_THROWS_AS((void)hedges_g(std::vector<double>{1, not_a_number}, std::vector<double>{1, 2}), usage_error);
}

// ---------------------------------------------------------------------------------------------------
// Median interval

TEST_CASE("median_interval_rank: the binomial order statistic") {
  REQUIRE(median_rank_cases.size() == 25);
  for (const auto& c : median_rank_cases) {
    CAPTURE(c.n);
    CAPTURE(c.confidence);
    CHECK(median_interval_rank(c.n, c.confidence) == c.k);
  }
  CHECK_THROWS_AS((void)median_interval_rank(10, 0), usage_error);
  CHECK_THROWS_AS((void)median_interval_rank(10, not_a_number), usage_error);
}

TEST_CASE("median_interval: matches the reference") {
  REQUIRE(median_interval_cases.size() == 7);
  for (const auto& c : median_interval_cases) {
    CAPTURE(c.name);
    REQUIRE(std::is_sorted(c.sorted.begin(), c.sorted.end()));
    const auto r = median_interval(c.sorted, c.confidence);
    REQUIRE(r.has_value() == c.has_ci);
    if (!c.has_ci) continue;
    CHECK(r->low == c.low);  // order statistics of the sample itself
    CHECK(r->high == c.high);
    // The same interval on the negated sample, mirrored.
    std::vector<double> mirrored = negated(c.sorted);
    std::reverse(mirrored.begin(), mirrored.end());
    const auto m = median_interval(mirrored, c.confidence);
    REQUIRE(m.has_value());
    CHECK(m->low == -c.high);
    CHECK(m->high == -c.low);
  }
}

