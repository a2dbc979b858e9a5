#pragma once
// The report document of two of the robot's result roots (docs/INPUTS.md, "report --base ROOT --head
// ROOT"): what their job.yaml and results say of the email, with a note for each field they leave unsaid.
// The command adds what only its options can say (the commit's subject and tree, the plots, the headline,
// the mail). Declarations only: src/io/root_report.cpp.

#include "perfmail/email/document.hpp"
#include "perfmail/io/job_yaml.hpp"

#include <string>
#include <vector>

namespace perfmail::io {

/// A document of two roots, and what they left unsaid, one printable line each.
struct root_report {
  email::report_document document;
  std::vector<std::string> notes;
};

/// Whether `root` is one of the robot's: its job names a test case or a machine group. A project's roots
/// (bisect --record, history) name neither, and take the project layout by default.
[[nodiscard]] bool is_robot_root(const result_root& root);

/// How a project's roots are judged: by Mann-Whitney U with no floor (where `doc` sets none), as the
/// robot's floors were set for the kernel's metrics, and with a plot of each changed metric (where `doc`
/// names no plots), so that the change a bisection found is printed, with its plot.
void judge_as_project_roots(email::report_document& doc);

/// The commits (each root's own, else named by its directory), the test and its parameters, the kconfig
/// and compiler, the machine, the group header and the results of `base` and `head`, named by
/// `base_origin` and `head_origin` in messages; `layout` is the email's (whether it has config lines;
/// the project layout's roots are judged as judge_as_project_roots says).
/// Throws usage_error for roots of two test cases: a report compares one test.
[[nodiscard]] root_report report_of_roots(const result_root& base, const result_root& head, std::string base_origin,
                                          std::string head_origin, const email::email_layout& layout);

}  // namespace perfmail::io
