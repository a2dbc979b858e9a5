#pragma once
// From a report document to the email: compare the results, pick the rows, render the table and the
// plots, word the headline and the subject, and lay out the body. Declarations only: the composition is
// compiled once (src/email/compose.cpp).
//
// **Example** (examples/email_from_matrices.cpp):
//   email::report_document doc = ...;           // or io::load_report("report.json")
//   const email::composed_report r = email::compose(doc);
//   std::cout << r.body;                         // r.subject, r.table (the comparison), r.rows

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/analysis/verdict.hpp"
#include "perfmail/email/document.hpp"
#include "perfmail/email/mbox.hpp"
#include "perfmail/error.hpp"
#include "perfmail/table/request.hpp"
#include "perfmail/table/header.hpp"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::email {

/// A further test's table in a composed report (current layouts).
struct composed_section {
  std::string testcase;
  std::string metric;                       ///< the box's metric
  std::shared_ptr<const comparison> table;
  std::vector<const comparison_row*> rows;  ///< the rows printed, in order (point into `table`)
  table_header header;                      ///< its group header and commits
};

/// A composed report: the body, the subject, and the comparison behind them.
struct composed_report {
  std::string body;
  std::string subject;
  std::string headline_metric;
  comparison table;                         ///< every metric, selected or not
  std::vector<const comparison_row*> rows;  ///< the rows printed, in order (point into `table`)
  std::vector<std::string> plotted;         ///< metrics that got a plot, in order
  std::vector<composed_section> further;    ///< one per further test, in box order
  /// The Message-ID the body names (its Closes tag, its materials URL), without angle brackets: the
  /// document's, or the one derived for it; the message must carry it. Empty: the body names none.
  std::string message_id;
};

/// The plot title of a metric: every character outside [a-zA-Z0-9_.:+=-] becomes '_', as the robot
/// writes it (so `fio.latency_4ms%` is titled `fio.latency_4ms_`).
[[nodiscard]] std::string plot_title(std::string_view metric);

/// The table header a document's email prints: its group header, and the commits of its columns.
[[nodiscard]] table_header table_header_of(const report_document& doc);

/// The table a document asks for: its dialect's robot table (table/request.hpp) with the document's
/// `table` section and its direction rules ahead of the robot's.
[[nodiscard]] table_request table_request_of(const report_document& doc);

/// How the verdicts of a document's tables are read: the classic table's noise filter drops rows
/// (unless `table.keep_noise`), and what it drops is no change.
[[nodiscard]] verdict_options verdict_options_of(const report_document& doc);

/// The verdicts of the rows a composed report prints, its further tests' included, read as the
/// document's tables read them (verdict_options_of): what `--fail-on` judges.
[[nodiscard]] verdict_counts count_report_verdicts(const composed_report& report, const report_document& doc);

/// The complete message of a composed report (mbox_message): `headers` (the document's mail section)
/// with the report's subject and, when they name none, the Message-ID the body names. Throws
/// mail_header_error for a header mbox_message refuses.
[[nodiscard]] std::string message_of(const composed_report& report, mail_headers headers,
                                     std::span<const mail_attachment> attachments = {});

/// Composes the email a report document describes, comparing its results as its table asks
/// (table_request_of).
[[nodiscard]] composed_report compose(const report_document& doc);

/// The email of a comparison the caller has made already (a history, a bisection, a tool that analysed
/// the results its own way): `table` must compare the document's base and head results (its columns
/// are their matrices; usage_error otherwise), so that its tables and its plots agree. The document's
/// further tests are compared here.
[[nodiscard]] composed_report compose(const report_document& doc, comparison table);

}  // namespace perfmail::email
