#pragma once
// A comparison as JSON, for tools: per metric the summaries of every column, and per compared column
// the change, the policy's verdict with its p-value, and the change as the table prints it.
//
// Declarations only: the writer lives in src/io/ so that its dependency stays out of these headers.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/table/header.hpp"

#include <span>
#include <string>

namespace perfmail::io {

struct comparison_json_options {
  table_dialect dialect = table_dialect::modern;  ///< whose printed change text to include
  int indent = 2;                                  ///< -1 for one line
};

/// A further table of a report (current layouts): its test case, its box metric and its comparison.
struct further_comparison {
  std::string testcase;
  std::string metric;
  const comparison* table = nullptr;
  table_header header;
};

/// The document, e.g. `{"policy":"robot","columns":[...],"metrics":[{"name":...,"selected":true,...}]}`;
/// see docs/TABLES.md for every field.
[[nodiscard]] std::string comparison_to_json(const comparison& cmp, const table_header& header,
                                             const comparison_json_options& options = {});

/// The same, with the further tests of a report under `tests`, each `{"testcase", "metric", ...}` and
/// the fields of its own comparison.
[[nodiscard]] std::string comparison_to_json(const comparison& cmp, const table_header& header,
                                             std::span<const further_comparison> further,
                                             const comparison_json_options& options = {});

}  // namespace perfmail::io
