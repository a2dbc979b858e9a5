#pragma once
// Measuring one commit of a bisection until the judge decides (analysis/bisect.hpp has the judges): the
// loops that ask for one more run at a time, with the runs themselves left to the caller, so that the
// same loop drives a real command (perfmail bisect), a simulation (bench/sim_bisect.cpp) and a test.
// Declarations only: src/analysis/bisect_runs.cpp.

#include "perfmail/analysis/bisect.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail {

/// Which tree a run measures: the good end, the bad end, or the commit being judged.
enum class bisect_tree : std::uint8_t { good, bad, current };

/// The tree's name as messages, state files and the commands' environment spell it.
[[nodiscard]] std::string_view name_of(bisect_tree tree) noexcept;

/// The end a commit judged `answer` is like: good or bad; nullopt for an answer that decided neither.
[[nodiscard]] std::optional<bisect_tree> end_like(bisect_answer answer) noexcept;

/// The order of the three runs of a round: a permutation of good, bad and current drawn from `seed`
/// and the round's number, the same on every platform (SplitMix64, no library distribution).
[[nodiscard]] std::array<bisect_tree, 3> bisect_round_order(std::uint64_t seed, std::size_t round);

/// Runs the command once in build `build` (0-based) of `tree` and returns the run's value
/// (bisect_run_value of the samples it printed). Throws what the caller wants to report.
using bisect_run = std::function<double(bisect_tree tree, std::size_t build)>;

/// A run's value in a round: the median of the samples it printed, so that one wild sample of a run does
/// not move it (0 for no sample).
[[nodiscard]] double bisect_run_value(std::span<const double> samples);

/// Tells the caller of each round as it ends, with the judgement so far (for progress on stderr).
using bisect_round_seen = std::function<void(const bisect_round& round, const bisect_judgement& judgement)>;

struct bisect_rounds_outcome {
  std::vector<bisect_round> rounds;  ///< this commit's rounds, `step` set
  bisect_judgement judgement;
  /// Empty unless the commit's rounds were spent and the ends still cannot be told apart (their p-value
  /// above alpha): then no commit of the bisection can be named but by chance, and this says so with the
  /// rounds and the p-value. Nothing a later commit does can help: the bisection should stop.
  std::string problem;
};

/// Measured ends: rounds of one run of each tree (once the ends are told apart well, of the commit and
/// one end, the ends in turn: bisect_one_end_rounds), in the seeded order, the builds taken in turn,
/// until the judge decides or the runs of `policy.max_runs` rounds of three are spent; a verdict of good or bad is set on
/// every round of the commit. `earlier`: the rounds of the commits judged before, in the order they ran;
/// `step`: this commit's number in the bisection (one no earlier round has); `seed`: mixed with `step`
/// for the order.
[[nodiscard]] bisect_rounds_outcome judge_in_rounds(std::span<const bisect_round> earlier, std::size_t builds,
                                                    std::size_t step, std::uint64_t seed, const bisect_policy& policy,
                                                    const bisect_run& run, const bisect_round_seen& seen = {});

/// Runs the command once at the commit and returns the samples of the metric it printed.
using bisect_sample_run = std::function<std::vector<double>()>;

struct bisect_runs_outcome {
  std::vector<std::vector<double>> runs;  ///< the samples of each run
  bisect_judgement judgement;
};

/// Stored ends: runs of the command at the commit until the judge decides or `policy.max_runs` runs are
/// done.
[[nodiscard]] bisect_runs_outcome judge_by_runs(const end_samples& good, const end_samples& bad,
                                                const bisect_policy& policy, const bisect_sample_run& run);

}  // namespace perfmail
