#include <doctest/doctest.h>

#include "perfmail/analysis/decide.hpp"

#include <vector>

using namespace perfmail;

namespace {

verdict run(std::string_view name, std::vector<double> head, std::vector<double> base, change_policy policy = {},
            metric_context ctx = {}) {
  if (ctx.head_runs == 0) ctx.head_runs = head.size();
  if (ctx.base_runs == 0) ctx.base_runs = base.size();
  const auto classifier = metric_classifier::robot();
  decide_buffers buffers;
  return decide(classifier->classify(name), {head, std::nullopt}, {base, std::nullopt}, ctx, *classifier, policy,
                buffers);
}

}  // namespace

TEST_CASE("robot default rule: each median outside the other's range") {
  CHECK(run("fio.write_bw_MBps", {110, 111, 112}, {100, 101, 102}).changed);
  CHECK_FALSE(run("fio.write_bw_MBps", {100, 104, 110}, {100, 101, 102}).changed);
  SUBCASE("the verdict says why") {
    CHECK(run("fio.write_bw_MBps", {100, 104, 110}, {100, 101, 102}).reason == "ranges overlap");
  }
}

TEST_CASE("robot candidate rules") {
  SUBCASE("fewer than 3 runs on both sides") {
    CHECK(run("fio.write_bw_MBps", {200, 201}, {100, 101}).reason == "fewer than 3 runs on both sides");
  }
  SUBCASE("deny list, unless the robot's `more` lifts it") {
    CHECK_FALSE(run("softirqs.RCU", {200000, 200001, 200002}, {100000, 100001, 100002}).candidate);
    change_policy more;
    more.robot.more = true;
    CHECK(run("softirqs.RCU", {200000, 200001, 200002}, {100000, 100001, 100002}, more).changed);
    metric_context all;
    all.everything = true;
    CHECK(run("softirqs.RCU", {200000, 200001, 200002}, {100000, 100001, 100002}, {}, all).changed);
    // A statistical policy tests the same family whatever rows are shown.
    change_policy utest;
    utest.kind = policy_kind::mann_whitney;
    CHECK_FALSE(run("softirqs.RCU", {200000, 200001, 200002, 200003}, {100000, 100001, 100002, 100003}, utest, all)
                    .candidate);
  }
  SUBCASE("a metric the base lacks") {
    metric_context absent;
    absent.in_base = false;
    CHECK(run("fio.new_metric", {5, 5, 5}, {0, 0, 0}, {}, absent).reason == "not in the base");
    absent.base_has_family = true;
    CHECK(run("perf-profile.self.cycles-pp.x", {5, 5, 5}, {0, 0, 0}, {}, absent).candidate);
  }
  SUBCASE("a .fail without its .pass sibling in the base") {
    metric_context lonely;
    lonely.base_has_sibling = false;
    CHECK(run("ltp.syscalls.fail", {1, 1, 1}, {0, 0, 0}, {}, lonely).reason == "no pass/fail sibling in the base");
  }
}

TEST_CASE("robot floors: ratio above 1.01, above 1.05 for secondary metrics") {
  CHECK(run("fio.write_bw_MBps", {103, 103, 103}, {100, 100, 100}).changed);  // primary: 1.03 is enough
  CHECK(run("turbostat.Avg_MHz", {103, 103, 103}, {100, 100, 100}).reason ==
        "ratio below 1.05 for a secondary metric");
  CHECK(run("turbostat.Avg_MHz", {105, 105, 105}, {100, 100, 100}).reason ==
        "ratio below 1.05 for a secondary metric");  // strictly above 1.05
  CHECK(run("fio.write_bw_MBps", {1001, 1001, 1001}, {1000, 1000, 1000}).reason == "ratio below 1.01");
  CHECK(run("proc-vmstat.pgfault", {900, 900, 900}, {100, 100, 100}).reason == "below the family's floor");
}

TEST_CASE("robot failure counts: the maxima differ; the medians too only when asked to depart from the robot") {
  CHECK(run("dmesg.BUG:foo", {1, 1, 1}, {0, 0, 0}).changed);
  // A failure in one run of three: medians 0 and 0, so the ratio is the maximum, and the robot reports it.
  CHECK(run("dmesg.BUG:foo", {0, 0, 1}, {0, 0, 0}).changed);
  change_policy strict;
  strict.robot.failure_needs_median_change = true;
  CHECK(run("dmesg.BUG:foo", {0, 0, 1}, {0, 0, 0}, strict).reason == "failure medians equal");
  CHECK(run("dmesg.BUG:foo", {1, 1, 1}, {1, 1, 1}).reason == "failure maxima equal");
  // Equal non-zero medians: the ratio is 1, below the robot's floor, whatever the maxima.
  CHECK(run("dmesg.BUG:foo", {1, 1, 2}, {1, 1, 1}).reason == "ratio below 1.01");
}

TEST_CASE("robot options: distance, gap, variance") {
  change_policy distance;
  distance.robot.distance = 1;
  CHECK(run("fio.x", {110, 111, 112}, {100, 101, 102}, distance).changed);
  CHECK_FALSE(run("fio.x", {103, 104, 105}, {100, 101, 102}, distance).changed);  // integer ranges 1 apart
  change_policy gap;
  gap.robot.gap = 2;
  CHECK_FALSE(run("fio.x", {110, 111, 112}, {100, 101, 102}, gap).changed);  // gap 8 < 2 x 10
  gap.robot.gap = 0.5;
  CHECK(run("fio.x", {110, 111, 112}, {100, 101, 102}, gap).changed);
  change_policy variance;
  variance.robot.variance = 2;
  std::vector<double> tight(10, 100.0), wide;
  for (int i = 0; i < 10; ++i) wide.push_back(90 + 4.0 * i);  // median 110: the ratio floor holds
  tight[0] = 99;
  CHECK(run("fio.x", wide, tight, variance).changed);
  CHECK(run("fio.x", {1, 2, 3}, {1, 2, 3}, variance).reason == "variance needs 10 runs on each side");
}

TEST_CASE("statistical policies report a p-value and compare it with alpha") {
  change_policy u;
  u.kind = policy_kind::mann_whitney;
  const auto v = run("fio.x", {110, 111, 112, 113, 114}, {100, 101, 102, 103, 104}, u);
  REQUIRE(v.p_value.has_value());
  CHECK(*v.p_value == doctest::Approx(0.007936507936507936));  // 2 / C(10, 5)
  CHECK(v.changed);
  u.alpha = 0.005;
  CHECK_FALSE(run("fio.x", {110, 111, 112, 113, 114}, {100, 101, 102, 103, 104}, u).changed);
  change_policy t;
  t.kind = policy_kind::welch;
  const auto w = run("fio.x", {110, 111, 112}, {100, 101, 102}, t);
  REQUIRE(w.p_value.has_value());
  CHECK(*w.p_value < 0.001);
  CHECK(w.changed);
  SUBCASE("statistics do not override the candidate rules") {
    CHECK_FALSE(run("softirqs.RCU", {1, 2, 3}, {7, 8, 9}, t).p_value.has_value());
  }
}

TEST_CASE("ratio and delta of trimmed ranges") {
  constexpr auto rd = ratio_and_delta({90, 100, 110, 5}, {45, 50, 55, 5});
  static_assert(rd.ratio == 2 && rd.delta == 50 && rd.max == 110);
  CHECK(ratio_and_delta({1, 2, 3, 3}, {-3, -2, -1, 3}).ratio == 5);
}
