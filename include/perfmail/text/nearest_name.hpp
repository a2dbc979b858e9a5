#pragma once
// The known name nearest to a mistyped one, so that a message can say what was probably meant: an
// unknown field of a report document, later a misspelt command or option.

#include <algorithm>
#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

namespace perfmail::text {

/// The edit distance of `a` and `b`: insertions, deletions, substitutions and transpositions of
/// neighbours each count one ("stlye" is one edit from "style").
[[nodiscard]] inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the dynamic-programming table: two back are needed for transpositions.
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitution = a[i - 1] == b[j - 1] ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[b.size()];
}

/// The candidate nearest to `word` (the first of equals), or an empty view when there is none.
[[nodiscard]] inline std::string_view nearest_name(std::string_view word, std::span<const std::string_view> candidates) {
  std::string_view best;
  std::size_t best_distance = 0;
  for (const std::string_view candidate : candidates) {
    const std::size_t d = edit_distance(word, candidate);
    if (best.empty() || d < best_distance) {
      best = candidate;
      best_distance = d;
    }
  }
  return best;
}

}  // namespace perfmail::text
