#pragma once
// Judging one commit of a bisection (docs/HISTORY.md, "Bisecting"): are the current commit's samples like
// the known-good ones or like the known-bad ones? As Chromium's Pinpoint does, the judge starts with few
// runs and asks for more while the answer is unclear, and says "cannot decide" rather than guess when the
// runs are spent. Declarations only: src/analysis/bisect.cpp.
//
// The rule. At each look, Mann-Whitney U tests the current samples against the good ones (p_good) and
// against the bad ones (p_bad), and the current median's place between the good and the bad medians is
// t = (current - good) / (bad - good): 0 at good, 1 at bad.
// - bad: unlike good (p_good <= the level of a look) and nearer bad (t > 1/2);
// - good: unlike bad (p_bad <= the level) and nearer good (t < 1/2);
// - unlike both and near neither (1/4 <= t <= 3/4): cannot decide (a commit half-way is neither; more runs
//   would only confirm it);
// - like both (neither test rejects): more runs, up to the last look; then cannot decide.
// The looks are planned (bisect_schedule), and alpha is shared among them (Bonferroni): the chance that a
// commit like good is called bad, over all looks, is at most alpha, and the same for bad called good.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace perfmail {

struct bisect_policy {
  double alpha = 0.01;         ///< the chance, over all looks, of calling a good commit bad (or a bad one good)
  std::size_t first_runs = 5;  ///< runs before the first look
  std::size_t max_runs = 30;   ///< runs at most; each look doubles the runs so far
};

/// The runs after which the judge looks: first_runs, then doubling, then max_runs (5, 10, 20, 30).
[[nodiscard]] std::vector<std::size_t> bisect_schedule(const bisect_policy& policy);

/// The level of one look: alpha over the number of looks.
[[nodiscard]] double bisect_look_level(const bisect_policy& policy);

/// Whether the good and bad samples can be told apart at all: nothing but an empty `problem` means
/// they can. Bisecting a metric whose good and bad samples do not differ (at alpha), or that has too
/// few samples for any look to reach its level, would name a commit by chance.
struct bisect_references {
  double p_value = 1;  ///< Mann-Whitney U, good against bad
  double good_median = 0;
  double bad_median = 0;
  std::string problem;  ///< empty when bisecting can work
};
[[nodiscard]] bisect_references check_bisect_references(std::span<const double> good, std::span<const double> bad,
                                                        const bisect_policy& policy);

enum class bisect_answer : std::uint8_t { good, bad, more_runs, undecided };

struct bisect_judgement {
  bisect_answer answer = bisect_answer::more_runs;
  double p_good = 1;  ///< current against good
  double p_bad = 1;   ///< current against bad
  double current_median = 0;
  double position = 0;  ///< t: 0 at the good median, 1 at the bad one
  std::string reason;   ///< one line: why, with the figures
};

/// The judgement on `current` at a look; `last_look`: no more runs will come (more_runs is then
/// undecided). The references must have passed check_bisect_references.
[[nodiscard]] bisect_judgement judge_commit(std::span<const double> good, std::span<const double> bad,
                                            std::span<const double> current, const bisect_policy& policy,
                                            bool last_look);

}  // namespace perfmail
