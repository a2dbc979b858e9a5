#pragma once
// Whether result sets can be compared at all. Two sets that share no metric are the wrong files (another
// test, another tool's names), not a comparison in which everything is gone and everything is new: the
// command line, compose() and the report document's reader refuse them by this one rule, each in its own
// words. Declarations only: src/analysis/common_metrics.cpp.

#include <cstddef>
#include <memory>
#include <optional>
#include <span>

namespace perfmail {

class matrix;

/// Whether `other` has at least one metric of `base` (by name, whatever its samples).
[[nodiscard]] bool shares_a_metric(const matrix& base, const matrix& other);

/// The first compared column of `columns` (base first; 1 on) that shares no metric with the base, or
/// nullopt when each shares one.
[[nodiscard]] std::optional<std::size_t> first_column_sharing_no_metric(
    std::span<const std::shared_ptr<const matrix>> columns);

}  // namespace perfmail
