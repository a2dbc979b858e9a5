#pragma once
// One metric's samples, one per run, remembering how each was written: the classic table formats a row
// differently when a sample was a JSON float ("5.0") rather than an integer ("5"). A metric_series owns
// its samples (loaders build them, rows print them); a matrix stores its metrics more compactly and
// hands out series_view, which a metric_series converts to.

#include "perfmail/model/series_view.hpp"

#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail {

class metric_series {
 public:
  metric_series() = default;
  explicit metric_series(std::string name) : name_(std::move(name)) {}
  /// Samples that are all of one kind (tests and generated data).
  metric_series(std::string name, std::vector<double> values, sample_kind kind = sample_kind::floating)
      : name_(std::move(name)), values_(std::move(values)), uniform_(kind) {
    if (kind == sample_kind::missing) std::fill(values_.begin(), values_.end(), 0.0);
  }
  /// A copy of a series stored elsewhere.
  explicit metric_series(const series_view& other)
      : name_(other.name()),
        values_(other.raw_values().begin(), other.raw_values().end()),
        kinds_(other.kinds().begin(), other.kinds().end()),
        uniform_(other.empty() ? sample_kind::integer : other.kind(0)) {}

  /// Empties the series for the next metric, keeping its buffers (a loader reads many metrics into one).
  void reset(std::string_view name);

  void push_back(double value, sample_kind kind) {
    if (!kinds_.empty()) {
      kinds_.push_back(kind);
    } else if (values_.empty()) {
      uniform_ = kind;
    } else if (kind != uniform_) {
      kinds_.reserve(values_.capacity());
      kinds_.assign(values_.size(), uniform_);
      kinds_.push_back(kind);
    }
    values_.push_back(kind == sample_kind::missing ? 0.0 : value);
  }
  void push_missing() { push_back(0.0, sample_kind::missing); }
  void reserve(std::size_t n) { values_.reserve(n); }
  /// Grows to `runs` samples, the new ones missing.
  void pad_to(std::size_t runs) {
    while (values_.size() < runs) push_missing();
  }

  [[nodiscard]] series_view view() const noexcept { return {name_, values_, kinds_, uniform_}; }
  operator series_view() const noexcept { return view(); }  // NOLINT: a series is readable wherever a view is

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] std::size_t size() const noexcept { return values_.size(); }
  [[nodiscard]] bool empty() const noexcept { return values_.empty(); }
  /// Every sample, missing ones as 0.
  [[nodiscard]] std::span<const double> raw_values() const noexcept { return values_; }
  /// How sample `run` was written.
  [[nodiscard]] sample_kind kind(std::size_t run) const { return view().kind(run); }
  [[nodiscard]] bool is_missing(std::size_t run) const { return kind(run) == sample_kind::missing; }
  /// The samples that are present, in run order.
  [[nodiscard]] std::vector<double> present_values() const { return view().present_values(); }
  [[nodiscard]] std::size_t present_count() const noexcept { return view().present_count(); }
  /// Whether any present sample was written as a float.
  [[nodiscard]] bool any_floating() const noexcept { return view().any_floating(); }

  /// A copy holding only the runs for which `keep(run)` is true.
  template <class Predicate>
  [[nodiscard]] metric_series filter_runs(Predicate keep) const {
    metric_series out{name_};
    out.reserve(values_.size());
    for (std::size_t i = 0; i < values_.size(); ++i)
      if (keep(i)) out.push_back(values_[i], kind(i));
    return out;
  }

  /// Equal names, samples and kinds, however the kinds are stored.
  friend bool operator==(const metric_series& a, const metric_series& b) { return a.view() == b.view(); }

 private:
  std::string name_;
  std::vector<double> values_;
  /// Per sample, but only once the samples differ in kind: most series are all integers or all floats,
  /// and storing their kinds would add an allocation and a byte per sample to every metric.
  std::vector<sample_kind> kinds_;
  sample_kind uniform_ = sample_kind::integer;  ///< every sample's kind while `kinds_` is empty
};

}  // namespace perfmail
