#pragma once
// A result matrix, as the robot stores it in matrix.json: metric name -> one sample per run, in the order
// the file lists them, plus the run count (the length of `stats_source` when the file has one).
//
// The names, samples and kinds of every metric live in one store of large blocks that never move, and
// the matrix hands out views of them: a robot matrix has tens of thousands of metrics, and a string and
// a vector of their own for each would cost two allocations per metric and about a third more memory.

#include "perfmail/model/direction.hpp"
#include "perfmail/model/unit.hpp"
#include "perfmail/model/name_index.hpp"
#include "perfmail/model/origin.hpp"
#include "perfmail/model/series.hpp"
#include "perfmail/model/series_view.hpp"

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail {

class matrix {
 public:
  // What does more than read a member is out of line (src/model/matrix.cpp): the store's type is
  // complete there, and a file that includes this header instantiates no sort, search or vector growth.
  matrix();
  matrix(matrix&&) noexcept;
  matrix& operator=(matrix&&) noexcept;
  /// A copy has a store of its own.
  matrix(const matrix& other);
  matrix& operator=(const matrix& other);
  ~matrix();

  /// Adds a copy of a metric at the end of the order; a metric of the same name is replaced in place.
  void add(const series_view& series);

  /// Adds a copy of a metric at the end of the order unless one of the same name exists; returns whether
  /// it was added. One hash of the name, for loaders that refuse duplicates.
  bool try_add(const series_view& series);

  /// Room for `n` metrics, so that a loader that can estimate the count grows nothing as it goes.
  void reserve(std::size_t n);

  /// Records a metric whose samples are not numbers (the robot keeps, and ignores, such metrics).
  void add_textual(std::string name);

  void set_stats_source(std::vector<std::string> sources);

  /// Which way is better for `name`, as the file it came from says (an importer reads it from the unit:
  /// `ns/op` lower, `MB/s` higher). A hint, not a rule: compare() uses it only where no rule of the
  /// caller's names the metric, and ahead of the built-in name rules (docs/INPUTS.md). A second hint for
  /// the same name replaces the first.
  void set_direction_hint(std::string_view name, better direction);
  /// The unit of `name`'s samples, as the file it came from says; it also gives the direction where the
  /// unit's quantity has one.
  void set_unit_hint(std::string_view name, metric_unit unit);
  /// The units of many metrics at once: one sort of those that name no metric of the matrix rather than
  /// an insertion each. A name given twice keeps its last unit.
  void set_unit_hints(std::vector<std::pair<std::string, metric_unit>> units);
  /// The unit of the metric at `index` in the order (index < size()), as an importer that has just added
  /// it says: no name to look up.
  void set_unit_hint_at(std::size_t index, metric_unit unit);
  /// The hint for `name`, if the file gave one.
  [[nodiscard]] std::optional<better> direction_hint(std::string_view name) const;
  /// The unit of `name`'s samples, if the file said.
  [[nodiscard]] std::optional<metric_unit> unit_hint(std::string_view name) const;
  [[nodiscard]] bool has_direction_hints() const noexcept { return !metric_hints_.empty() || !hints_.empty(); }

  /// What made these results, and so whose conventions judge them (model/origin.hpp).
  [[nodiscard]] const result_origin& origin() const noexcept { return origin_; }
  void set_origin(result_origin origin);

  /// What the reader of the file wants the user told that the samples alone do not say (a benchmark the
  /// tool reports as failed: its runs are missing samples), one printable line each, `FILE:LINE: ...`,
  /// for the command to print as a note. Robot matrices have none.
  void add_note(std::string note);
  [[nodiscard]] std::span<const std::string> notes() const noexcept { return notes_; }

  [[nodiscard]] const series_view* find(std::string_view name) const;
  [[nodiscard]] bool contains(std::string_view name) const { return find(name) != nullptr; }

  [[nodiscard]] std::span<const series_view> metrics() const noexcept { return metrics_; }
  [[nodiscard]] std::size_t size() const noexcept { return metrics_.size(); }
  [[nodiscard]] bool empty() const noexcept { return metrics_.empty(); }
  [[nodiscard]] std::span<const std::string> textual_metrics() const noexcept { return textual_; }
  [[nodiscard]] const std::optional<std::vector<std::string>>& stats_source() const noexcept {
    return stats_source_;
  }

  /// The number of runs: the length of `stats_source` when known, else the longest series.
  [[nodiscard]] std::size_t run_count() const noexcept {
    return stats_source_ ? stats_source_->size() : longest_;
  }

  /// A copy without the runs that `drop` marks (its length is the run count).
  [[nodiscard]] matrix without_runs(const std::vector<bool>& drop) const;

 private:
  /// The index reads names from the stored views.
  struct series_name {
    const std::vector<series_view>* metrics;
    std::string_view operator()(std::size_t at) const { return (*metrics)[at].name(); }
  };
  [[nodiscard]] series_name name_at() const { return {&metrics_}; }

  /// What an importer said of one metric.
  struct metric_hint {
    std::optional<better> direction;
    std::optional<metric_unit> unit;
  };
  metric_hint& hint_of(std::string_view name);
  metric_hint& hint_at(std::size_t index);
  [[nodiscard]] const metric_hint* find_hint(std::string_view name) const;

  /// A copy of `series` in the store, viewed.
  series_view store(const series_view& series);

  /// The store's first block; later ones grow geometrically. Pages of a block that nothing was written to
  /// take no memory, so a large block wastes nothing of a small matrix.
  static constexpr std::size_t first_block_bytes = std::size_t{64} << 10;

  /// Blocks that never move, so the views stay valid when the matrix moves; behind a pointer because the
  /// resource itself cannot move (a std::pmr::monotonic_buffer_resource, in src/model/matrix.cpp).
  struct sample_store;
  std::unique_ptr<sample_store> store_;
  std::vector<series_view> metrics_;
  name_index index_;
  std::vector<std::string> textual_;
  std::optional<std::vector<std::string>> stats_source_;
  /// The hints of the matrix's metrics, by their place in the order (as long as the last one hinted):
  /// only imported metrics carry one, and an importer gives them without a name to look up or copy.
  std::vector<metric_hint> metric_hints_;
  /// Hints for names that are no metric of the matrix (yet), sorted by name; a metric added under such a
  /// name takes its hint from here. Every hint given is in one of the two, so whether any was given is
  /// whether either holds one.
  std::vector<std::pair<std::string, metric_hint>> hints_;
  result_origin origin_;
  std::vector<std::string> notes_;
  std::size_t longest_ = 0;  ///< the longest series, kept so that run_count() is constant time
};

}  // namespace perfmail
