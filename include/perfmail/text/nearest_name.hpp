#pragma once
// The known name nearest to a mistyped one, so that a message can say what was probably meant: an
// unknown field of a report document, later a misspelt command or option.

#include "perfmail/text/printable.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <span>
#include <string>
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

/// The name among `candidates` that `word` is probably a mistyping of, or empty: the nearest one when
/// at most a third of its characters (leading dashes aside) are edits, else the only one that `word`
/// begins; letters are compared without regard to case (`COMMITS` is `commits` mistyped).
[[nodiscard]] inline std::string_view suggestion(std::string_view given, std::span<const std::string_view> candidates) {
  const auto without_dashes = [](std::string_view s) { return s.substr(std::min(s.find_first_not_of('-'), s.size())); };
  const auto lower = [](std::string_view s) {
    std::string out{s};
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  const std::string word = lower(given);
  std::vector<std::string> lowered;
  lowered.reserve(candidates.size());
  for (const std::string_view candidate : candidates) lowered.push_back(lower(candidate));
  const std::vector<std::string_view> names(lowered.begin(), lowered.end());
  const std::string_view nearest = nearest_name(word, names);
  if (!nearest.empty()) {
    // nearest_name gives a view of one of `names`: the candidate at its index is the one meant.
    const auto at = std::find_if(names.begin(), names.end(), [&](std::string_view n) { return n.data() == nearest.data(); });
    const std::string_view meant = candidates[static_cast<std::size_t>(at - names.begin())];
    const std::size_t edits = edit_distance(word, nearest);
    const std::size_t length = std::max(without_dashes(word).size(), without_dashes(nearest).size());
    if (meant != given && 3 * edits <= length) return meant;
  }
  // A beginning of one name only (`comp`, `--dia`): two letters at least, or every name would match.
  if (without_dashes(word).size() < 2) return {};
  std::string_view begun;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (names[i].size() <= word.size() || names[i].substr(0, word.size()) != word) continue;
    if (!begun.empty() && begun != candidates[i]) return {};
    begun = candidates[i];
  }
  return begun;
}

/// `; did you mean "NAME"?` for the suggestion() among `candidates`, or empty: the tail of a message
/// that refuses a name (a metric, a value) the user probably mistyped.
[[nodiscard]] inline std::string did_you_mean(std::string_view word, std::span<const std::string_view> candidates) {
  const std::string_view meant = suggestion(word, candidates);
  return meant.empty() ? std::string{} : "; did you mean " + quoted(meant) + "?";
}

}  // namespace perfmail::text
