#pragma once
// The text of `perfmail history`: one line per change point (the metric, the last commit before it and
// the first after, the medians on either side, the change with its interval, p and the verdict), then
// the summary line of verdicts (docs/HISTORY.md). Declarations only: src/table/history.cpp.

#include "perfmail/analysis/history_search.hpp"
#include "perfmail/model/history.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace perfmail {

struct history_render_options {
  bool colour = false;   ///< a regression's line red, an improvement's green (a terminal's)
  bool summary = true;   ///< the summary line under the changes
  double confidence = 0.95;  ///< the intervals' (history_options::confidence), for the heading
};

/// A commit as a line shows it: a hash shortened to 12 hex digits, anything else whole, made printable.
[[nodiscard]] std::string commit_label(std::string_view id);

/// The changes of `search` over `history`, oldest first within each metric.
[[nodiscard]] std::string render_history(const commit_history& history, const history_search& search,
                                         const history_render_options& options = {});

/// What the search left aside that a reader should know, a sentence each, in the order found: failure
/// counters not searched, metrics with no sample at the newest commit, commits set apart as outliers.
/// `perfmail history` prints them on stderr as notes; names are made printable.
[[nodiscard]] std::vector<std::string> history_notes(const commit_history& history, const history_search& search);

}  // namespace perfmail
