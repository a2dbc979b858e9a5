#pragma once
// `perfmail history --format json` (docs/HISTORY.md): the commits read, the options, every change point
// with its numbers, the outliers set apart, and the verdicts counted. Declarations only: the writer
// lives in src/io/ so that its JSON library stays out of these headers. Text from the input is written as
// UTF-8 JSON in ASCII escapes, as comparison_to_json writes it.

#include "perfmail/analysis/history_search.hpp"
#include "perfmail/model/history.hpp"

#include <string>

namespace perfmail::io {

[[nodiscard]] std::string history_to_json(const commit_history& history, const history_search& search,
                                          const history_options& options, int indent = 2);

}  // namespace perfmail::io
