// What a series computes over its samples (include/perfmail/model/series_view.hpp and series.hpp): out
// of line, so that a file that includes the model instantiates none of these loops' algorithms.

#include "perfmail/model/series.hpp"
#include "perfmail/model/series_view.hpp"

#include <algorithm>

namespace perfmail {

std::vector<double> series_view::present_values() const {
  if (kinds_ == nullptr)
    return uniform_ == sample_kind::missing ? std::vector<double>{} : std::vector<double>(values_.begin(), values_.end());
  std::vector<double> out;
  out.reserve(values_.size());
  for (std::size_t i = 0; i < values_.size(); ++i)
    if (kinds_[i] != sample_kind::missing) out.push_back(values_[i]);
  return out;
}

std::size_t series_view::present_count() const noexcept {
  if (kinds_ == nullptr) return uniform_ == sample_kind::missing ? 0 : values_.size();
  return static_cast<std::size_t>(
      std::count_if(kinds_, kinds_ + values_.size(), [](sample_kind k) { return k != sample_kind::missing; }));
}

bool series_view::any_floating() const noexcept {
  if (kinds_ == nullptr) return uniform_ == sample_kind::floating && !values_.empty();
  return std::find(kinds_, kinds_ + values_.size(), sample_kind::floating) != kinds_ + values_.size();
}

void metric_series::reset(std::string_view name) {
  name_.assign(name);
  values_.clear();
  kinds_.clear();
  uniform_ = sample_kind::integer;
}

bool operator==(const series_view& a, const series_view& b) noexcept {
  if (a.name_ != b.name_ || !std::equal(a.values_.begin(), a.values_.end(), b.values_.begin(), b.values_.end()))
    return false;
  for (std::size_t i = 0; i < a.values_.size(); ++i)
    if (a.kind(i) != b.kind(i)) return false;
  return true;
}

}  // namespace perfmail
