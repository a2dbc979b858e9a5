#pragma once
// A metric's name and samples as someone else stores them: a matrix keeps every metric's samples in
// one store (matrix.hpp), a metric_series in its own vectors (series.hpp). What reads samples takes a
// view, so it works on either without a copy.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace perfmail {

enum class sample_kind : std::uint8_t {
  integer,   ///< written without a fraction or exponent: 5, -3
  floating,  ///< written with a fraction or exponent: 5.0, 1e3
  missing,   ///< null in the file, or the run did not report the metric
};

class series_view {
 public:
  series_view() = default;
  /// `kinds` holds one kind per sample, or nothing when every sample is of kind `uniform`.
  series_view(std::string_view name, std::span<const double> values, std::span<const sample_kind> kinds,
              sample_kind uniform) noexcept
      : name_(name), values_(values), kinds_(kinds.empty() ? nullptr : kinds.data()), uniform_(uniform) {}

  [[nodiscard]] std::string_view name() const noexcept { return name_; }
  [[nodiscard]] std::size_t size() const noexcept { return values_.size(); }
  [[nodiscard]] bool empty() const noexcept { return values_.empty(); }
  /// Every sample, missing ones as 0.
  [[nodiscard]] std::span<const double> raw_values() const noexcept { return values_; }
  /// How sample `run` was written.
  [[nodiscard]] sample_kind kind(std::size_t run) const noexcept { return kinds_ == nullptr ? uniform_ : kinds_[run]; }
  [[nodiscard]] bool is_missing(std::size_t run) const noexcept { return kind(run) == sample_kind::missing; }
  /// Whether every sample is of one kind; then `kind(run)` is the same for every run.
  [[nodiscard]] bool uniform() const noexcept { return kinds_ == nullptr; }
  /// One kind per sample, or nothing when the kinds are uniform.
  [[nodiscard]] std::span<const sample_kind> kinds() const noexcept {
    return kinds_ == nullptr ? std::span<const sample_kind>{} : std::span<const sample_kind>{kinds_, values_.size()};
  }

  /// The samples that are present, in run order.
  [[nodiscard]] std::vector<double> present_values() const;
  [[nodiscard]] std::size_t present_count() const noexcept;
  /// Whether any present sample was written as a float.
  [[nodiscard]] bool any_floating() const noexcept;

  /// Equal names, samples and kinds, however the kinds are stored.
  friend bool operator==(const series_view& a, const series_view& b) noexcept;

 private:
  std::string_view name_;
  std::span<const double> values_;
  const sample_kind* kinds_ = nullptr;  ///< one per sample, or null when all are `uniform_`
  sample_kind uniform_ = sample_kind::integer;
};

}  // namespace perfmail
