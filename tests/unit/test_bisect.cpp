// Judging one commit of a bisection (analysis/bisect.hpp, analysis/bisect_runs.hpp) and the state that
// measured ends keep between commits (io/bisect_state.hpp). The stored-ends judge is checked against
// values computed independently (tests/reference/bisect_reference.py, from the full covariance matrix);
// its error rates over whole bisections are measured by bench/sim_bisect.cpp, not here.
#include <doctest/doctest.h>

#include "perfmail/analysis/bisect.hpp"
#include "perfmail/analysis/bisect_runs.hpp"
#include "perfmail/error.hpp"
#include "perfmail/io/bisect_state.hpp"
#include "perfmail/text/statistic_text.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

using namespace perfmail;

namespace {

struct bisect_stored_case {
  const char* name;
  end_samples good;
  end_samples bad;
  std::vector<double> current;
  double alpha;
  double build_ratio;
  double evidence;
  bisect_answer answer;
  double position;
  bool stale;
};

/// A round as the reference prints it: NaN where the round did not run an end.
struct reference_round {
  std::size_t step;
  double good;
  double bad;
  double current;
  bisect_answer verdict;
};

struct bisect_rounds_case {
  const char* name;
  std::vector<reference_round> earlier;
  std::vector<reference_round> current;
  double alpha;
  std::vector<double> evidence;  ///< after each of the commit's rounds, the drift model's (one build)
  bisect_answer answer;
  double position;
  std::vector<double> paired_evidence;  ///< the same with rounds paired (the model of several builds)
  bisect_answer paired_answer;
};

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

#include "reference/bisect_reference.inc"

std::vector<bisect_round> rounds_of_reference(const std::vector<reference_round>& rows) {
  std::vector<bisect_round> out;
  const auto value = [](double v) { return std::isnan(v) ? std::nullopt : std::optional<double>(v); };
  for (const reference_round& row : rows) out.push_back({value(row.good), value(row.bad), row.current, 0, row.step, row.verdict});
  return out;
}

/// `n` samples around `level`, spread by -2..+2 (deterministic).
std::vector<double> around(double level, std::size_t n) {
  std::vector<double> out;
  for (std::size_t i = 0; i < n; ++i)
    out.push_back(level + static_cast<double>(i % 5) - 2 + 0.01 * static_cast<double>(i));
  return out;
}

/// A deterministic stand-in for noise of SD about 1: the fractional parts of multiples of the golden ratio.
double wobble(std::size_t i) {
  const double x = std::fmod(0.6180339887498949 * static_cast<double>(i + 1), 1.0);
  return 3.4 * (x - 0.5);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("bisect: the threshold is log(1 / alpha), and alpha must lie in (0, 1)") {
  CHECK(bisect_threshold({0.01, 30}) == doctest::Approx(std::log(100.0)));
  CHECK_THROWS_AS((void)bisect_threshold({0, 30}), usage_error);
  CHECK_THROWS_AS((void)bisect_threshold({1, 30}), usage_error);
  CHECK_THROWS_AS((void)bisect_threshold({std::nan(""), 30}), usage_error);
}

TEST_CASE("bisect: the stored-ends judge agrees with the reference computed from the full covariance") {
  for (const bisect_stored_case& c : bisect_stored_cases) {
    CAPTURE(c.name);
    const bisect_policy policy{c.alpha, 30};
    const bisect_references refs = check_bisect_references(c.good, c.bad, policy);
    CHECK(refs.build_spread_ratio == doctest::Approx(c.build_ratio).epsilon(1e-9));
    CHECK(refs.build_spread_measured == (c.good.size() > 1 || c.bad.size() > 1));
    // One run with every sample, and the same samples a run each: the evidence moves a sample at a time.
    const std::vector<std::vector<double>> one_run{c.current};
    std::vector<std::vector<double>> runs;
    for (const double x : c.current) runs.push_back({x});
    for (const std::vector<std::vector<double>>* given : std::array{&one_run, static_cast<const std::vector<std::vector<double>>*>(&runs)}) {
      const bisect_judgement j = judge_stored(c.good, c.bad, *given, policy, true);
      CHECK(j.evidence == doctest::Approx(c.evidence).epsilon(1e-9));
      CHECK(j.answer == c.answer);
      CHECK(j.stale_ends == c.stale);
      REQUIRE(j.position);
      CHECK(*j.position == doctest::Approx(c.position).epsilon(1e-9));
      CHECK(j.observations == c.current.size());
      CHECK(j.threshold == doctest::Approx(std::log(1 / c.alpha)));
    }
  }
}

TEST_CASE("bisect: the rounds judge agrees with the reference computed from the raw runs") {
  // One build of each tree: the drift model. Two builds, every round of the first: rounds paired, with
  // no spread between builds to measure (a set of one build each).
  for (const std::size_t builds : {1U, 2U}) {
    CAPTURE(builds);
    for (const bisect_rounds_case& c : bisect_rounds_cases) {
      CAPTURE(std::string(c.name));
      const bisect_policy policy{c.alpha, 30};
      const std::vector<bisect_round> earlier = rounds_of_reference(c.earlier);
      const std::vector<bisect_round> current = rounds_of_reference(c.current);
      const std::vector<double>& expected = builds == 1 ? c.evidence : c.paired_evidence;
      REQUIRE(current.size() == expected.size());
      for (std::size_t k = 1; k <= current.size(); ++k) {
        CAPTURE(k);
        const bisect_judgement j =
            judge_rounds(earlier, std::span<const bisect_round>(current.data(), k), builds, policy, false);
        CHECK(j.evidence == doctest::Approx(expected[k - 1]).epsilon(1e-9));
        CHECK(j.observations == k);
        if (k == current.size()) {
          CHECK(j.answer == (builds == 1 ? c.answer : c.paired_answer));
          REQUIRE(j.position);
          CHECK(*j.position == doctest::Approx(c.position).epsilon(1e-9));
        }
      }
    }
  }
}

TEST_CASE("bisect: the rounds judge does not depend on the unit or the origin of the values") {
  // The same runs in another unit (times 3, not a power of two, so the judge's own scaling does not
  // undo it) and shifted: every model the drift judge mixes has the same parameters, so the evidence is
  // the same (a mixture of models with different numbers of flat-prior parameters would not be).
  for (const bisect_rounds_case& c : bisect_rounds_cases) {
    CAPTURE(std::string(c.name));
    const auto moved = [](std::vector<bisect_round> rounds) {
      for (bisect_round& r : rounds)
        for (std::optional<double>* v : {&r.good, &r.bad, &r.current})
          if (*v) **v = 3 * **v + 1000;
      return rounds;
    };
    const std::vector<bisect_round> earlier = rounds_of_reference(c.earlier);
    const std::vector<bisect_round> current = rounds_of_reference(c.current);
    const bisect_policy policy{c.alpha, 30};
    for (const std::size_t builds : {1U, 2U}) {
      CAPTURE(builds);
      const bisect_judgement j = judge_rounds(earlier, current, builds, policy, false);
      const bisect_judgement k = judge_rounds(moved(earlier), moved(current), builds, policy, false);
      CHECK(k.evidence == doctest::Approx(j.evidence).epsilon(1e-7));
      CHECK(k.answer == j.answer);
    }
  }
}

TEST_CASE("bisect: rounds of one end begin once nine rounds of both tell the ends apart, with one build") {
  std::vector<bisect_round> both;
  for (std::size_t i = 0; i < 12; ++i) both.push_back({100 + wobble(3 * i), 104 + wobble(3 * i + 1), 100 + wobble(3 * i + 2), 0, 0});
  const std::span<const bisect_round> all(both);
  CHECK_FALSE(bisect_one_end_rounds({}, all.first(8), 1));
  CHECK(bisect_one_end_rounds({}, all.first(9), 1));
  CHECK(bisect_one_end_rounds(all.first(5), all.subspan(5, 4), 1));  // earlier rounds count
  CHECK_FALSE(bisect_one_end_rounds({}, all, 2));                    // several builds: always both ends
  // Ends that are not told apart with t >= 4 keep both.
  std::vector<bisect_round> close;
  for (std::size_t i = 0; i < 12; ++i) close.push_back({100 + wobble(3 * i), 101 + wobble(3 * i + 1), 100, 0, 0});
  CHECK_FALSE(bisect_one_end_rounds({}, close, 1));
  // A round of one end counts for nothing here.
  std::vector<bisect_round> lone(12, bisect_round{100, std::nullopt, 100, 0, 0});
  CHECK_FALSE(bisect_one_end_rounds({}, lone, 1));
}

TEST_CASE("bisect: the rounds loop runs one end a round once told apart, spends the runs of max_runs rounds, "
          "and gives the verdict to every round") {
  const bisect_policy policy{0.01, 6};
  std::vector<bisect_round> earlier;
  for (std::size_t i = 0; i < 10; ++i)
    earlier.push_back({100 + wobble(3 * i), 104 + wobble(3 * i + 1), 100 + wobble(3 * i + 2), 0, 0, bisect_answer::good});
  std::size_t runs = 0;
  std::size_t calls = 0;
  // A commit exactly half-way between steady ends: every round fits either hypothesis as badly (the noise
  // is the earlier rounds'), so the loop spends its whole budget of 6 rounds of three.
  const bisect_rounds_outcome half = judge_in_rounds(earlier, 1, 1, 9, policy, [&](bisect_tree tree, std::size_t) {
    ++runs;
    return tree == bisect_tree::good ? 100.0 : tree == bisect_tree::bad ? 104.0 : 102.0;
  });
  CHECK(half.judgement.answer == bisect_answer::undecided);
  CHECK(runs == 18);
  CHECK(half.rounds.size() == 9);
  for (std::size_t i = 0; i < half.rounds.size(); ++i) {
    CAPTURE(i);
    CHECK(half.rounds[i].current);
    CHECK(half.rounds[i].good.has_value() != half.rounds[i].bad.has_value());
    CHECK(half.rounds[i].good.has_value() == (i % 2 == 0));  // good first, then in turn
    CHECK(half.rounds[i].verdict == bisect_answer::undecided);
  }
  // A commit like bad: decided, and every round carries the verdict.
  runs = 0;
  const bisect_rounds_outcome bad = judge_in_rounds(earlier, 1, 1, 9, {0.01, 30}, [&](bisect_tree tree, std::size_t) {
    ++runs;
    ++calls;
    return (tree == bisect_tree::good ? 100.0 : 104.0) + wobble(runs);
  });
  CHECK(bad.judgement.answer == bisect_answer::bad);
  CHECK(calls == 2 * bad.rounds.size());
  CHECK(std::all_of(bad.rounds.begin(), bad.rounds.end(), [](const bisect_round& r) { return r.verdict == bisect_answer::bad; }));
}

TEST_CASE("bisect: commits judged before tell the ends' difference, so the next judgement needs fewer rounds") {
  const bisect_policy policy{0.01, 30};
  std::vector<bisect_round> ends_only;
  std::vector<bisect_round> with_verdicts;
  for (std::size_t i = 0; i < 6; ++i) {
    const bisect_round r{100 + wobble(3 * i), 101.5 + wobble(3 * i + 1), 101.5 + wobble(3 * i + 2), 0, 1};
    ends_only.push_back(r);
    with_verdicts.push_back(r);
    with_verdicts.back().verdict = bisect_answer::bad;
  }
  std::vector<bisect_round> now;
  for (std::size_t i = 0; i < 6; ++i) now.push_back({100 + wobble(3 * i + 40), 101.5 + wobble(3 * i + 41), 100 + wobble(3 * i + 42), 0, 2});
  // With rounds paired (two builds, every round of the first: the model of several builds).
  const std::span<const bisect_round> first_two(now.data(), 2);
  const bisect_judgement plain = judge_rounds(ends_only, first_two, 2, policy, false);
  const bisect_judgement helped = judge_rounds(with_verdicts, first_two, 2, policy, false);
  CHECK(plain.evidence > -plain.threshold / 2 * 2);  // not saturated by the bounds: the comparison means something
  CHECK(helped.evidence < plain.evidence);  // further towards good
  CHECK(plain.evidence < 0);
  // The drift model (one build) takes the earlier commit's runs only with its verdict; either way the
  // commit like good leans good.
  const bisect_judgement walk_plain = judge_rounds(ends_only, first_two, 1, policy, false);
  const bisect_judgement walk_helped = judge_rounds(with_verdicts, first_two, 1, policy, false);
  CHECK(walk_plain.evidence < 0);
  CHECK(walk_helped.evidence < 0);
  CHECK(walk_helped.evidence != doctest::Approx(walk_plain.evidence));
}

TEST_CASE("bisect: the stored-ends judge stops as soon as the evidence is enough, and says so") {
  const end_samples good{around(100, 20)};
  const end_samples bad{around(120, 20)};
  const bisect_policy policy;
  REQUIRE(check_bisect_references(good, bad, policy).problem.empty());
  // One sample right at an end decides nothing alone (every step is bounded by half the threshold)...
  const std::vector<std::vector<double>> one{{120}};
  CHECK(judge_stored(good, bad, one, policy, false).answer == bisect_answer::more_runs);
  CHECK(judge_stored(good, bad, one, policy, true).answer == bisect_answer::undecided);
  // ...two or three do.
  const std::vector<std::vector<double>> three{{120}, {119.5}, {120.5}};
  const bisect_judgement b = judge_stored(good, bad, three, policy, false);
  CHECK(b.answer == bisect_answer::bad);
  CHECK(b.evidence >= b.threshold);
  CHECK(contains(b.reason, "lies at 1.0"));
  const std::vector<std::vector<double>> low{{100}, {100.5}, {99.5}};
  CHECK(judge_stored(good, bad, low, policy, false).answer == bisect_answer::good);
  // No sample yet: more runs; none at the last look: undecided, with the reason.
  const bisect_judgement none = judge_stored(good, bad, {}, policy, true);
  CHECK(none.answer == bisect_answer::undecided);
  CHECK(contains(none.reason, "no sample"));
}

TEST_CASE("bisect: a commit far beyond the ends is not judged: the ends may be stale") {
  const end_samples good{around(100, 20)};
  const end_samples bad{around(110, 20)};
  const bisect_policy policy;
  std::vector<std::vector<double>> runs;
  for (std::size_t i = 0; i < 6; ++i) runs.push_back({125 + wobble(i)});
  const bisect_judgement j = judge_stored(good, bad, runs, policy, false);
  CHECK(j.stale_ends);
  CHECK(j.answer == bisect_answer::undecided);
  CHECK(contains(j.reason, "beyond the bad end"));
  CHECK(contains(j.reason, "--good-rev"));
  // Just past the bad end, within the noise: judged bad as usual.
  runs.clear();
  for (std::size_t i = 0; i < 6; ++i) runs.push_back({111 + wobble(i)});
  const bisect_judgement near = judge_stored(good, bad, runs, policy, false);
  CHECK_FALSE(near.stale_ends);
  CHECK(near.answer == bisect_answer::bad);
}

TEST_CASE("bisect: ends that cannot be told apart, or can never decide, make bisecting hopeless") {
  CHECK(check_bisect_references({around(100, 20)}, {around(120, 20)}, {}).problem.empty());
  CHECK(contains(check_bisect_references({around(100, 20)}, {around(100.5, 20)}, {}).problem, "cannot be told apart"));
  // Four samples a side, told apart at 0.1, but one run can never reach the threshold (no sample moves
  // the evidence by more than half of it); three can, against ends this far apart.
  CHECK(contains(check_bisect_references({around(100, 4)}, {around(104, 4)}, {0.1, 1}).problem, "too few or too spread"));
  CHECK(check_bisect_references({around(100, 4)}, {around(140, 4)}, {0.1, 3}).problem.empty());
  CHECK(contains(check_bisect_references({}, {around(200, 5)}, {}).problem, "good results have no sample"));
  CHECK(contains(check_bisect_references({around(200, 5)}, {{}}, {}).problem, "bad results have no sample"));
  const bisect_references two = check_bisect_references({around(100, 10), around(101, 10)}, {around(120, 20)}, {});
  CHECK(two.build_spread_measured);
  CHECK_FALSE(check_bisect_references({around(100, 20)}, {around(120, 20)}, {}).build_spread_measured);
}

TEST_CASE("bisect: the extremes of a double are judged without overflow") {
  const double big = 1.7e308;
  const end_samples good{{-big, -big * 0.999, -big * 0.998, -big * 0.9995, -big * 0.9985, -big * 0.9975}};
  const end_samples bad{{big, big * 0.999, big * 0.998, big * 0.9995, big * 0.9985, big * 0.9975}};
  const bisect_policy policy{0.01, 30};
  REQUIRE(check_bisect_references(good, bad, policy).problem.empty());
  const std::vector<std::vector<double>> runs{{big * 0.9992}, {big * 0.9987}, {big * 0.9991}, {big * 0.9983}};
  const bisect_judgement j = judge_stored(good, bad, runs, policy, true);
  CHECK(j.answer == bisect_answer::bad);
  CHECK(std::isfinite(j.evidence));
  REQUIRE(j.position);
  CHECK(std::isfinite(*j.position));
  CHECK_FALSE(contains(j.reason, "inf"));
  CHECK_FALSE(contains(j.reason, "nan"));
}

TEST_CASE("bisect: one look at results made already uses the whole alpha and never prints NaN") {
  const std::vector<double> good = around(100, 10);
  const std::vector<double> bad = around(120, 10);
  const bisect_policy policy{0.01, 30};
  CHECK(judge_single_look(good, bad, around(120, 6), policy).answer == bisect_answer::bad);
  CHECK(judge_single_look(good, bad, around(100, 6), policy).answer == bisect_answer::good);
  const bisect_judgement half = judge_single_look(good, bad, around(110, 6), policy);
  CHECK(half.answer == bisect_answer::undecided);
  CHECK(contains(half.reason, "neither good nor bad"));
  CHECK(judge_single_look(good, bad, {}, policy).answer == bisect_answer::undecided);
  // Equal medians of the ends, and the extremes of a double: placed, not NaN.
  const std::vector<double> flat_good{1, 1, 1, 1, 1, 0.5};
  const std::vector<double> flat_bad{1, 1, 1, 1, 1, 3};
  const bisect_judgement flat = judge_single_look(flat_good, flat_bad, std::vector<double>{1, 1, 1}, policy);
  CHECK_FALSE(contains(flat.reason, "nan"));
  const std::vector<double> huge_good{-1.7e308, -1.6e308, -1.5e308, -1.65e308, -1.55e308};
  const std::vector<double> huge_bad{1.7e308, 1.6e308, 1.5e308, 1.65e308, 1.55e308};
  const bisect_judgement huge = judge_single_look(huge_good, huge_bad, std::vector<double>{1.6e308, 1.62e308, 1.58e308}, policy);
  CHECK_FALSE(contains(huge.reason, "nan"));
  CHECK_FALSE(contains(huge.reason, "inf"));
  if (huge.position) CHECK(std::isfinite(*huge.position));
}

TEST_CASE("bisect: one look decides equal medians of the ends by the ranks") {
  const bisect_policy policy{0.01, 30};
  // The ends share the median 1 but not their samples: the good end's others are below it, the bad
  // end's above. More than half of the differences between the ends are 0, so their shift is 0 and no
  // place between them exists: the tests alone decide, and the good end's own samples are good.
  std::vector<double> good(29, 1.0);
  std::vector<double> bad(29, 1.0);
  for (int i = 0; i < 11; ++i) {
    good.push_back(0.5 + 0.01 * i);
    bad.push_back(3 + 0.01 * i);
  }
  const bisect_judgement like_good = judge_single_look(good, bad, good, policy);
  CHECK(like_good.answer == bisect_answer::good);
  CHECK_FALSE(like_good.position.has_value());
  CHECK_FALSE(contains(like_good.reason, "nan"));
  const bisect_judgement like_bad = judge_single_look(good, bad, bad, policy);
  CHECK(like_bad.answer == bisect_answer::bad);
  CHECK_FALSE(contains(like_bad.reason, "nan"));
}

TEST_CASE("bisect: one look decides the extremes of a double like any other numbers") {
  const bisect_policy policy{0.01, 30};
  // The ends near -1.7e308 and +1.7e308 (their distance is beyond a double), the commit near +1.7e308:
  // bad; near -1.7e308: good; the place between the ends finite.
  std::vector<double> good;
  std::vector<double> bad;
  for (int i = 0; i < 10; ++i) {
    good.push_back(-1.7e308 * (0.95 + 0.01 * i));
    bad.push_back(1.7e308 * (0.95 + 0.01 * i));
  }
  const std::vector<double> near_bad{1.62e308, 1.66e308, 1.7e308, 1.64e308, 1.68e308, 1.72e308};
  const bisect_judgement b = judge_single_look(good, bad, near_bad, policy);
  CHECK(b.answer == bisect_answer::bad);
  REQUIRE(b.position);
  CHECK(std::isfinite(*b.position));
  CHECK(*b.position == doctest::Approx(1).epsilon(0.05));
  CHECK_FALSE(contains(b.reason, "nan"));
  CHECK_FALSE(contains(b.reason, "inf"));
  std::vector<double> near_good;
  for (const double x : near_bad) near_good.push_back(-x);
  const bisect_judgement g = judge_single_look(good, bad, near_good, policy);
  CHECK(g.answer == bisect_answer::good);
  REQUIRE(g.position);
  CHECK(*g.position == doctest::Approx(0).epsilon(0.05));
  CHECK_FALSE(contains(g.reason, "nan"));
  CHECK_FALSE(contains(g.reason, "inf"));
}

TEST_CASE("bisect: rounds judge the commit against the ends measured beside it, whatever the drift") {
  const bisect_policy policy{0.01, 30};
  // The machine slows by 1% a round: the ends and the commit drift alike within each round.
  const auto rounds_of = [](double commit_share, std::size_t count, std::size_t step) {
    std::vector<bisect_round> out;
    for (std::size_t i = 0; i < count; ++i) {
      const double speed = 1 + 0.01 * static_cast<double>(i + 10 * step);
      bisect_round r;
      r.good = (100 + wobble(3 * i)) * speed;
      r.bad = (104 + wobble(3 * i + 1)) * speed;
      r.current = (100 + 4 * commit_share + wobble(3 * i + 2)) * speed;
      r.step = step;
      out.push_back(r);
    }
    return out;
  };
  const auto like_bad = rounds_of(1, 12, 0);
  const auto like_good = rounds_of(0, 12, 0);
  const bisect_judgement b = judge_rounds({}, like_bad, 1, policy, false);
  const bisect_judgement g = judge_rounds({}, like_good, 1, policy, false);
  CHECK(b.answer == bisect_answer::bad);
  CHECK(g.answer == bisect_answer::good);
  REQUIRE(b.ends_p_value);
  CHECK(*b.ends_p_value < 0.01);
  REQUIRE(b.position);
  CHECK(*b.position == doctest::Approx(1).epsilon(0.3));
  // The earlier commits' ends tell the difference at once: fewer rounds are needed.
  const auto earlier = rounds_of(0, 20, 1);
  std::size_t alone = 0;
  std::size_t helped = 0;
  for (std::size_t n = 1; n <= like_bad.size(); ++n) {
    const std::span<const bisect_round> first(like_bad.data(), n);
    if (alone == 0 && judge_rounds({}, first, 1, policy, false).answer == bisect_answer::bad) alone = n;
    if (helped == 0 && judge_rounds(earlier, first, 1, policy, false).answer == bisect_answer::bad) helped = n;
  }
  CHECK(helped > 0);
  CHECK(helped < alone);
  // Ends that stay alike: nothing decided at the last round, and the reason says why.
  std::vector<bisect_round> alike;
  for (std::size_t i = 0; i < 10; ++i) alike.push_back({100 + wobble(3 * i), 100 + wobble(3 * i + 1), 100 + wobble(3 * i + 2), 0, 0});
  const bisect_judgement none = judge_rounds({}, alike, 1, policy, true);
  CHECK(none.answer == bisect_answer::undecided);
  CHECK(contains(none.reason, "the ends cannot be told apart"));
}

TEST_CASE("bisect: builds that differ are judged against the spread between builds") {
  const bisect_policy policy{0.01, 30};
  // Each build of each tree runs 3 units faster or slower (far beyond the noise of 1): the commit's
  // build 1 runs like bad by chance although its code is good.
  const std::vector<double> offset{0, 3, -3, 1.5};
  std::vector<bisect_round> earlier;
  for (std::size_t step = 0; step < 3; ++step)
    for (std::size_t i = 0; i < 8; ++i) {
      const std::size_t build = i % 4;
      earlier.push_back({100 + offset[(build + step) % 4] + wobble(i), 104 + offset[(build + 2) % 4] + wobble(i + 1),
                         102 + 2 * (step % 2 == 0 ? 1.0 : -1.0) + offset[(build + step + 1) % 4] + wobble(i + 2), build,
                         step});
    }
  std::vector<bisect_round> current;
  for (std::size_t i = 0; i < 4; ++i)
    current.push_back({100 + offset[i % 4] + wobble(i), 104 + offset[(i + 2) % 4] + wobble(i + 1),
                       100 + 4 + wobble(i + 2), i % 4, 3});
  // With four builds the offsets are measured, and four rounds of an unlucky build do not decide.
  const bisect_judgement many = judge_rounds(earlier, std::span<const bisect_round>(current.data(), 1), 4, policy, false);
  CHECK(many.answer == bisect_answer::more_runs);
  CHECK(contains(many.reason, "the builds' spread"));
}

TEST_CASE("bisect: a round's order is a seeded permutation, the same everywhere") {
  std::set<std::array<bisect_tree, 3>> seen;
  for (std::size_t round = 1; round <= 60; ++round) {
    const auto order = bisect_round_order(42, round);
    auto sorted = order;
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted == std::array{bisect_tree::good, bisect_tree::bad, bisect_tree::current});
    CHECK(order == bisect_round_order(42, round));
    seen.insert(order);
  }
  CHECK(seen.size() == 6);
  // Another seed, another sequence.
  bool differs = false;
  for (std::size_t round = 1; round <= 10; ++round) differs = differs || bisect_round_order(43, round) != bisect_round_order(42, round);
  CHECK(differs);
  CHECK(name_of(bisect_tree::good) == "good");
  CHECK(name_of(bisect_tree::bad) == "bad");
  CHECK(name_of(bisect_tree::current) == "current");
}

TEST_CASE("bisect: the loops ask for runs until the judge decides, and no more") {
  const bisect_policy policy{0.01, 30};
  std::size_t calls = 0;
  std::size_t builds_seen = 0;
  const bisect_run run = [&](bisect_tree tree, std::size_t build) {
    builds_seen = std::max(builds_seen, build + 1);
    const double level = tree == bisect_tree::good ? 100 : 104;  // the commit is like bad
    const double value = level * (1 + 0.002 * static_cast<double>(calls)) + wobble(calls);
    ++calls;
    return value;
  };
  std::size_t told = 0;
  const bisect_rounds_outcome out =
      judge_in_rounds({}, 2, 5, 7, policy, run, [&](const bisect_round&, const bisect_judgement&) { ++told; });
  CHECK(out.judgement.answer == bisect_answer::bad);
  CHECK(calls == 3 * out.rounds.size());
  CHECK(told == out.rounds.size());
  CHECK(builds_seen == 2);
  CHECK(std::all_of(out.rounds.begin(), out.rounds.end(), [](const bisect_round& r) { return r.step == 5 && r.current; }));

  // Stored ends: runs of the commit until the judge decides; at most max_runs of them.
  std::size_t runs = 0;
  const bisect_runs_outcome stored = judge_by_runs({around(100, 20)}, {around(120, 20)}, policy, [&] {
    ++runs;
    return std::vector<double>{100 + wobble(runs)};
  });
  CHECK(stored.judgement.answer == bisect_answer::good);
  CHECK(runs == stored.runs.size());
  CHECK(runs < 10);
  runs = 0;
  const bisect_runs_outcome middle = judge_by_runs({around(100, 20)}, {around(120, 20)}, {0.01, 7}, [&] {
    ++runs;
    return std::vector<double>{110 + wobble(runs)};
  });
  CHECK(middle.judgement.answer == bisect_answer::undecided);
  CHECK(runs == 7);
}

TEST_CASE("bisect: an end's builds are pooled in order, and one build of each is noted as leaving the spread "
          "between builds unmeasured") {
  CHECK(pooled_samples({{3, 1}, {}, {2}}) == std::vector<double>{3, 1, 2});
  CHECK(pooled_samples({}).empty());
  const std::string unmeasured = "the spread between builds is not measured, so a commit's build that runs a little "
                                 "faster or slower is judged as if it were the code";
  CHECK(check_bisect_references({around(100, 20)}, {around(120, 20)}, {}).note == "one build of each end: " + unmeasured);
  CHECK(check_bisect_references({around(100, 10), around(101, 10)}, {around(120, 20)}, {}).note.empty());
  CHECK(rounds_build_spread_note(1) == "one build of each tree: " + unmeasured);
  CHECK(rounds_build_spread_note(2).empty());
}

TEST_CASE("bisect: a run's value is the median of its samples, and a decided answer names its end") {
  CHECK(bisect_run_value(std::vector<double>{5, 1, 100}) == 5);
  CHECK(bisect_run_value(std::vector<double>{10, 1, 3, 2}) == 2.5);
  CHECK(bisect_run_value(std::vector<double>{7}) == 7);
  CHECK(end_like(bisect_answer::good) == bisect_tree::good);
  CHECK(end_like(bisect_answer::bad) == bisect_tree::bad);
  CHECK_FALSE(end_like(bisect_answer::undecided));
  CHECK_FALSE(end_like(bisect_answer::more_runs));
}

TEST_CASE("bisect: rounds spent on ends that stay alike stop the bisection; ends told apart do not") {
  const bisect_policy policy{0.01, 4};
  std::size_t runs = 0;
  const bisect_rounds_outcome alike = judge_in_rounds({}, 1, 0, 3, policy, [&](bisect_tree, std::size_t) {
    return 100 + wobble(runs++);
  });
  REQUIRE(alike.judgement.answer == bisect_answer::undecided);
  REQUIRE(alike.judgement.ends_p_value);
  CHECK(*alike.judgement.ends_p_value > policy.alpha);
  CHECK(alike.problem == "after " + std::to_string(alike.rounds.size()) + " rounds the ends still cannot be told "
                         "apart (p=" + text::p_value_text(*alike.judgement.ends_p_value, {text::p_format::form::significant, 3}) +
                         "): a bisection would name a commit by chance");
  // The same budget spent on a commit half-way between ends told apart: undecided, but the ends are fine.
  std::vector<bisect_round> earlier;
  for (std::size_t i = 0; i < 10; ++i)
    earlier.push_back({100 + wobble(3 * i), 104 + wobble(3 * i + 1), 100 + wobble(3 * i + 2), 0, 0, bisect_answer::good});
  const bisect_rounds_outcome half = judge_in_rounds(earlier, 1, 1, 9, {0.01, 6}, [&](bisect_tree tree, std::size_t) {
    return tree == bisect_tree::good ? 100.0 : tree == bisect_tree::bad ? 104.0 : 102.0;
  });
  REQUIRE(half.judgement.answer == bisect_answer::undecided);
  CHECK(half.problem.empty());
}

TEST_CASE("bisect: a recording keeps every run of the ends and the runs of its own commit") {
  std::vector<bisect_round> rounds(4);
  rounds[0] = {.good = 1.0, .bad = 10.0, .current = 5.0, .build = 0, .step = 0};
  rounds[1] = {.good = 2.0, .bad = std::nullopt, .current = 6.0, .build = 0, .step = 1};
  rounds[2] = {.good = std::nullopt, .bad = 11.0, .current = 7.0, .build = 1, .step = 1};
  rounds[3] = {.good = 3.0, .bad = 12.0, .current = std::nullopt, .build = 0, .step = 2};
  const rounds_values values = values_of_rounds(rounds, 1);
  CHECK(values.good == std::vector<double>{1.0, 2.0, 3.0});
  CHECK(values.bad == std::vector<double>{10.0, 11.0, 12.0});
  CHECK(values.current == std::vector<double>{6.0, 7.0});  // step 1's runs alone, in the order they ran
  CHECK(values_of_rounds(rounds, 2).current.empty());       // a round without the commit's run
}

TEST_CASE("bisect state: written and read back, the same") {
  io::bisect_state state;
  state.fingerprint = 0x0123456789abcdefULL;
  state.built = {{"good", 1}, {"bad", 1}, {"good", 2}};
  state.step_commits = {"3f2a1c9d", "0123abcd"};
  state.rounds = {{1520.4, 1611, 1519.75, 0, 0, bisect_answer::good},
                  {0.1 + 0.2, -1e300, 5e-324, 1, 1},
                  {std::nullopt, 7, 8, 0, 1}};
  const std::string text = io::bisect_state_text(state);
  CHECK(text.rfind("perfmail bisect state 2\nfingerprint 0123456789abcdef\nbuilt good 1\n", 0) == 0);
  CHECK(contains(text, "step 0 3f2a1c9d good\nstep 1 0123abcd open\n"));
  CHECK(contains(text, "round 1 0 - 7 8\n"));
  const io::bisect_state back = io::parse_bisect_state(text, "state");
  CHECK(back.fingerprint == state.fingerprint);
  CHECK(back.built == state.built);
  CHECK(back.step_commits == state.step_commits);
  REQUIRE(back.rounds.size() == 3);
  CHECK(back.rounds[0].verdict == bisect_answer::good);
  CHECK(back.rounds[1].verdict == bisect_answer::undecided);
  CHECK_FALSE(back.rounds[2].good);
  CHECK(back.rounds[2].bad == 7);
  CHECK(back.rounds[1].good == 0.1 + 0.2);
  CHECK(back.rounds[1].bad == -1e300);
  CHECK(back.rounds[1].current == 5e-324);
  CHECK(back.rounds[1].build == 1);
  CHECK(back.is_built("good", 2));
  CHECK_FALSE(back.is_built("bad", 2));
}

TEST_CASE("bisect state: a state of version 1 (no verdicts, rounds of both ends) is read") {
  const io::bisect_state old = io::parse_bisect_state(
      "perfmail bisect state 1\nfingerprint 0123456789abcdef\nstep 0 abcd\nround 0 0 1 2 3\n", "st");
  REQUIRE(old.rounds.size() == 1);
  CHECK(old.rounds[0].good == 1);
  CHECK(old.rounds[0].verdict == bisect_answer::undecided);
  CHECK_THROWS_AS((void)io::parse_bisect_state(
                      "perfmail bisect state 1\nfingerprint 0123456789abcdef\nstep 0 abcd\nround 0 0 - 2 3\n", "st"),
                  input_error);
}

TEST_CASE("bisect state: anything outside the grammar names the line") {
  const std::string head = "perfmail bisect state 2\nfingerprint 0123456789abcdef\n";
  const auto problem = [](const std::string& text) {
    try {
      (void)io::parse_bisect_state(text, "st");
    } catch (const input_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(contains(problem(""), "empty"));
  CHECK(contains(problem("perfmail bisect state 3\n"), "st:1:"));
  CHECK(contains(problem("perfmail bisect state 2\n"), "no fingerprint"));
  CHECK(contains(problem(head + "fingerprint 0123456789abcdef\n"), "st:3:"));
  CHECK(contains(problem("perfmail bisect state 2\nfingerprint 12345\n"), "not a fingerprint"));
  CHECK(contains(problem(head + "built ugly 1\n"), "not a tree"));
  CHECK(contains(problem(head + "built good 0\n"), "count from 1"));
  CHECK(contains(problem(head + "built good 01\n"), "not a whole number"));
  CHECK(contains(problem(head + "step 1 abcd open\n"), "follows step"));
  CHECK(contains(problem(head + "step 0 ABCD open\n"), "not a commit id"));
  CHECK(contains(problem(head + "step 0 abcd\n"), "3 fields, not 4"));
  CHECK(contains(problem(head + "step 0 abcd maybe\n"), "not a verdict"));
  CHECK(contains(problem(head + "round 0 0 1 2 3\n"), "no step line"));
  CHECK(contains(problem(head + "step 0 abcd open\nround 0 0 1 nan 3\n"), "st:4:"));
  CHECK(contains(problem(head + "step 0 abcd open\nround 0 0 - - 3\n"), "neither end"));
  CHECK(contains(problem(head + "step 0 abcd open\nround 0 0 1 2 -\n"), "without the commit"));
  CHECK(contains(problem(head + "step 0 abcd open\nround 0 0 1 2\n"), "5 fields, not 6"));
  CHECK(contains(problem(head + "step 0 abcd open\nround 0 0 1 2 3"), "cut short"));
  CHECK(contains(problem(head + "\n"), "not a record"));
  CHECK(contains(problem(head + "step 0 abcd open\r\n"), "not a verdict"));
}

TEST_CASE("bisect state: the fingerprint is FNV-1a over the parts, each ended by a zero byte") {
  // Reference values: FNV-1a 64 of the bytes "", "a\0" and "a\0bc\0" (computed by a short Python loop).
  CHECK(io::bisect_fingerprint({}) == 0xcbf29ce484222325ULL);
  CHECK(io::bisect_fingerprint({"a"}) == 0x089be207b544f1e4ULL);
  CHECK(io::bisect_fingerprint({"a", "bc"}) == 0x401801fc84f3ca79ULL);
  CHECK(io::bisect_fingerprint({"ab", "c"}) != io::bisect_fingerprint({"a", "bc"}));
}
