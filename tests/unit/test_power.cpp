#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/analysis/file_summary.hpp"
#include "perfmail/analysis/plan.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/stats/power.hpp"
#include "perfmail/stats/significance.hpp"

#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <vector>

using namespace perfmail;

// Planning runs: Welch's power against values computed from its definition with SciPy
// (tests/reference/power_reference.py), the counts a plan gives, and extreme input.

namespace {

struct welch_power_case {
  std::size_t runs;
  double change, cv, alpha, power;
};

struct welch_runs_case {
  double change, cv, alpha, power;
  std::size_t runs;
};

struct cv_bound_case {
  double cv;
  std::size_t runs;
  double confidence, bound;
};

#include "reference/power_reference.inc"

}  // namespace

TEST_CASE("welch_power: the double integral over both variances, from SciPy") {
  REQUIRE(welch_power_cases.size() == 9);
  for (const auto& c : welch_power_cases) {
    CAPTURE(c.runs);
    CAPTURE(c.change);
    CHECK(welch_power(c.runs, c.change, c.cv, c.alpha) == doctest::Approx(c.power).epsilon(1e-7));
  }
  // At 3 runs a side, CV 0.6%, +2%: the pooled t-test's 86% would plan 3 runs; Welch's is 76%.
  CHECK(welch_power(3, 0.02, 0.006, 0.05) < 0.8);
  CHECK(welch_power(4, 0.02, 0.006, 0.05) > 0.95);
  CHECK(welch_power(10, 0, 0.01, 0.05) == doctest::Approx(0.05));
  CHECK(welch_power(10, -0.02, 0.01, 0.05) == welch_power(10, 0.02, 0.01, 0.05));
  CHECK_THROWS_AS((void)welch_power(1, 0.02, 0.01, 0.05), usage_error);
  CHECK_THROWS_AS((void)welch_power(10, 0.02, 0, 0.05), usage_error);
}

TEST_CASE("t_test_runs_needed: Welch's count, never below the comparison's minimum") {
  for (const auto& c : welch_runs_cases) {
    CAPTURE(c.change);
    CAPTURE(c.cv);
    const power_plan plan{c.alpha, c.power, 3};
    const auto runs = t_test_runs_needed(c.change, c.cv, plan);
    REQUIRE(runs);
    CHECK(*runs == c.runs);
    // The smallest detectable change at those runs is at most the change, and at one run fewer above it.
    CHECK(detectable_change(*runs, c.cv, plan) <= c.change * (1 + 1e-5));
    if (*runs > 3) CHECK(detectable_change(*runs - 1, c.cv, plan) > c.change);
    const auto u = u_test_runs_needed(c.change, c.cv, plan);
    REQUIRE(u);
    CHECK(*u >= *runs);
    CHECK(*u >= mann_whitney_runs_needed(c.alpha));
  }
  // Two samples 0.04% apart: the noise is tiny, yet compare tests no fewer than 3 runs a side.
  CHECK(t_test_runs_needed(0.02, 0.0003, {0.05, 0.8, 3}) == 3u);
  CHECK(t_test_runs_needed(0.02, 0.0003, {0.05, 0.8, 2}) == 2u);
  CHECK_FALSE(t_test_runs_needed(1e-6, 0.5, {0.05, 0.8, 3}, 1000).has_value());
}

TEST_CASE("planning never throws on finite input") {
  const power_plan plan{0.05, 0.8, 3};
  // A change far larger than the noise: the fewest runs, with no call beyond Boost's range.
  CHECK(t_test_runs_needed(0.3, 0.001, plan) == 3u);
  CHECK(u_test_runs_needed(0.3, 0.001, plan) == 4u);
  CHECK(welch_power(100000, 0.3, 0.001, 0.05) == 1.0);
  CHECK(welch_power(3, 1e6, 1e-9, 0.05) > 0.99);
  // Extreme levels: answered, not thrown.
  const power_plan tiny{1e-50, 0.8, 3};
  const auto runs = t_test_runs_needed(0.02, 0.01, tiny);
  REQUIRE(runs);
  CHECK(*runs > 10);
  CHECK(std::isfinite(detectable_change(5, 0.01, tiny)));
  CHECK(welch_power(3, 0.02, 0.01, 1e-300) >= 0);
}

TEST_CASE("a practical floor lowers the power by the chance of clearing it") {
  const practical_floor medians{0.01, true};
  CHECK(floor_clearing_chance(10, 0.02, 0.01, {}) == 1);
  CHECK(floor_clearing_chance(10, 0.01, 0.01, medians) == doctest::Approx(0.5));
  CHECK(floor_clearing_chance(10, 0.02, 0.01, medians) > floor_clearing_chance(10, 0.02, 0.01, {0.01, false}) - 1);
  CHECK(floor_clearing_chance(10, 0.02, 0.01, medians) < floor_clearing_chance(10, 0.02, 0.01, {0.01, false}));
  const power_plan with_floor{0.05, 0.8, 3, medians};
  const power_plan without{0.05, 0.8, 3};
  CHECK(selection_power(10, 0.02, 0.01, with_floor) < selection_power(10, 0.02, 0.01, without));
  CHECK(*t_test_runs_needed(0.02, 0.01, with_floor) > *t_test_runs_needed(0.02, 0.01, without));
  CHECK(selection_power(2, 0.02, 0.01, with_floor) == 0);  // below the minimum runs
}

TEST_CASE("cv_upper_bound: the chi-square bound of the noise") {
  for (const auto& c : cv_bound_cases) {
    CAPTURE(c.runs);
    CHECK(cv_upper_bound(c.cv, c.runs, c.confidence) == doctest::Approx(c.bound).epsilon(1e-9));
  }
  CHECK_THROWS_AS((void)cv_upper_bound(0.01, 1, 0.8), usage_error);
  CHECK_THROWS_AS((void)cv_upper_bound(0.01, 5, 1), usage_error);
}

TEST_CASE("plan_of: what compare would test, at the level of a lone change, with compare's minimum runs") {
  metric_class fio;
  fio.kind = metric_kind::performance;
  fio.reportable = true;
  fio.primary = true;
  plan_request request;
  request.detect = 0.02;
  // Two runs that barely differ: the plan never asks for fewer runs than compare tests.
  const std::vector<double> two{1000, 1000.4};
  const metric_plan p = plan_of(fio, summarize(two), planning_level(request, 1), request);
  CHECK(p.basis == plan_basis::estimated);
  REQUIRE(p.ttest_runs);
  REQUIRE(p.utest_runs);
  CHECK(*p.ttest_runs >= compare_min_runs);
  CHECK(*p.utest_runs >= compare_min_runs);
  // A larger family lowers the level, so more runs are needed.
  const std::vector<double> noisy{1000, 1010, 990, 1005, 995};
  const metric_plan alone = plan_of(fio, summarize(noisy), planning_level(request, 1), request);
  const metric_plan among_many = plan_of(fio, summarize(noisy), planning_level(request, 1000), request);
  CHECK(*among_many.ttest_runs > *alone.ttest_runs);
  CHECK(*among_many.utest_runs > *alone.utest_runs);
  // No spread, no samples, a zero mean.
  const std::vector<double> flat{5, 5, 5};
  CHECK(plan_of(fio, summarize(flat), 0.05, request).basis == plan_basis::exact);
  const std::vector<double> one{5};
  CHECK(plan_of(fio, summarize(one), 0.05, request).basis == plan_basis::none);
  // The family: performance metrics off the deny list with 2 samples or more.
  CHECK(tested_by_compare(fio, summarize(noisy)));
  CHECK_FALSE(tested_by_compare(fio, summarize(one)));
  metric_class failure = fio;
  failure.kind = metric_kind::failure;
  CHECK_FALSE(tested_by_compare(failure, summarize(noisy)));
  // Floors: the robot's on medians unless a minimum change is named.
  CHECK(floor_of(fio, std::nullopt).change == 0.01);
  CHECK(floor_of(fio, std::nullopt).of_medians);
  metric_class secondary = fio;
  secondary.primary = false;
  CHECK(floor_of(secondary, std::nullopt).change == 0.05);
  CHECK(floor_of(fio, 2.0).change == 0.02);
  CHECK_FALSE(floor_of(fio, 2.0).of_medians);
  // A level no p-value can be told from is refused.
  request.alpha = 1e-306;  // over 1000 metrics: 1e-309, below the smallest normal double
  CHECK_THROWS_AS((void)planning_level(request, 1000), usage_error);
}

TEST_CASE("summarize_file: each metric summarised, planned at the level of its file's family") {
  const auto file = [](std::size_t metrics) {
    matrix m;
    for (std::size_t i = 0; i < metrics; ++i)
      m.add(metric_series{"fio.bw_" + std::to_string(i), {1000, 1010, 990, 1005, 995}, sample_kind::integer});
    m.add(metric_series{"fio.lone", {5}, sample_kind::integer});
    return m;
  };
  summary_plan_settings settings;
  settings.request.detect = 0.02;
  const file_summary small = summarize_file(file(2), "small.json", true, settings);
  CHECK(small.path == "small.json");
  CHECK(small.runs == 5);
  REQUIRE(small.metrics.size() == 3);
  CHECK(small.metrics[0].stats.n == 5);
  REQUIRE(small.metrics[0].stddev_percent);
  CHECK(*small.metrics[0].stddev_percent == doctest::Approx(100 * summarize(std::vector<double>{1000, 1010, 990, 1005, 995}).stddev / 1000));
  REQUIRE(small.metrics[0].plan);
  CHECK(*small.metrics[0].plan == plan_of(metric_classifier::robot()->classify("fio.bw_0"), small.metrics[0].stats, planning_level(settings.request, 2),
                                          settings.request));
  CHECK(small.metrics[2].plan->basis == plan_basis::none);
  CHECK(settings.family == 2);
  CHECK(settings.level == planning_level(settings.request, 2));
  // A second file with a larger family: the settings keep the largest family and the smallest level,
  // and its own plans are at its own family's level.
  const file_summary large = summarize_file(file(40), "large.json", true, settings);
  CHECK(settings.family == 40);
  CHECK(settings.level == planning_level(settings.request, 40));
  CHECK(*large.metrics[0].plan->ttest_runs > *small.metrics[0].plan->ttest_runs);
  (void)summarize_file(file(1), "one.json", true, settings);
  CHECK(settings.family == 40);
  CHECK(settings.level == planning_level(settings.request, 40));
  CHECK(settings.files == 3);
  // Without a plan: the summaries alone.
  summary_plan_settings none;
  CHECK_FALSE(summarize_file(file(1), "x", false, none).metrics[0].plan.has_value());
}
