#pragma once
// A comparison as JSON, for tools: per metric the summaries of every column, and per compared column
// the change, the policy's verdict with its p-value, and the change as the table prints it.
//
// Declarations only: the writer lives in src/io/ so that its dependency stays out of these headers.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/analysis/verdict.hpp"
#include "perfmail/io/text_sink.hpp"
#include "perfmail/table/dialect.hpp"
#include "perfmail/table/header.hpp"

#include <optional>
#include <span>
#include <string>

namespace perfmail::io {

struct comparison_json_options {
  table_dialect dialect = table_dialect::modern;  ///< whose printed change text to include
  int indent = 2;                                  ///< -1 for one line
  /// How verdicts are read (the classic noise filter, where the table applies it), so that the JSON,
  /// the table's summary line and --fail-on agree.
  verdict_options verdicts;
  /// The metrics to write, in this order (chosen rows, --metrics, --sort); nullopt: every row of the
  /// comparison, in its order. The `verdicts` counts are over the metrics written.
  std::optional<std::span<const comparison_row* const>> rows;
  /// The metrics whose verdicts the `verdicts` counts and `summary` tally (the rows judged, of which
  /// `rows` may show fewer); nullopt: those written.
  std::optional<std::span<const comparison_row* const>> counted;
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

/// The same document, handed to `out` piece by piece as it is written (and a final new line), so that
/// its megabytes are never held whole. Every value is checked before the first piece: a number JSON
/// cannot hold (value_error) is thrown with nothing given to `out`.
void write_comparison_json(text_sink out, const comparison& cmp, const table_header& header,
                           std::span<const further_comparison> further = {},
                           const comparison_json_options& options = {});

}  // namespace perfmail::io
