#pragma once
// Change points over a history of commits (docs/HISTORY.md, docs/STATISTICS.md "Change points"): where,
// in a metric's results over a branch's commits, its distribution moved. The step before the email: the
// robot tests a branch's commits, notices a metric moved, bisects, then mails the comparison.
//
// The method: E-divisive with means (Matteson and James, 2014), as MongoDB's signal-processing-algorithms
// and Apache Otava use it, on the per-commit medians, each candidate split tested by a permutation test of
// the largest divergence and kept at level alpha for the whole series; then every kept split is
// confirmed by the statistical policy's test (analysis/decide.hpp) between the samples of the commits on
// either side (up to the neighbouring change points, at most `window` commits a side) and must clear the
// practical floor. Seeded: the same input and seed give the same answer. Declarations only:
// src/analysis/history.cpp.

#include "perfmail/analysis/change_verdict.hpp"
#include "perfmail/metrics/metric_class.hpp"
#include "perfmail/metrics/rules.hpp"
#include "perfmail/stats/estimate.hpp"
#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace perfmail {

/// One metric's samples per commit, oldest commit first. A commit with no sample (the metric was not
/// measured there, or the run failed) is left out of the search and of the windows; indices stay those
/// of the commits.
using commit_samples = std::span<const std::vector<double>>;

/// What the search is asked.
struct history_options {
  /// The level of the whole series: the chance that a series without a change gets one or more is at
  /// most alpha (the permutation test's level of the first split; later splits are tested only after a
  /// change was found).
  double alpha = 0.01;
  /// The practical floor, in percent of the median before. nullopt: derived from the spread of the runs
  /// (history_floor_percent).
  std::optional<double> min_change_percent;
  /// The confidence of the change's interval.
  double confidence = 0.95;
  /// Seeds the permutations.
  std::uint64_t seed = 1;
  /// At most this many commits a side in the confirming test, nearest the change first.
  std::size_t window = 30;
  /// The most permutations of one test (the sequential test stops earlier once its answer is sure).
  std::size_t max_permutations = 999;
  /// search_history: the caller's direction rules (--higher-is-better), ahead of the direction of a
  /// metric's unit and of the classifier's rules (metrics/directions.hpp).
  std::vector<direction_rule> caller_rules;
};

/// What kind of move a change is.
enum class history_change_kind : std::uint8_t {
  step,   ///< the distribution moved between two commits
  drift,  ///< it moved over several commits: a flat-ramp-flat line fits the commits better than steps
};

inline constexpr std::array<enum_name<history_change_kind>, 2> history_change_kind_names{{
    {history_change_kind::step, "step"},
    {history_change_kind::drift, "drift"},
}};
/// The name of `value` (its `history_change_kind_names` entry): what `<<` and `fmt::format("{}", value)` print.
[[nodiscard]] constexpr std::string_view name_of(history_change_kind value) noexcept { return name_of(history_change_kind_names, value); }

/// One change point of a metric.
struct history_change {
  std::size_t index = 0;         ///< the first commit after the change (0-based)
  std::size_t last_before = 0;   ///< the last commit before it that has samples
  std::size_t last_moved = 0;    ///< a drift's last commit (where it reached its new level); a step's `index`
  std::size_t before_first = 0;  ///< the first commit of the window before
  std::size_t after_last = 0;    ///< the last commit of the window after
  history_change_kind kind = history_change_kind::step;
  double before_median = 0;  ///< median of the samples of the window before
  double after_median = 0;   ///< ... and after
  std::optional<double> change_percent;  ///< the policy's estimate, in percent of the magnitude before
  std::optional<interval> ci_percent;    ///< its interval at `confidence`
  /// The p-value of the search that found the change, over the whole series: the E-divisive split's
  /// permutation p, or the newest commit's own test's, times the number of searches that shared alpha
  /// (find_change_points). The change is reported when it is at most alpha.
  double p_value = 1;
  /// The confirming test's (Mann-Whitney U between the windows; before a commit other than the newest,
  /// for runs that share a commit's build), two-sided. Computed after the search chose the split on the
  /// same samples: not a p of the search.
  double confirming_p = 1;
  /// The E-divisive split's permutation p-value; nullopt for a change at the newest commit found by the
  /// newest commit's own test (find_change_points).
  std::optional<double> permutation_p;
  change_verdict verdict = change_verdict::changed;  ///< by the metric's direction
  bool operator==(const history_change&) const = default;
};

/// The change points of one metric, oldest first, and what the search used.
struct metric_history_result {
  /// Per commit, oldest first, the median of its samples as the search took it (commit_medians);
  /// nullopt where the commit has none. The trend plot draws these.
  std::vector<std::optional<double>> medians;
  std::vector<history_change> changes;
  std::vector<std::size_t> outliers;  ///< commits set apart as single outliers, not changes
  double min_change_percent = 0;      ///< the floor that applied
  std::size_t commits_with_samples = 0;
};

/// Each commit's value in the search: the median of its samples (nullopt for a commit without any).
[[nodiscard]] std::vector<std::optional<double>> commit_medians(commit_samples samples);

/// The practical floor of a metric's history, in percent: half the spread of one run (a change below it
/// is not worth a bisection). With several samples a commit, the median of the per-commit coefficients
/// of variation, halved. With one sample a commit (or mostly), the spread from commit to commit: the
/// median absolute difference of neighbouring commits' values (robust to the few differences a change
/// makes), as a standard deviation (times 1.4826, over sqrt 2), over the median value, halved; 5% when
/// there are fewer than three such commits or no level to relate to.
[[nodiscard]] double history_floor_percent(commit_samples samples);

/// The change points of one metric classified `cls` (its direction names the verdicts).
///
/// E-divisive's permutation test cannot single out the newest commit: any one of n commits lands at the
/// end of a permutation with chance 1/n. So when the newest commit has several samples, its median is
/// also tested on its own against the medians of the commits before it (a prediction t test, so that an
/// offset its runs share is judged against the spread of the commits), and alpha is shared between the
/// two searches (alpha / 2 each), which keeps the whole series' level at alpha.
///
/// The confirming test and the interval count the runs of one commit as sharing its build: their
/// variance grows by the design effect estimated from the windows (1 + (m - 1) rho). The interval is
/// that of a change that was found: conditional on detection, it is too far from 0 near the detection
/// limit, where only the larger estimates are reported (docs/STATISTICS.md). With one sample a commit a move of
/// the newest commit cannot be told from an outlier and is not reported until a second commit shows it.
[[nodiscard]] metric_history_result find_change_points(commit_samples samples, const metric_class& cls,
                                                       const history_options& options = {});

}  // namespace perfmail
