#pragma once
// One metric's samples, one per run, remembering how each was written: the classic table formats a row
// differently when a sample was a JSON float ("5.0") rather than an integer ("5").

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace perfmail {

enum class sample_kind : std::uint8_t {
  integer,   ///< written without a fraction or exponent: 5, -3
  floating,  ///< written with a fraction or exponent: 5.0, 1e3
  missing,   ///< null in the file, or the run did not report the metric
};

class metric_series {
 public:
  metric_series() = default;
  explicit metric_series(std::string name) : name_(std::move(name)) {}
  /// Samples that are all of one kind (tests and generated data).
  metric_series(std::string name, std::vector<double> values, sample_kind kind = sample_kind::floating)
      : name_(std::move(name)), values_(std::move(values)), uniform_(kind) {
    if (kind == sample_kind::missing) std::fill(values_.begin(), values_.end(), 0.0);
  }

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

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] std::size_t size() const noexcept { return values_.size(); }
  [[nodiscard]] bool empty() const noexcept { return values_.empty(); }
  /// Every sample, missing ones as 0.
  [[nodiscard]] std::span<const double> raw_values() const noexcept { return values_; }
  /// How sample `run` was written.
  [[nodiscard]] sample_kind kind(std::size_t run) const { return kinds_.empty() ? uniform_ : kinds_[run]; }
  [[nodiscard]] bool is_missing(std::size_t run) const { return kind(run) == sample_kind::missing; }

  /// The samples that are present, in run order.
  [[nodiscard]] std::vector<double> present_values() const {
    if (kinds_.empty()) return uniform_ == sample_kind::missing ? std::vector<double>{} : values_;
    std::vector<double> out;
    out.reserve(values_.size());
    for (std::size_t i = 0; i < values_.size(); ++i)
      if (kinds_[i] != sample_kind::missing) out.push_back(values_[i]);
    return out;
  }
  [[nodiscard]] std::size_t present_count() const noexcept {
    if (kinds_.empty()) return uniform_ == sample_kind::missing ? 0 : values_.size();
    return static_cast<std::size_t>(std::count_if(kinds_.begin(), kinds_.end(), [](sample_kind k) {
      return k != sample_kind::missing;
    }));
  }
  /// Whether any present sample was written as a float.
  [[nodiscard]] bool any_floating() const noexcept {
    if (kinds_.empty()) return uniform_ == sample_kind::floating && !values_.empty();
    return std::find(kinds_.begin(), kinds_.end(), sample_kind::floating) != kinds_.end();
  }

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
  friend bool operator==(const metric_series& a, const metric_series& b) {
    if (a.name_ != b.name_ || a.values_ != b.values_) return false;
    for (std::size_t i = 0; i < a.values_.size(); ++i)
      if (a.kind(i) != b.kind(i)) return false;
    return true;
  }

 private:
  std::string name_;
  std::vector<double> values_;
  /// Per sample, but only once the samples differ in kind: most series are all integers or all floats,
  /// and storing their kinds would add an allocation and a byte per sample to every metric of a matrix.
  std::vector<sample_kind> kinds_;
  sample_kind uniform_ = sample_kind::integer;  ///< every sample's kind while `kinds_` is empty
};

}  // namespace perfmail
