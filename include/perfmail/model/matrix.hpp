#pragma once
// A result matrix, as the robot stores it in matrix.json: metric name -> one sample per run, in the order
// the file lists them, plus the run count (the length of `stats_source` when the file has one).

#include "perfmail/model/name_index.hpp"
#include "perfmail/model/series.hpp"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail {

/// The metric that marks runs that did not finish; such runs are left out of performance comparisons.
inline constexpr std::string_view incomplete_run_metric = "last_state.is_incomplete_run";


class matrix {
 public:
  matrix() = default;

  /// Adds a metric at the end of the order; a metric of the same name is replaced in place.
  void add(metric_series series) {
    if (const auto at = index_.find(series.name(), name_at()); at != name_index::npos) {
      metrics_[at] = std::move(series);
      longest_ = 0;
      for (const auto& m : metrics_) longest_ = std::max(longest_, m.size());
      return;
    }
    try_add(std::move(series));
  }

  /// Adds a metric at the end of the order unless one of the same name exists; returns whether it was
  /// added. One hash of the name, for loaders that refuse duplicates.
  bool try_add(metric_series&& series) {
    if (!index_.insert(series.name(), metrics_.size(), name_at())) return false;
    longest_ = std::max(longest_, series.size());
    metrics_.push_back(std::move(series));
    return true;
  }

  /// Room for `n` metrics, so that a loader that can estimate the count grows nothing as it goes.
  void reserve(std::size_t n) {
    metrics_.reserve(n);
    index_.reserve(n);
  }

  /// Records a metric whose samples are not numbers (the robot keeps, and ignores, such metrics).
  void add_textual(std::string name) { textual_.push_back(std::move(name)); }

  void set_stats_source(std::vector<std::string> sources) { stats_source_ = std::move(sources); }

  [[nodiscard]] const metric_series* find(std::string_view name) const {
    const auto at = index_.find(name, name_at());
    return at == name_index::npos ? nullptr : &metrics_[at];
  }
  [[nodiscard]] bool contains(std::string_view name) const { return find(name) != nullptr; }

  [[nodiscard]] std::span<const metric_series> metrics() const noexcept { return metrics_; }
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

  /// Per run: whether `last_state.is_incomplete_run` marks it (a non-zero sample).
  [[nodiscard]] std::vector<bool> incomplete_runs() const {
    std::vector<bool> out(run_count(), false);
    if (const auto* flags = find(incomplete_run_metric)) {
      const auto values = flags->raw_values();
      for (std::size_t i = 0; i < values.size() && i < out.size(); ++i)
        out[i] = !flags->is_missing(i) && values[i] != 0;
    }
    return out;
  }
  [[nodiscard]] bool has_incomplete_runs() const {
    const auto* flags = find(incomplete_run_metric);
    if (flags == nullptr) return false;
    for (std::size_t i = 0; i < flags->size(); ++i)
      if (!flags->is_missing(i) && flags->raw_values()[i] != 0) return true;
    return false;
  }

  /// A copy without the runs that `drop` marks (its length is the run count).
  [[nodiscard]] matrix without_runs(const std::vector<bool>& drop) const {
    matrix out;
    for (const auto& m : metrics_)
      out.add(m.filter_runs([&](std::size_t run) { return run >= drop.size() || !drop[run]; }));
    out.textual_ = textual_;
    if (stats_source_) {
      std::vector<std::string> kept;
      for (std::size_t i = 0; i < stats_source_->size(); ++i)
        if (i >= drop.size() || !drop[i]) kept.push_back((*stats_source_)[i]);
      out.stats_source_ = std::move(kept);
    }
    return out;
  }

 private:
  /// The index reads names from the series themselves.
  struct series_name {
    const std::vector<metric_series>* metrics;
    std::string_view operator()(std::size_t at) const { return (*metrics)[at].name(); }
  };
  [[nodiscard]] series_name name_at() const { return {&metrics_}; }
  std::vector<metric_series> metrics_;
  name_index index_;
  std::vector<std::string> textual_;
  std::optional<std::vector<std::string>> stats_source_;
  std::size_t longest_ = 0;  ///< the longest series, kept so that run_count() is constant time
};

}  // namespace perfmail
