// Judging one commit of a bisection (analysis/bisect.hpp).
#include <doctest/doctest.h>

#include "perfmail/analysis/bisect.hpp"
#include "perfmail/error.hpp"

#include <vector>

using namespace perfmail;

namespace {

/// `n` samples around `level`, spread by -2..+2 (deterministic).
std::vector<double> around(double level, std::size_t n) {
  std::vector<double> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(level + static_cast<double>(i % 5) - 2 + 0.01 * static_cast<double>(i));
  return out;
}

}  // namespace

TEST_CASE("bisect: the looks double from the first runs to the most, and share alpha") {
  CHECK(bisect_schedule({}) == std::vector<std::size_t>{5, 10, 20, 30});
  CHECK(bisect_schedule({0.01, 3, 3}) == std::vector<std::size_t>{3});
  CHECK(bisect_schedule({0.01, 4, 17}) == std::vector<std::size_t>{4, 8, 16, 17});
  CHECK(bisect_look_level({}) == doctest::Approx(0.0025));
  CHECK_THROWS_AS((void)bisect_schedule({0.01, 0, 5}), usage_error);
  CHECK_THROWS_AS((void)bisect_schedule({0.01, 6, 5}), usage_error);
}

TEST_CASE("bisect: references that cannot be told apart, or too few, make bisecting hopeless") {
  CHECK(check_bisect_references(around(100, 20), around(120, 20), {}).problem.empty());
  CHECK(check_bisect_references(around(100, 20), around(100.5, 20), {}).problem.find("cannot be told apart") !=
        std::string::npos);
  // Four samples a side tell good from bad at 0.1, but two runs of a commit can never reach 0.1 against
  // four: 2 / C(6, 2) is 0.13.
  CHECK(check_bisect_references(around(100, 4), around(200, 4), {0.1, 2, 2}).problem.find("too few") !=
        std::string::npos);
  CHECK(check_bisect_references({}, around(200, 5), {}).problem.find("good results have no sample") != std::string::npos);
}

TEST_CASE("bisect: like bad, like good, half-way, and unclear") {
  const auto good = around(100, 20);
  const auto bad = around(120, 20);
  const bisect_policy policy;
  const bisect_judgement b = judge_commit(good, bad, around(120, 5), policy, false);
  CHECK(b.answer == bisect_answer::bad);
  CHECK(b.p_good < 0.0025);
  CHECK(b.position == doctest::Approx(1).epsilon(0.05));
  CHECK(judge_commit(good, bad, around(100, 5), policy, false).answer == bisect_answer::good);
  // Beyond bad is bad, beyond good is good.
  CHECK(judge_commit(good, bad, around(140, 5), policy, false).answer == bisect_answer::bad);
  CHECK(judge_commit(good, bad, around(80, 5), policy, false).answer == bisect_answer::good);
  // Half-way and unlike both: neither, and more runs would not change it.
  const bisect_judgement half = judge_commit(good, bad, around(110, 10), policy, false);
  CHECK(half.answer == bisect_answer::undecided);
  CHECK(half.reason.find("neither good nor bad") != std::string::npos);
  // Too few runs to be unlike either: more runs, then undecided at the last look.
  const std::vector<double> two{110, 111};
  CHECK(judge_commit(good, bad, two, policy, false).answer == bisect_answer::more_runs);
  CHECK(judge_commit(good, bad, two, policy, true).answer == bisect_answer::undecided);
  CHECK(judge_commit(good, bad, {}, policy, true).answer == bisect_answer::undecided);
}

TEST_CASE("bisect: the same samples, the same judgement") {
  const auto good = around(100, 20);
  const auto bad = around(90, 20);  // a metric that went down: the same rules, t still from good to bad
  const auto current = around(90.5, 10);
  const bisect_judgement a = judge_commit(good, bad, current, {}, false);
  const bisect_judgement b = judge_commit(good, bad, current, {}, false);
  CHECK(a.answer == bisect_answer::bad);
  CHECK(a.reason == b.reason);
  CHECK(a.p_good == b.p_good);
}
