// The report document of two result roots (include/perfmail/io/root_report.hpp).

#include "perfmail/io/root_report.hpp"

#include "perfmail/email/body.hpp"
#include "perfmail/error.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <memory>
#include <utility>

namespace perfmail::io {

bool is_robot_root(const result_root& root) { return !root.job.testcase.empty() || !root.job.tbox_group.empty(); }

void judge_as_project_roots(email::report_document& doc) {
  doc.table.policy = policy_kind::mann_whitney;
  if (!doc.table.min_change_percent) doc.table.min_change_percent = 0.0;
  if (doc.plots.metrics_from == email::plot_request::which::none)
    doc.plots.metrics_from = email::plot_request::which::changed;
}

root_report report_of_roots(const result_root& base, const result_root& head, std::string base_origin,
                            std::string head_origin, const email::email_layout& layout) {
  root_report out;
  const auto note = [&out](std::string text) { out.notes.push_back(text::printable(text)); };
  for (const auto* root : {&base, &head})
    for (const auto& n : root->job.notes) note(n);
  const job_description& job = head.job;
  if (!base.job.testcase.empty() && !job.testcase.empty() && base.job.testcase != job.testcase)
    throw usage_error(fmt::format("{} is test case {} but {} is {}: a report compares one test", base.job.source,
                                  text::quoted(base.job.testcase), job.source, text::quoted(job.testcase)));

  email::report_document& doc = out.document;
  doc.layout = layout;
  doc.dialect = email::dialect_of(layout.era);
  // The commits: the roots' own, named by their directories where a job does not say.
  const auto commit_of = [&note](const result_root& root) {
    if (!root.job.commit.empty()) return root.job.commit;
    note(fmt::format("{}: no commit; the column is named by its directory", root.job.source));
    return root.path.filename().empty() ? root.path.parent_path().filename().string() : root.path.filename().string();
  };
  doc.head.id = commit_of(head);
  doc.base.id = commit_of(base);
  if (!job.base_commit.empty() && job.base_commit != doc.base.id)
    note(fmt::format("{}: base_commit {} is not the base root's commit {}; the base root's is reported", job.source,
                     text::quoted(job.base_commit), text::quoted(doc.base.id)));

  // The project layout names what it has and nothing of the robot's: missing robot fields are no news.
  const bool project = email::is_project_era(layout.era);
  if (project) doc.text = email::project_body_text();
  doc.test.name = job.testcase;
  if (doc.test.name.empty() && !project)
    note(fmt::format("{}: no testcase (or suite): the email names no test", job.source));
  doc.test.parameters = job.parameters;
  if (doc.test.parameters.empty() && !project) note(fmt::format("{}: no test parameters", job.source));
  doc.blocks.config = job.kconfig;
  doc.blocks.compiler = job.compiler;
  if (!email::has_one_table(layout.era) && layout.config_lines) {
    if (job.kconfig.empty()) note(fmt::format("{}: no kconfig: the email has no config: line", job.source));
    if (job.compiler.empty()) note(fmt::format("{}: no compiler: the email has no compiler: line", job.source));
  }
  doc.machine.name = job.tbox_group;
  doc.machine.description = job.machine_description();
  if (doc.machine.name.empty() && !project)
    note(fmt::format("{}: no tbox_group or testbox: the email names no machine", job.source));
  if (doc.machine.description.empty() && !project)
    note(fmt::format("{}: no nr_cpu, brand, model or memory: the machine is not described", job.source));
  doc.group.testcase = job.testcase;
  doc.group.path_params = job.path_params;
  doc.group.tbox_group = job.tbox_group;
  doc.group.axes = job.axes();

  doc.base_results = {std::move(base_origin), std::make_shared<const matrix>(base.results)};
  doc.head_results.push_back({std::move(head_origin), std::make_shared<const matrix>(head.results)});
  if (project) judge_as_project_roots(doc);
  return out;
}

}  // namespace perfmail::io
