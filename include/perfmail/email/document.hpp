#pragma once
// The report document: everything one email needs, resolved (result files loaded). It is what
// `perfmail report REPORT.json` reads (schema in docs/REPORT.md) and what library users fill in directly.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/email/body.hpp"
#include "perfmail/email/mbox.hpp"
#include "perfmail/model/commit.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/model/test_case.hpp"
#include "perfmail/metrics/rules.hpp"
#include "perfmail/table/header.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace perfmail::email {

/// Result matrices of one commit, with where they came from (for messages). Shared, so that a
/// comparison holds them without a copy.
struct results {
  std::string origin;  ///< a path, or "inline"
  std::shared_ptr<const matrix> data = std::make_shared<const matrix>();
};

/// One commit the bisection tested, with its verdict and results.
struct bisect_point {
  std::string commit;
  bool good = false;
  results data;
};

/// The two sample lists of one plot, given directly. An absent list differs from an empty one exactly as
/// gnuplot's data sets do (see docs/PLOTS.md).
struct plot_samples {
  std::string metric;
  std::optional<std::vector<double>> good;
  std::optional<std::vector<double>> bad;
};

struct plot_request {
  enum class which { none, listed, changed };
  which metrics_from = which::none;
  std::vector<std::string> metrics;  ///< for `listed`
  std::string style;                 ///< empty: the dialect's look (gnuplot-4.6 classic, gnuplot-5.0 modern)
  int width = 80;
  int height = 20;
  std::vector<bisect_point> bisection;  ///< good commits' samples against bad ones', in bisection order
  std::vector<plot_samples> samples;    ///< per metric, overriding the bisection
};

struct table_request {
  row_order order = row_order::given;
  std::vector<std::string> rows;  ///< explicit rows in order; empty: what change detection selects
  bool all = false;               ///< every metric on either side, no detection
  bool keep_noise = false;
  policy_kind policy = policy_kind::robot;
  std::optional<double> alpha;
  p_correction correction = p_correction::bh;   ///< utest and ttest: the correction over each column
  std::optional<double> min_change_percent;     ///< utest and ttest: the practical floor; none: the robot's
  std::optional<double> distance;
  std::optional<double> gap;
  std::optional<double> variance;
};

/// The group header above the table: classic "testcase/path_params/tbox_group/run: ..." or the modern
/// axes block.
struct group_header {
  std::string testcase;
  std::string path_params;
  std::string tbox_group;
  std::vector<parameter> axes;
};

struct headline_request {
  std::string metric;  ///< empty: the first performance row of the table
  std::string word;    ///< empty: from the metric's direction
  std::string lead;    ///< empty: "FYI, we noticed" (classic) or "We noticed" (modern)
};

struct report_document {
  table_dialect dialect = table_dialect::modern;
  commit head;
  commit base;
  test_case test;
  test_machine machine;
  group_header group;
  results base_results;
  std::vector<results> head_results;  ///< one per compared column after the base
  table_request table;
  plot_request plots;
  headline_request headline;
  body_text text;
  mail_headers mail;
  std::string subject_tag;  ///< e.g. "lkp-robot": the subject starts "[lkp-robot] "
  std::vector<direction_rule> directions;  ///< rules ahead of the classifier's (metrics/rules.hpp)
};

}  // namespace perfmail::email
