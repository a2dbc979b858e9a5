#pragma once
// The verdict on one change, its names, and verdicts counted with their summary line: what every reader of
// a change's meaning shares (analysis/verdict.hpp decides them for a comparison's rows, analysis/history.hpp
// for a history's change points). A data header: cheap to include.

#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace perfmail {

/// The verdict on one change (a metric, one compared column against the base).
enum class change_verdict : std::uint8_t {
  unchanged,    ///< the policy found no change (or the classic table's noise filter dropped the row)
  improvement,  ///< changed the way the metric's direction calls better
  regression,   ///< changed the other way
  changed,      ///< changed, but the metric has no known direction, or its mean did not move (its spread did)
  // Results of other benchmark tools only (analysis/row.hpp, `presence`): nothing was compared.
  gone,    ///< in the base only: the benchmark was removed, renamed or not run
  added,   ///< in the compared column only (a new benchmark), or the base has no sample of it
  failed,  ///< the compared column lists the benchmark with no sample: it failed there
};

inline constexpr std::array<enum_name<change_verdict>, 7> change_verdict_names{{
    {change_verdict::unchanged, "unchanged"},
    {change_verdict::improvement, "improvement"},
    {change_verdict::regression, "regression"},
    {change_verdict::changed, "changed"},
    {change_verdict::gone, "gone"},
    {change_verdict::added, "new"},
    {change_verdict::failed, "failed"},
}};
/// The name of `value` (its `change_verdict_names` entry): what `<<` and `fmt::format("{}", value)` print.
[[nodiscard]] constexpr std::string_view name_of(change_verdict value) noexcept { return name_of(change_verdict_names, value); }

/// Verdicts counted per change (count_verdicts in verdict.hpp: a row of three compared columns counts three).
struct verdict_counts {
  std::size_t regressions = 0;
  std::size_t improvements = 0;
  std::size_t changed = 0;  ///< of unknown direction
  std::size_t unchanged = 0;
  std::size_t gone = 0;
  std::size_t added = 0;
  std::size_t failed = 0;

  /// Counts one more verdict.
  void add(change_verdict v) noexcept {
    switch (v) {
      case change_verdict::regression: ++regressions; break;
      case change_verdict::improvement: ++improvements; break;
      case change_verdict::changed: ++changed; break;
      case change_verdict::unchanged: ++unchanged; break;
      case change_verdict::gone: ++gone; break;
      case change_verdict::added: ++added; break;
      case change_verdict::failed: ++failed; break;
    }
  }

  /// Every verdict but `unchanged`: a benchmark gone, new or failed is a change too.
  [[nodiscard]] std::size_t changes() const noexcept {
    return regressions + improvements + changed + gone + added + failed;
  }
  /// The counts of another table added, every state (a report's further tests, say).
  verdict_counts& operator+=(const verdict_counts& more) noexcept {
    regressions += more.regressions;
    improvements += more.improvements;
    changed += more.changed;
    unchanged += more.unchanged;
    gone += more.gone;
    added += more.added;
    failed += more.failed;
    return *this;
  }
  bool operator==(const verdict_counts&) const = default;
};

/// The summary line under a table: `2 regressions, 1 improvement, 9,997 unchanged`, with the changes of
/// unknown direction as `3 changes of unknown direction`, and benchmarks on one side only or without
/// samples as `1 gone, 2 new, 1 failed`; `no changes, 12 unchanged` when nothing
/// changed. Counts are grouped by thousands, as people read them. Defined in src/analysis/verdict.cpp.
[[nodiscard]] std::string verdict_summary(const verdict_counts& counts);

}  // namespace perfmail
