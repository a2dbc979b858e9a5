#pragma once
// Judging one commit of a bisection (docs/HISTORY.md, "Bisecting"; the method and its measured error
// rates: docs/STATISTICS.md, "Bisection"): is the current commit like the good end of the range or like
// the bad one? The judge asks for one more run at a time and stops as soon as the evidence is enough,
// and says "cannot decide" rather than guess when the runs are spent. Declarations only:
// src/analysis/bisect.cpp.
//
// The test. A sequential probability ratio test (Wald) between "like good" and "like bad": after every
// observation the evidence is the log of the Bayes factor of the two hypotheses, bad against good, under
// a normal model whose unknowns (the ends' levels, the noise, and in rounds the difference of the ends)
// are integrated out with flat priors; build offsets enter as a random effect per build whose share of
// the variance is estimated from the builds. The judge stops at `bad` once the evidence reaches
// log(1 / alpha) and at `good` once it reaches -log(1 / alpha). By Ville's inequality the chance that a
// commit like good is ever called bad is then at most alpha whenever the judge stops, and the same for a
// bad one called good. No single observation moves the evidence by more than half the threshold, so one
// wild run never decides alone.
//
// Three ways to use it:
// - stored ends (judge_stored): the good and bad samples were measured before; every run of the
//   command at the commit adds its samples. A commit measured outside the range of the two ends by more
//   than the noise explains is not judged: the ends may be stale (the machine drifted since).
// - rounds (judge_rounds): each round is one run of the good end, the bad end and the commit (later
//   the commit and one end), in a random order, so that a drift of the machine's speed touches them
//   alike. With one build of each tree the machine's speed is followed over the whole bisection as a
//   level that drifts from round to round (a local linear trend whose variances are not known: a
//   mixture), so that the rounds beside the commit's own, and the earlier commits' rounds, count as its
//   reference too; with several, the judge uses what the rounds say within themselves (the commit
//   against the ends' middle or against the one end, and the ends' difference), whose blocks follow
//   the builds' offsets, and the rounds of earlier commits as well.
// - one look (judge_single_look): results made already (`--current`), one test at the whole alpha.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace perfmail {

struct bisect_policy {
  /// Of one judgement: the chance of calling a commit like good bad, and the same of calling one like
  /// bad good.
  double alpha = 0.01;
  /// The most observations of the commit before the judge gives up: runs of the command with stored
  /// ends; with measured ends, the runs of this many rounds of three (rounds of two take two each).
  std::size_t max_runs = 30;
};

/// The threshold of the evidence: log(1 / alpha). Throws usage_error unless 0 < alpha < 1.
[[nodiscard]] double bisect_threshold(const bisect_policy& policy);

/// One end's samples, a list per build of the end (one file or folder of results each).
using end_samples = std::vector<std::vector<double>>;

/// One end's samples with every build's together, in the builds' order: what tells the ends apart, what
/// one look judges against and what a recording keeps of the end.
[[nodiscard]] std::vector<double> pooled_samples(const end_samples& end);

/// Whether bisecting against two ends can work: nothing but an empty `problem` means it can.
struct bisect_references {
  double p_value = 1;  ///< Mann-Whitney U, good against bad (every build's samples together)
  double good_median = 0;
  double bad_median = 0;
  /// Whether an end has samples of more than one build, so that the spread between builds is measured.
  bool build_spread_measured = false;
  /// The spread between builds as a share of the noise within a build (0 when not measured).
  double build_spread_ratio = 0;
  std::string problem;  ///< empty when bisecting can work
  /// What the judgements will not tell, to be said before them: with one build of each end, that the
  /// spread between builds is not measured. Empty when it is, or when the ends have no samples.
  std::string note;
};

/// Checks the ends before any run: both have samples; they can be told apart (Mann-Whitney U at
/// alpha); and the sequential test can reach its threshold within `max_runs` runs of one sample each.
[[nodiscard]] bisect_references check_bisect_references(const end_samples& good, const end_samples& bad,
                                                        const bisect_policy& policy);

enum class bisect_answer : std::uint8_t { good, bad, more_runs, undecided };

struct bisect_judgement {
  bisect_answer answer = bisect_answer::more_runs;
  double evidence = 0;    ///< the sum of the (bounded) steps of the log Bayes factor, bad against good
  double threshold = 0;   ///< log(1 / alpha): the evidence decides once it reaches it either way
  /// Where the commit lies: 0 at the good end, 1 at the bad one; nullopt when it cannot be placed.
  std::optional<double> position;
  std::size_t observations = 0;  ///< samples (stored ends) or rounds
  bool stale_ends = false;       ///< stored ends: the commit lies beyond them by more than the noise
  /// Rounds: the p-value of the ends' difference over every round so far (a t test on the rounds'
  /// differences); a bisection whose ends stay alike cannot name a commit.
  std::optional<double> ends_p_value;
  std::string reason;            ///< one line: why, with the figures
};

/// Stored ends: the judgement after the runs so far (`runs`, each the samples one run printed), judged
/// a sample at a time. `last_look`: no more runs will come (more_runs is then undecided). The ends must
/// have passed check_bisect_references.
[[nodiscard]] bisect_judgement judge_stored(const end_samples& good, const end_samples& bad,
                                            std::span<const std::vector<double>> runs, const bisect_policy& policy,
                                            bool last_look);

/// Runs of the commit and of one end or both, close in time, in a random order. A run's value is the
/// median of the samples it printed. The first rounds of a bisection run both ends (they tell the ends'
/// difference and the noise); once the ends are told apart well, a round runs the commit and one end,
/// the two ends in turn (see bisect_one_end_rounds).
struct bisect_round {
  std::optional<double> good;     ///< the good end's value, when the round ran it
  std::optional<double> bad;      ///< the bad end's value, when the round ran it
  std::optional<double> current;  ///< the commit's value; may be absent in rounds of earlier commits
  std::size_t build = 0;          ///< which build of each tree ran (0-based)
  /// Which commit of the bisection the round measured (rounds of one share it). A name, not a time: the
  /// rounds are in the order they ran, and the drift model takes the steps in that order.
  std::size_t step = 0;
  /// The answer the judge gave at the round's step, once given: good or bad (undecided otherwise). The
  /// rounds of a commit judged good measure the good end's level once more, those of one judged bad the
  /// bad end's: both tell the ends' difference to the judgements after.
  bisect_answer verdict = bisect_answer::undecided;
};

/// The values of a bisection's rounds so far, as a recording keeps them: every run of each end (the ends
/// are measured beside each commit, so theirs grow from commit to commit) and the runs of one commit.
struct rounds_values {
  std::vector<double> good;
  std::vector<double> bad;
  std::vector<double> current;  ///< the runs of the commit of `step`
};

/// The values of `rounds`, in the order they ran, with the commit's of step `step`.
[[nodiscard]] rounds_values values_of_rounds(std::span<const bisect_round> rounds, std::size_t step);

/// Whether the next round may run the commit with one end only: with one build of each tree, once nine
/// rounds or more ran both ends and tell the ends' difference with a t statistic of at least 4. A round of one
/// end gives the commit's contrast with variance 2 in two runs (both ends: 3/2 in three), an eighth
/// more evidence a run; it needs the ends' difference known, and with several builds the commit's
/// offset would be shared by the rounds of either end, which the model of blocks does not follow.
[[nodiscard]] bool bisect_one_end_rounds(std::span<const bisect_round> earlier, std::span<const bisect_round> current,
                                         std::size_t builds);

/// Measured ends: the judgement after the commit's rounds so far (`current`, each with its commit's
/// value), given the rounds of earlier commits (`earlier`, in the order they ran: their ends' values tell the ends' difference
/// and the noise, their commits' values the spread between builds, and with their verdicts the ends'
/// difference again). `builds`: how many builds of each tree the rounds cycle through (with one, the
/// spread between builds is not measured and taken as none).
[[nodiscard]] bisect_judgement judge_rounds(std::span<const bisect_round> earlier,
                                            std::span<const bisect_round> current, std::size_t builds,
                                            const bisect_policy& policy, bool last_look);

/// What rounds of `builds` builds of each tree will not tell, to be said before them: with one, that the
/// spread between builds is not measured (it is taken as none). Empty with more.
[[nodiscard]] std::string rounds_build_spread_note(std::size_t builds);

/// One look at results made already, with the whole alpha: Mann-Whitney U against each end, and the
/// commit's place between the ends from the ranks (the share of pairs in which it is above), so that
/// equal medians and the extremes of a double are placed as well as any.
[[nodiscard]] bisect_judgement judge_single_look(std::span<const double> good, std::span<const double> bad,
                                                 std::span<const double> current, const bisect_policy& policy);

}  // namespace perfmail
