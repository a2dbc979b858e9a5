// How often a bisection judged by `perfmail bisect` names the right commit, a wrong one, or none (git's
// "only skipped commits left"), and how many runs of the measuring command it costs, on simulated
// benchmark machines: quiet ones, ones whose speed drifts during the bisection, and ones where every
// build of a program runs a little faster or slower than another build of the same code. The markdown
// tables it prints are the ones in docs/STATISTICS.md ("Bisection").
//
//   cmake --preset bench && cmake --build --preset bench --target sim_bisect
//   build/bench/bench/sim_bisect              # the full run (the figures in the docs)
//   build/bench/bench/sim_bisect --quick      # 50 bisections a cell: a smoke check
//   build/bench/bench/sim_bisect --judge "measured ends" --difference 2 --bisections 5000   # one row
//   build/bench/bench/sim_bisect ... --max-runs 11   # the judge's budget a commit, in rounds of three
//
// A statistical benchmark, not a unit test: what it measures is how often a judge is right, which only
// many simulated bisections show. std::mt19937_64 with fixed seeds: a run reproduces its figures with
// the same standard library.
//
// The model:
// - 31 commits, 0 the good end and 30 the bad one; the culprit is drawn from 1 to 30. A commit before
//   it measures at level 100, from it on at 100 + d (d = 1, 2 or 4 noise SDs; the noise SD is 1, a CV
//   of 1%, as on a quiet benchmark machine).
// - A build of a commit adds an offset of SD tau (0, 0.25 or 0.5 noise SD) to every run of that build.
// - Drift: the machine's speed factor starts at 1 and rises by 15% over the first 100 runs of the
//   bisection, with a random walk of 0.2% a run on top (load, heat), so that later runs are 10-20%
//   slower than the first ones. Stored ends were measured before the bisection, at factor 1.
// - The bisection is git's: test the commit nearest the middle of the range left; a skipped commit is
//   set aside and the nearest other one tested; when only skipped commits are left between the last good
//   and the first bad, the bisection ends without a culprit (ambiguous).
//
// The judges:
// - `today's judge`: the judge perfmail had before the sequential test, written out here as the yardstick: Mann-
//   Whitney U of the commit's samples against each end's at 5, 10, 20 and 30 runs, each look at alpha/4,
//   with the place of the commit's median between the ends' medians.
// - `fixed n = 10`: 10 runs, then one look at the whole alpha (perfmail's one look, judge_single_look).
// - `stored ends`: the sequential test on stored ends (judge_stored).
// - `measured ends`: the ends measured beside each commit in rounds (judge_in_rounds: both ends a round,
//   then the commit and one end once the ends are told apart), starting from no sample of either end;
//   with one build of each tree, and with the builds per tree the docs state.
// alpha is 0.01 a judgement for every judge but the last row, the set-up the docs state for builds that
// differ (8 builds of each tree, alpha 0.005).

#include "perfmail/analysis/bisect.hpp"
#include "perfmail/analysis/bisect_runs.hpp"
#include "perfmail/stats/significance.hpp"
#include "perfmail/stats/summary.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

using perfmail::bisect_answer;
using perfmail::bisect_policy;
using perfmail::bisect_round;

constexpr std::size_t commits = 31;  // 0 good .. 30 bad
constexpr double noise_sd = 1;
constexpr double base_level = 100;

struct cell {
  double difference = 2;  ///< in noise SDs
  std::size_t references = 20;
  bool drift = false;
  double build_sd = 0;  ///< in noise SDs
};

enum class judge_kind : std::uint8_t { today, fixed_n, stored, rounds };

struct method {
  judge_kind kind;
  std::size_t builds = 1;  ///< rounds: builds per tree
  double alpha = 0.01;
  const char* name;
};

/// One simulated machine and history: levels, builds and the machine's speed over the runs.
class machine {
 public:
  machine(const cell& c, std::size_t culprit, std::uint64_t seed) : cell_(c), culprit_(culprit), engine_(seed) {}

  /// A fresh build of commit `commit`: its offset.
  double build() { return cell_.build_sd > 0 ? normal_(engine_) * cell_.build_sd * noise_sd : 0.0; }

  /// One run of a build of `commit` with offset `offset`, now.
  double run(std::size_t commit, double offset) {
    const double level = base_level + (commit >= culprit_ ? cell_.difference * noise_sd : 0.0) + offset;
    const double value = level * factor() + normal_(engine_) * noise_sd;
    ++runs_;
    if (cell_.drift) walk_ += normal_(engine_) * 0.002;
    return value;
  }
  /// A run before the bisection, at the machine's first speed (stored ends).
  double run_before(std::size_t commit, double offset) {
    const double level = base_level + (commit >= culprit_ ? cell_.difference * noise_sd : 0.0) + offset;
    return level + normal_(engine_) * noise_sd;
  }
  std::size_t runs() const { return runs_; }
  std::mt19937_64& engine() { return engine_; }

 private:
  double factor() const {
    if (!cell_.drift) return 1;
    return 1 + 0.15 * std::min(1.0, static_cast<double>(runs_) / 100) + walk_;
  }
  cell cell_;
  std::size_t culprit_;
  std::mt19937_64 engine_;
  std::normal_distribution<double> normal_{0, 1};
  std::size_t runs_ = 0;
  double walk_ = 0;
};

/// The judge perfmail had before: looks at 5, 10, 20, 30 runs, Mann-Whitney U at alpha / 4 a look.
bisect_answer today_judge(const std::vector<double>& good, const std::vector<double>& bad, machine& m,
                          std::size_t commit, double offset) {
  const double level = 0.01 / 4;
  const double good_median = perfmail::summarize(good).median;
  const double bad_median = perfmail::summarize(bad).median;
  std::vector<double> current;
  for (const std::size_t look : {5U, 10U, 20U, 30U}) {
    while (current.size() < look) current.push_back(m.run(commit, offset));
    const double p_good = perfmail::mann_whitney_u(current, good).p_value;
    const double p_bad = perfmail::mann_whitney_u(current, bad).p_value;
    const double t = (perfmail::summarize(current).median - good_median) / (bad_median - good_median);
    const bool unlike_good = p_good <= level;
    const bool unlike_bad = p_bad <= level;
    if (unlike_good && t > 0.75) return bisect_answer::bad;
    if (unlike_bad && t < 0.25) return bisect_answer::good;
    if (unlike_good && unlike_bad) return bisect_answer::undecided;
    if (unlike_good && t > 0.5 && !unlike_bad) return bisect_answer::bad;
    if (unlike_bad && t < 0.5 && !unlike_good) return bisect_answer::good;
  }
  return bisect_answer::undecided;
}

struct outcome {
  std::optional<std::size_t> named;  ///< the commit git names, if any
  std::size_t runs = 0;
};

/// `--max-runs`: the judge's budget a commit (bisect_policy::max_runs), when not its default.
std::size_t max_runs_override = 0;

/// One bisection under `how`.
outcome bisect_once(const cell& c, const method& how, std::size_t culprit, std::uint64_t seed) {
  machine m(c, culprit, seed);
  bisect_policy policy;
  policy.alpha = how.alpha;
  if (max_runs_override > 0) policy.max_runs = max_runs_override;
  // Stored ends: one build of each, measured before the bisection.
  perfmail::end_samples good(1);
  perfmail::end_samples bad(1);
  if (how.kind != judge_kind::rounds) {
    const double good_offset = m.build();
    const double bad_offset = m.build();
    for (std::size_t i = 0; i < c.references; ++i) {
      good[0].push_back(m.run_before(0, good_offset));
      bad[0].push_back(m.run_before(commits - 1, bad_offset));
    }
  }
  // Measured ends: `builds` builds of each end, made once.
  std::vector<double> good_builds;
  std::vector<double> bad_builds;
  for (std::size_t b = 0; how.kind == judge_kind::rounds && b < how.builds; ++b) {
    good_builds.push_back(m.build());
    bad_builds.push_back(m.build());
  }
  std::vector<bisect_round> earlier;
  std::size_t steps_judged = 0;  // the commit's number in the bisection, as the command counts it

  std::size_t low = 0;
  std::size_t high = commits - 1;
  std::vector<bool> skipped(commits, false);
  for (;;) {
    if (high - low == 1) return {high, m.runs()};
    // git's choice: the untested commit nearest the middle.
    std::optional<std::size_t> next;
    const double middle = static_cast<double>(low + high) / 2;
    for (std::size_t i = low + 1; i < high; ++i)
      if (!skipped[i] && (!next || std::abs(static_cast<double>(i) - middle) < std::abs(static_cast<double>(*next) - middle)))
        next = i;
    if (!next) return {std::nullopt, m.runs()};
    const std::size_t commit = *next;
    bisect_answer answer = bisect_answer::undecided;
    switch (how.kind) {
      case judge_kind::today: answer = today_judge(good[0], bad[0], m, commit, m.build()); break;
      case judge_kind::fixed_n: {
        const double offset = m.build();
        std::vector<double> current;
        for (int i = 0; i < 10; ++i) current.push_back(m.run(commit, offset));
        answer = perfmail::judge_single_look(good[0], bad[0], current, policy).answer;
        break;
      }
      case judge_kind::stored: {
        const double offset = m.build();
        answer = perfmail::judge_by_runs(good, bad, policy, [&] { return std::vector<double>{m.run(commit, offset)}; })
                     .judgement.answer;
        break;
      }
      case judge_kind::rounds: {
        std::vector<double> offsets;
        for (std::size_t b = 0; b < how.builds; ++b) offsets.push_back(m.build());
        const auto run = [&](perfmail::bisect_tree tree, std::size_t build) {
          switch (tree) {
            case perfmail::bisect_tree::good: return m.run(0, good_builds[build]);
            case perfmail::bisect_tree::bad: return m.run(commits - 1, bad_builds[build]);
            case perfmail::bisect_tree::current: break;
          }
          return m.run(commit, offsets[build]);
        };
        perfmail::bisect_rounds_outcome o =
            perfmail::judge_in_rounds(earlier, how.builds, steps_judged++, seed, policy, run);
        answer = o.judgement.answer;
        earlier.insert(earlier.end(), o.rounds.begin(), o.rounds.end());
        break;
      }
    }
    if (answer == bisect_answer::good) low = commit;
    else if (answer == bisect_answer::bad) high = commit;
    else skipped[commit] = true;
  }
}

struct tally {
  std::size_t right = 0;
  std::size_t wrong = 0;
  std::size_t ambiguous = 0;
  double runs = 0;  ///< mean
};

tally simulate(const cell& c, const method& how, std::size_t bisections) {
  tally t;
  for (std::size_t i = 0; i < bisections; ++i) {
    // The same culprits and machines for every judge of a cell.
    const std::uint64_t seed = 0x5eed0000ULL + i * 7919 + static_cast<std::uint64_t>(c.difference * 1000) +
                               c.references * 31 + (c.drift ? 17 : 0) + static_cast<std::uint64_t>(c.build_sd * 400);
    std::mt19937_64 pick(seed ^ 0xC0FFEE);
    const std::size_t culprit = 1 + pick() % (commits - 1);
    const outcome o = bisect_once(c, how, culprit, seed);
    if (!o.named) ++t.ambiguous;
    else if (*o.named == culprit) ++t.right;
    else ++t.wrong;
    t.runs += static_cast<double>(o.runs) / static_cast<double>(bisections);
  }
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t bisections = 1000;
  bool quick = false;
  std::string only_judge;      // one row: the judge's name as the tables print it
  double only_difference = 0;  // one table: the ends' difference in noise SDs
  std::string only_condition;  // one column: the condition's title as the tables print it
  bool counts = false;         // cells as counts (right / wrong of the bisections) and runs to a tenth
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) {
      quick = true;
      bisections = 50;
    } else if (std::strcmp(argv[i], "--bisections") == 0 && i + 1 < argc) {
      bisections = static_cast<std::size_t>(std::strtoul(argv[++i], nullptr, 10));
    } else if (std::strcmp(argv[i], "--judge") == 0 && i + 1 < argc) {
      only_judge = argv[++i];
    } else if (std::strcmp(argv[i], "--difference") == 0 && i + 1 < argc) {
      only_difference = std::strtod(argv[++i], nullptr);
    } else if (std::strcmp(argv[i], "--condition") == 0 && i + 1 < argc) {
      only_condition = argv[++i];
    } else if (std::strcmp(argv[i], "--counts") == 0) {
      counts = true;
    } else if (std::strcmp(argv[i], "--max-runs") == 0 && i + 1 < argc) {
      max_runs_override = static_cast<std::size_t>(std::strtoul(argv[++i], nullptr, 10));
    } else {
      std::fprintf(stderr, "usage: sim_bisect [--quick] [--bisections N] [--judge NAME] [--difference SDS] [--condition TITLE] "
                   "[--counts] [--max-runs N]\n");
      return 2;
    }
  }
  if (bisections == 0) bisections = 1;
  const std::array<method, 5> methods{{{judge_kind::today, 1, 0.01, "today's judge"},
                                       {judge_kind::fixed_n, 1, 0.01, "fixed n = 10"},
                                       {judge_kind::stored, 1, 0.01, "stored ends"},
                                       {judge_kind::rounds, 1, 0.01, "measured ends"},
                                       {judge_kind::rounds, 8, 0.005, "measured, 8 builds, alpha 0.005"}}};
  struct condition {
    bool drift;
    double build_sd;
    const char* title;
  };
  const std::array<condition, 6> conditions{{{false, 0, "quiet"},
                                             {true, 0, "drift"},
                                             {false, 0.25, "builds 0.25"},
                                             {true, 0.25, "drift, builds 0.25"},
                                             {false, 0.5, "builds 0.5"},
                                             {true, 0.5, "drift, builds 0.5"}}};
  std::printf("sim_bisect%s: %zu bisections of 31 commits a cell; each cell: right %% / wrong %% / runs of the "
              "command a bisection (mean); ambiguous is the rest\n",
              quick ? " --quick" : "", bisections);
  for (const double d : {1.0, 2.0, 4.0}) {
    if (only_difference > 0 && d != only_difference) continue;
    std::printf("\nThe ends %g noise SD apart:\n\n| judge | refs |", d);
    const auto shown = [&](const condition& k) { return only_condition.empty() || only_condition == k.title; };
    for (const condition& k : conditions)
      if (shown(k)) std::printf(" %s |", k.title);
    std::printf("\n|---|---|");
    for (const condition& k : conditions)
      if (shown(k)) std::printf("---|");
    std::printf("\n");
    for (const method& how : methods)
      for (const std::size_t refs : {5U, 20U}) {
        // Measured ends start from no sample: the number of references does not apply.
        if (how.kind == judge_kind::rounds && refs != 20) continue;
        if (!only_judge.empty() && only_judge != how.name) continue;
        std::printf("| %s | %s |", how.name, how.kind == judge_kind::rounds ? "-" : std::to_string(refs).c_str());
        for (const condition& k : conditions) {
          if (!shown(k)) continue;
          const tally t = simulate({d, refs, k.drift, k.build_sd}, how, bisections);
          const double n = static_cast<double>(bisections);
          if (counts)
            std::printf(" %zu / %zu / %.1f |", t.right, t.wrong, t.runs);
          else
            std::printf(" %.1f / %.1f / %.0f |", 100.0 * static_cast<double>(t.right) / n,
                        100.0 * static_cast<double>(t.wrong) / n, t.runs);
          std::fflush(stdout);
        }
        std::printf("\n");
      }
  }
  return 0;
}
