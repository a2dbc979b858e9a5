// The report document of two result roots (io/root_report.hpp): which roots are the robot's, and how a
// project's roots are judged.

#include "perfmail/io/root_report.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace perfmail;

namespace {

io::result_root root_named(std::string testcase, std::string tbox_group) {
  io::result_root root;
  root.path = "roots/r";
  root.job.source = "roots/r/job.yaml";
  root.job.commit = "1111111";
  root.job.testcase = std::move(testcase);
  root.job.tbox_group = std::move(tbox_group);
  root.results.add(metric_series{"m.ops", {1.0, 2.0, 3.0}, sample_kind::integer});
  return root;
}

}  // namespace

TEST_CASE("a root is the robot's when its job names a test case or a machine group") {
  CHECK(io::is_robot_root(root_named("will-it-scale", "lkp-icl-2sp7")));
  CHECK(io::is_robot_root(root_named("will-it-scale", "")));
  CHECK(io::is_robot_root(root_named("", "lkp-icl-2sp7")));
  CHECK_FALSE(io::is_robot_root(root_named("", "")));
}

TEST_CASE("a project's roots are judged by Mann-Whitney U with no floor, and plot what changed") {
  email::report_document doc;
  io::judge_as_project_roots(doc);
  CHECK(doc.table.policy == policy_kind::mann_whitney);
  CHECK(doc.table.min_change_percent == 0.0);
  CHECK(doc.plots.metrics_from == email::plot_request::which::changed);
}

TEST_CASE("a floor and plots the document already names are kept") {
  email::report_document doc;
  doc.table.min_change_percent = 5.0;
  doc.plots.metrics_from = email::plot_request::which::listed;
  doc.plots.metrics = {"m.ops"};
  io::judge_as_project_roots(doc);
  CHECK(doc.table.policy == policy_kind::mann_whitney);
  CHECK(doc.table.min_change_percent == 5.0);
  CHECK(doc.plots.metrics_from == email::plot_request::which::listed);
}

TEST_CASE("the project layout's report of roots is judged as a project's, the robot's layouts by the robot") {
  const io::result_root base = root_named("", "");
  const io::result_root head = root_named("", "");
  email::email_layout project_layout;
  project_layout.era = email::layout_era::project;
  const io::root_report project = io::report_of_roots(base, head, "base", "head", project_layout);
  CHECK(project.document.table.policy == policy_kind::mann_whitney);
  CHECK(project.document.table.min_change_percent == 0.0);
  CHECK(project.document.plots.metrics_from == email::plot_request::which::changed);

  const io::root_report robot =
      io::report_of_roots(base, head, "base", "head", email::named_layout(email::layout_era::y2026));
  CHECK(robot.document.table.policy == policy_kind::robot);
  CHECK_FALSE(robot.document.table.min_change_percent.has_value());
  CHECK(robot.document.plots.metrics_from == email::plot_request::which::none);
}
