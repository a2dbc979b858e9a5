#pragma once
// One row of a comparison: a metric's classification, each column's summary, each compared column's
// verdict, and the changes that follow from the summaries. The analysis layer (analysis/comparison.hpp
// and this header) computes every number a table, a headline or the JSON prints, with the robot's
// arithmetic of each dialect where the dialects differ; the renderers only format them. Samples are not copied: a row views them (and its name) in the
// matrices its comparison holds, so a row is valid while that comparison, or a copy of it, lives.

#include "perfmail/metrics/metric_class.hpp"
#include "perfmail/model/series_view.hpp"
#include "perfmail/stats/change.hpp"

#include <boost/container/small_vector.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace perfmail {

/// Per-column values of a row, stored inline for up to `N` columns (a base and one compared commit, the
/// usual table), so that a row of a comparison of 10,000 metrics costs no allocation for them.
template <class T, std::size_t N>
using per_column = boost::container::small_vector<T, N>;

/// One column's numbers. What follows from them (spreads, the classic table's mean, the changes against
/// the base) is derived where it is read, by the functions below, so that a comparison of 10,000 metrics
/// stores 64 bytes a column.
struct column_summary {
  std::uint32_t n = 0;     ///< present samples
  std::uint32_t runs = 0;  ///< runs shown: the samples, missing ones included
  /// Of the present samples: the mean summed from 0 (the modern table's), the population stddev, the
  /// extremes and the median, with the robot's arithmetic (stats/summary.hpp).
  double mean = 0;
  double stddev = 0;
  double min = 0;
  double median = 0;
  double max = 0;
  double failure_count = 0;     ///< failure rows: the sum of the per-run counts, missing runs as 0
  bool small_float = false;     ///< a sample written as a float, non-zero, below 100 in magnitude
  bool large = false;           ///< a sample of magnitude 1e8 or more
  bool negative_zero = false;   ///< every sample is -0.0

  /// The classic table's mean, summed from the first sample: it differs from `mean` only in the sign of
  /// an all -0.0 column.
  [[nodiscard]] double first_sample_mean() const noexcept { return negative_zero ? -0.0 : mean; }
  /// The spread as the classic table tests and prints it: 100 * stddev / mean, or the stddev itself over
  /// a zero mean; none for fewer than two samples.
  [[nodiscard]] std::optional<double> classic_spread() const {
    if (n < 2) return std::nullopt;
    return mean == 0 ? stddev : percent_of(stddev, mean);
  }
  /// The same for the modern table, which counts a single sample's stddev as -1 (the robot's value for no spread).
  [[nodiscard]] double modern_spread() const {
    const double shown_stddev = n >= 2 ? stddev : -1;
    return mean == 0 ? shown_stddev : percent_of(shown_stddev, mean);
  }
  /// The spread beside a mean of other tools' results (the Markdown table's `±1%`): 100 * stddev / |mean|;
  /// none for fewer than two samples or a zero mean. A spread of the samples, not of an interval (a
  /// median's interval prints how far it reaches: text::reach_from).
  [[nodiscard]] std::optional<double> relative_spread() const {
    if (n < 2 || mean == 0) return std::nullopt;
    return percent_of(stddev, std::fabs(mean));
  }
  bool operator==(const column_summary&) const = default;
};

/// A compared column against the base (column 0).
struct column_change {
  std::optional<double> relative;  ///< percent, 100 * (mean - base) / base; nullopt over a zero base
  double absolute = 0;             ///< mean - base mean
  double classic_absolute = 0;     ///< the same from the classic table's means
  /// The modern table's relative change: over a zero base it divides by 1e-100, as the robot does.
  double modern_relative = 0;
  double reproduction = 0;         ///< failure rows: percent of own runs failing, minus the base's
  bool operator==(const column_change&) const = default;
};

/// How `head` differs from `base`, with the robot's arithmetic of each dialect.
[[nodiscard]] inline column_change change_between(const column_summary& base, const column_summary& head) {
  column_change c;
  c.relative = relative_change(base.mean, head.mean);
  c.absolute = absolute_change(base.mean, head.mean);
  c.classic_absolute = absolute_change(base.first_sample_mean(), head.first_sample_mean());
  c.modern_relative = percent_change(base.mean == 0 ? 1e-100 : base.mean, head.mean);
  c.reproduction = reproduction_change(base.failure_count, base.runs, head.failure_count, head.runs);
  return c;
}

/// Whether both sides of a compared column have samples of a metric. Only results of other benchmark
/// tools (model/origin.hpp) are judged so: the robot's conventions compare a metric a side lacks as
/// zeros, and its tables and emails print it that way.
enum class presence : std::uint8_t {
  both,         ///< samples on both sides: compared
  gone,         ///< the base has the metric, the compared column does not
  added,        ///< the compared column has the metric, the base does not
  failed,       ///< the compared column lists the metric with no sample: every run of it failed
  base_failed,  ///< the base lists the metric with no sample, the compared column has samples
};

/// What the policy said about one compared column.
struct column_verdict {
  bool changed = false;
  presence sides = presence::both;  ///< anything but `both`: nothing was compared
  std::optional<double> p_value;  ///< statistical policies only
  std::string_view reason;        ///< why it was or was not selected (a string literal)
  bool operator==(const column_verdict&) const = default;
};

struct comparison_row {
  std::string_view name;  ///< in a matrix the comparison holds
  metric_class cls;
  per_column<const series_view*, 2> samples;  ///< per column, every run; null where the column lacks the metric
  per_column<column_summary, 2> columns;      ///< base first
  per_column<column_verdict, 1> verdicts;     ///< one per compared column
  bool selected = false;  ///< whether the row belongs in the table
  bool noisy = false;     ///< the classic table's noise filter drops it (a column spreading more than half
                          ///< its mean, or a negative mean)
  /// Statistical policies: the row's inference in comparison::statistics (no_statistics: none). An index,
  /// so that rows of the robot policy carry nothing more.
  std::uint32_t statistics = no_statistics;
  static constexpr std::uint32_t no_statistics = 0xffffffff;

  [[nodiscard]] bool failure() const noexcept { return cls.kind == metric_kind::failure; }
  [[nodiscard]] std::size_t column_count() const noexcept { return columns.size(); }
  [[nodiscard]] std::size_t compared_columns() const noexcept { return columns.empty() ? 0 : columns.size() - 1; }
  /// The change of column `column` (1 for the first compared one) against the base. Under the benchmark
  /// tools' conventions a side without samples (gone, new, failed) was not compared: its `relative` is
  /// nullopt, never the -100% of a mean of nothing.
  [[nodiscard]] column_change change(std::size_t column) const {
    if (column == 0 || column >= columns.size()) throw std::out_of_range("a row has no such compared column");
    column_change c = change_between(columns[0], columns[column]);
    if (column - 1 < verdicts.size() && verdicts[column - 1].sides != presence::both) c.relative.reset();
    return c;
  }
  bool operator==(const comparison_row&) const = default;
};

}  // namespace perfmail
