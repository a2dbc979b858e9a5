#pragma once
// What a metric is, decided once from its name by the metric classifier (metrics/classifier.hpp) and
// carried by its row: whether it counts failures, whether the robot reports it, which floor its changes
// must clear, how tables print its change, which way is better. Every other layer reads these fields and
// never the name. A plain value, compared with == in tests; cheap to include.

#include "perfmail/model/direction.hpp"
#include "perfmail/model/unit.hpp"
#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstdint>
#include <optional>

namespace perfmail {

/// What the samples of a metric are.
enum class metric_kind : std::uint8_t {
  performance,  ///< a measurement: compared by its level
  failure,      ///< a count of failures (or of passes) per run: the `fail:runs` rows
};


/// How a table prints a change of the mean.
enum class change_shown : std::uint8_t {
  relative,  ///< in percent of the base
  absolute,  ///< as a difference (shares and percentages, whose relative change misleads)
};

/// The sibling a failure or pass count needs in the base to be compared at all: a `.fail` is reported
/// only where the base has its `.pass`, and a `.pass` only where the base has a `.fail`.
enum class sibling_rule : std::uint8_t {
  none,
  needs_pass,     ///< `<stem>.pass` in the base
  needs_failure,  ///< `<stem>.error`, `<stem>.warn` or `<stem>.fail` in the base
};

/// Families whose metrics are compared although the base lacks them, when the base has others of the
/// family (the base then counts as zeros): a function new in a CPU profile is news.
enum class metric_family : std::uint8_t { none, perf_profile, lock_stat };

/// A metric's classification. Default: an ordinary performance metric, reported, relative changes.
struct metric_class {
  metric_kind kind = metric_kind::performance;
  /// Reported at all: not on the deny list, or let back by an allow list.
  bool reportable = true;
  /// A benchmark's own result or a monitor the robot lists as performance: changes from 1% count (others
  /// need 5%).
  bool primary = false;
  /// The test's own metric (its first component names the benchmark): first in the robot's row order.
  bool own_metric = false;
  /// Failure counts compared over every run, incomplete ones included, when a run did not finish.
  bool every_run = false;
  /// Failure counts of a family that needs no pass/fail sibling (kernel messages, last state, stderr).
  bool sibling_free = false;
  /// metric_rules::boot_fix, dropped_after_boot_fix and kill_messages.
  bool boot_fix = false;
  bool dropped_after_boot_fix = false;
  bool kill_message = false;
  sibling_rule sibling = sibling_rule::none;
  /// Bytes of the name before its last '.', the stem its siblings share.
  std::uint16_t stem_length = 0;
  metric_family family = metric_family::none;
  /// The floor a change must clear: an index into metric_rules::floors, or -1 for none.
  std::int16_t floor = -1;
  /// Never dropped by the classic table's noise filter (latency statistics are noisy by nature).
  bool never_noise = false;
  change_shown classic_change = change_shown::relative;
  change_shown modern_change = change_shown::relative;
  std::optional<better> direction;
  /// Bytes of the name's group (its first component) and sub-group (its first two components, or the
  /// group when there are fewer than three), for the robot's row order.
  std::uint16_t group_length = 0;
  std::uint16_t sub_group_length = 0;
  /// Bytes of the name lkp-tests' order of today sorts by (FORMAT-current.md 7.11): the whole name, or
  /// for a CPU profile's share its first two components (calltrace, children, self), whose rows then
  /// follow their changes.
  std::uint16_t sort_key_length = 0;
  /// The marker of runs that did not finish (`last_state.is_incomplete_run`).
  bool incomplete_run_marker = false;
  /// The unit of the samples, where the file they came from said (matrix::unit_hint): only other tools'
  /// results have one. Their tables print values in it (table/quantity.hpp).
  metric_unit unit{};

  bool operator==(const metric_class&) const = default;
};

}  // namespace perfmail
