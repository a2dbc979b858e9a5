// The matrix's store of samples (include/perfmail/model/matrix.hpp): one arena of large blocks.

#include "perfmail/model/matrix.hpp"

#include <algorithm>
#include <memory_resource>

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

}  // namespace perfmail
