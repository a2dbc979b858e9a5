#pragma once
// The one limit of sparse input, for compare's matrices (import_support.cpp) and history's tables of
// every metric at every commit (history_input.cpp). Definitions in import_support.cpp.

#include <cstddef>

namespace perfmail::io::detail {

/// How many times the samples a file gives a reader keeps at most, missing ones included, beyond a small
/// allowance (too_sparse).
inline constexpr std::size_t sparse_factor = 16;

/// Whether `cells` places (every metric at every run or commit, missing samples included) are too many
/// for the `given` samples of the file. A real file is dense; a few hundred bytes that name a thousand
/// metrics, each at a run or commit of its own, would otherwise cost a million places.
[[nodiscard]] bool too_sparse(std::size_t cells, std::size_t given) noexcept;

}  // namespace perfmail::io::detail
