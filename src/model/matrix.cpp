// The matrix (include/perfmail/model/matrix.hpp): its store of samples, one arena of large blocks, and
// what does more than read a member.

#include "perfmail/model/matrix.hpp"

#include <algorithm>
#include <iterator>
#include <memory_resource>
#include <utility>

namespace perfmail {

struct matrix::sample_store {
  std::pmr::monotonic_buffer_resource blocks{first_block_bytes};
};

matrix::matrix() = default;
matrix::matrix(matrix&&) noexcept = default;
matrix& matrix::operator=(matrix&&) noexcept = default;
matrix::~matrix() = default;

matrix::matrix(const matrix& other)
    : index_(other.index_),
      textual_(other.textual_),
      stats_source_(other.stats_source_),
      metric_hints_(other.metric_hints_),
      hints_(other.hints_),
      origin_(other.origin_),
      notes_(other.notes_),
      longest_(other.longest_) {
  metrics_.reserve(other.metrics_.size());
  for (const auto& m : other.metrics_) metrics_.push_back(store(m));
}

series_view matrix::store(const series_view& series) {
  if (!store_) store_ = std::make_unique<sample_store>();
  const auto copy = [this]<class T>(std::span<const T> from) -> std::span<const T> {
    if (from.empty()) return {};
    T* to = static_cast<T*>(store_->blocks.allocate(from.size_bytes(), alignof(T)));
    std::copy(from.begin(), from.end(), to);
    return {to, from.size()};
  };
  const auto name = copy(std::span<const char>{series.name().data(), series.name().size()});
  return {std::string_view{name.data(), name.size()}, copy(series.raw_values()), copy(series.kinds()),
          series.empty() ? sample_kind::integer : series.kind(0)};
}

matrix& matrix::operator=(const matrix& other) {
  if (this != &other) *this = matrix(other);
  return *this;
}

void matrix::reserve(std::size_t n) {
  metrics_.reserve(n);
  index_.reserve(n);
}

void matrix::add_textual(std::string name) { textual_.push_back(std::move(name)); }
void matrix::set_stats_source(std::vector<std::string> sources) { stats_source_ = std::move(sources); }
void matrix::set_direction_hint(std::string_view name, better direction) { hint_of(name).direction = direction; }
void matrix::set_origin(result_origin origin) { origin_ = std::move(origin); }
void matrix::add_note(std::string note) { notes_.push_back(std::move(note)); }

void matrix::add(const series_view& series) {
  if (const auto at = index_.find(series.name(), name_at()); at != name_index::npos) {
    metrics_[at] = store(series);  // the replaced samples stay in the store unused: replacing is rare
    longest_ = 0;
    for (const auto& m : metrics_) longest_ = std::max(longest_, m.size());
    return;
  }
  try_add(series);
}

bool matrix::try_add(const series_view& series) {
  if (!index_.insert(series.name(), metrics_.size(), name_at())) return false;
  longest_ = std::max(longest_, series.size());
  metrics_.push_back(store(series));
  if (!hints_.empty()) {
    // A hint given for the name before the metric was added is the metric's now.
    const auto at = std::lower_bound(hints_.begin(), hints_.end(), series.name(),
                                     [](const auto& hint, std::string_view n) { return hint.first < n; });
    if (at != hints_.end() && at->first == series.name()) {
      hint_at(metrics_.size() - 1) = at->second;
      hints_.erase(at);
    }
  }
  return true;
}

const series_view* matrix::find(std::string_view name) const {
  const auto at = index_.find(name, name_at());
  return at == name_index::npos ? nullptr : &metrics_[at];
}

void matrix::set_unit_hint(std::string_view name, metric_unit unit) {
  metric_hint& hint = hint_of(name);
  hint.unit = unit;
  if (const auto direction = direction_of(unit.what)) hint.direction = direction;
}

void matrix::set_unit_hints(std::vector<std::pair<std::string, metric_unit>> units) {
  // The metrics' units go to their places; the others are sorted and merged into the sorted hints.
  std::vector<std::pair<std::string, metric_unit>> others;
  for (auto& [name, unit] : units) {
    if (const auto at = index_.find(name, name_at()); at != name_index::npos) set_unit_hint_at(at, unit);
    else others.emplace_back(std::move(name), unit);
  }
  if (others.empty()) return;
  const auto by_name = [](const auto& a, const auto& b) { return a.first < b.first; };
  std::stable_sort(others.begin(), others.end(), by_name);
  std::vector<std::pair<std::string, metric_hint>> merged;
  merged.reserve(hints_.size() + others.size());
  auto old = hints_.begin();
  for (auto at = others.begin(); at != others.end(); ++at) {
    if (std::next(at) != others.end() && std::next(at)->first == at->first) continue;  // a later one wins
    while (old != hints_.end() && old->first < at->first) merged.push_back(std::move(*old++));
    metric_hint hint = old != hints_.end() && old->first == at->first ? (old++)->second : metric_hint{};
    hint.unit = at->second;
    if (const auto direction = direction_of(at->second.what)) hint.direction = direction;
    merged.emplace_back(std::move(at->first), hint);
  }
  while (old != hints_.end()) merged.push_back(std::move(*old++));
  hints_ = std::move(merged);
}

void matrix::set_unit_hint_at(std::size_t index, metric_unit unit) {
  metric_hint& hint = hint_at(index);
  hint.unit = unit;
  if (const auto direction = direction_of(unit.what)) hint.direction = direction;
}

std::optional<better> matrix::direction_hint(std::string_view name) const {
  const metric_hint* hint = find_hint(name);
  return hint != nullptr ? hint->direction : std::nullopt;
}

std::optional<metric_unit> matrix::unit_hint(std::string_view name) const {
  const metric_hint* hint = find_hint(name);
  return hint != nullptr ? hint->unit : std::nullopt;
}

matrix::metric_hint& matrix::hint_of(std::string_view name) {
  if (const auto index = index_.find(name, name_at()); index != name_index::npos) return hint_at(index);
  const auto at = std::lower_bound(hints_.begin(), hints_.end(), name,
                                   [](const auto& hint, std::string_view n) { return hint.first < n; });
  if (at != hints_.end() && at->first == name) return at->second;
  return hints_.emplace(at, std::string{name}, metric_hint{})->second;
}

matrix::metric_hint& matrix::hint_at(std::size_t index) {
  if (metric_hints_.size() <= index) metric_hints_.resize(index + 1);
  return metric_hints_[index];
}

const matrix::metric_hint* matrix::find_hint(std::string_view name) const {
  if (!has_direction_hints()) return nullptr;  // no name to look up
  if (const auto index = index_.find(name, name_at()); index != name_index::npos)
    return index < metric_hints_.size() ? &metric_hints_[index] : nullptr;
  const auto at = std::lower_bound(hints_.begin(), hints_.end(), name,
                                   [](const auto& hint, std::string_view n) { return hint.first < n; });
  return at != hints_.end() && at->first == name ? &at->second : nullptr;
}

matrix matrix::without_runs(const std::vector<bool>& drop) const {
  matrix out;
  out.reserve(metrics_.size());
  metric_series kept_runs;
  for (const auto& m : metrics_) {
    kept_runs.reset(m.name());
    for (std::size_t run = 0; run < m.size(); ++run)
      if (run >= drop.size() || !drop[run]) kept_runs.push_back(m.raw_values()[run], m.kind(run));
    out.add(kept_runs);
  }
  out.textual_ = textual_;
  out.metric_hints_ = metric_hints_;  // the same metrics in the same order
  out.hints_ = hints_;
  out.origin_ = origin_;
  out.notes_ = notes_;
  if (stats_source_) {
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < stats_source_->size(); ++i)
      if (i >= drop.size() || !drop[i]) kept.push_back((*stats_source_)[i]);
    out.stats_source_ = std::move(kept);
  }
  return out;
}

}  // namespace perfmail
