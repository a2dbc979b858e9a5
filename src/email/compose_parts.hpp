#pragma once
// The parts of composing an email that the seeds' layouts (compose.cpp) and the current ones
// (compose_current.cpp) share. Internal to the library.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/email/compose.hpp"
#include "perfmail/email/document.hpp"

#include <span>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace perfmail::email {

/// The table of one table section of a document (its own, or a further test's).
[[nodiscard]] table_request table_request_of(const report_document& doc, const table_section& table);

/// Composes an email in one of the layouts of 2020 on (compose_current.cpp), with the primary test's
/// comparison given or made here.
[[nodiscard]] composed_report compose_current(const report_document& doc, std::optional<comparison> primary);

namespace detail {

/// The `To reproduce:` block with the lkp commands of `form` (lkp-run for the seeds' layouts), ending
/// with its empty line. The install line says the job file is attached only when `job_file_attached`:
/// a message without one must not say so. Written in body.cpp, beside the seeds' other words.
[[nodiscard]] std::string reproduce_block(reproduce_form form, std::string_view repository, bool job_file_attached);

/// The matrices of a test's table, base first; refuses results that share no metric with the base.
[[nodiscard]] std::vector<std::shared_ptr<const matrix>> columns_of(const results& base,
                                                                    const std::vector<results>& heads);

/// Refuses a comparison whose columns are not the given results' matrices.
void require_columns_of(const comparison& table, const results& base, const std::vector<results>& heads);

/// A current table's header: the group's axes (or the job's own: its parameters, tbox_group and
/// testcase) and the commits as name_current_commits names them.
[[nodiscard]] table_header current_table_header(const report_document& doc, const test_case& test,
                                                const test_machine& machine, const group_header& group,
                                                std::span<const results> heads);

/// The current table's commit names: a tag in place of an id, and the lines under `commit: `
/// (`<10-hex> ("<subject>")`, or the tag); further columns named after their results.
void name_current_commits(const report_document& doc, std::span<const results> heads, table_header& header);

/// The rows to print: the request's list, in its order (each must be in the comparison), or every
/// selected row.
[[nodiscard]] std::vector<const comparison_row*> rows_to_print(const table_section& request, const comparison& table);

/// Refuses a document's headline word that names the other verdict than the metric's (word_fits), at
/// the document's field `field`.
void check_word(std::string_view word, change_verdict verdict, const comparison_row& row, std::string_view field);

/// The document's plots of the rows printed, and which metrics got one.
struct plot_block {
  std::string text;
  std::vector<std::string> plotted;
};
[[nodiscard]] plot_block render_plots(const report_document& doc, std::span<const comparison_row* const> rows);

}  // namespace detail
}  // namespace perfmail::email
