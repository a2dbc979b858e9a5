#pragma once
// The report document: everything one email needs, resolved (result files loaded). It is what
// `perfmail report REPORT.json` reads (schema in docs/REPORT.md) and what library users fill in directly.

#include "perfmail/analysis/policy.hpp"
#include "perfmail/analysis/row_order.hpp"
#include "perfmail/email/body.hpp"
#include "perfmail/email/layout.hpp"
#include "perfmail/email/mail_headers.hpp"
#include "perfmail/model/commit.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/model/test_case.hpp"
#include "perfmail/metrics/rules.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::email {

/// An empty matrix, shared: what results hold until they are loaded. Compiled (src/email/compose.cpp),
/// so that including this header instantiates none of make_shared.
[[nodiscard]] std::shared_ptr<const matrix> no_results();

/// Result matrices of one commit, with where they came from (for messages). Shared, so that a
/// comparison holds them without a copy.
struct results {
  std::string origin;  ///< a path, or "inline"
  std::shared_ptr<const matrix> data = no_results();
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

struct table_section {
  row_order order = row_order::given;
  std::vector<std::string> rows;  ///< explicit rows in order; empty: what change detection selects
  bool all = false;               ///< every metric on either side, no detection
  bool keep_noise = false;
  policy_kind policy = policy_kind::robot;
  std::optional<double> alpha;
  std::optional<bool> testcase_first;  ///< current dialect, robot order; none: the layout's
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

/// A commit as the current layouts also name it: a release tag printed in its place in the tables
/// (`v6.16-rc4`), and the robot's nickname of its tree for the subject (`linux-next:master`).
struct commit_names {
  std::string tag;
  std::string tree;
};

/// A report on a mailing-list patch: the lines under its `commit:` line, and the subject's `Re:`.
struct patch_info {
  std::string url;      ///< `url: https://github.com/intel-lab-lkp/linux/commits/...`
  std::string base;     ///< `base: <tree URL> <branch or id>`
  std::string link;     ///< `patch link: https://lore.kernel.org/all/<message-id>/`
  std::string subject;  ///< `patch subject: [PATCH v2 3/5] ...`; the mail subject is `Re: <it>`
};

/// `[still regression on linux-next/master <id>]`: a later check of the same change.
struct status_line {
  std::string what;  ///< `still regression on`, `test failed on`, ...
  std::string tree;  ///< `linux-next/master`
  std::string commit;
};

/// One further test the change also affected: a box entry and a table section of its own.
struct test_section {
  test_case test;                     ///< its name and parameters (the box lists them sorted)
  test_machine machine;               ///< `name` is the tbox_group of the separator line
  group_header group;                 ///< the axes of its table
  results base_results;
  std::vector<results> head_results;  ///< one
  std::string metric;                 ///< the box's metric; empty: the first performance row
  std::string word;                   ///< empty: from the metric's direction
  std::optional<table_section> table; ///< none: the report's
};

/// The blocks of the current layouts that are the report's own data (FORMAT-current.md 7.13).
struct current_blocks {
  std::vector<std::string> preamble;     ///< lines a person wrote before the greeting
  std::vector<status_line> status;
  bool status_right_aligned = false;     ///< tree names padded on the left (2025-08 to 2025-10)
  std::string config;                    ///< `config: x86_64-rhel-9.4`
  std::string compiler;                  ///< `compiler: gcc-14`
  std::optional<bool> tags;              ///< the tags block; none: on regressions
  std::optional<bool> reproduce;         ///< the `To reproduce:` block of the layouts to 2023-08; none: the layout's
  bool details_line = true;              ///< the 98 `-` and `>` under `Details are as below:` (some 2022-23 emails lack it)
  /// The `Reported-by:` tag; empty: the sender (`mail.from`, as the command resolves it), who reported
  /// the change. Never a third party's address by default: git send-email copies `-by:` tags into Cc.
  std::string reported_by;
  std::string closes_url = "https://lore.kernel.org/oe-lkp";              ///< + `/<Message-ID>`
  std::string materials_url = "https://download.01.org/0day-ci/archive";  ///< + `/<YYYYMMDD>/<Message-ID>`
  int spaces_after_colon = 2;            ///< in the subject: `[tree] [subsystem]  <id>:  <metric>`
  int spaces_after_bracket = 2;          ///< in the subject, after the last `[...]` (some 2022-23 emails: 1)
  /// The `To reproduce:` commands (layouts to 2023-08); none: the layout's form for the report's day.
  std::optional<reproduce_form> reproduce_commands;
  /// The `To reproduce:` block after the tables, before `Disclaimer:` (reports of 2022-23 sent by some of
  /// the robot's maintainers), rather than after `Details are as below:`.
  bool reproduce_after_tables = false;
  /// The runs of empty lines FORMAT-current.md 7.2 marks as varying; none: the layout's count.
  struct empty_line_counts {
    std::optional<int> leading;            ///< before the greeting (or the preamble)
    std::optional<int> after_parameters;   ///< after the test block's parameters
    std::optional<int> before_disclaimer;  ///< after the last table, counting its own closing empty line
    std::optional<int> trailing;           ///< after the signature
  } empty_lines;
};

struct report_document {
  table_dialect dialect = table_dialect::modern;
  /// The email's layout: the seeds' (2017 classic, 2018 modern) or one of 2020 on (current dialect).
  email_layout layout = named_layout(layout_era::y2018);
  commit head;
  commit base;
  commit_names head_names;
  commit_names base_names;
  patch_info patch;
  current_blocks blocks;
  std::vector<test_section> further_tests;  ///< current layouts: the box entries, in box order
  test_case test;
  test_machine machine;
  group_header group;
  results base_results;
  std::vector<results> head_results;  ///< one per compared column after the base
  table_section table;
  plot_request plots;
  headline_request headline;
  body_text text;
  mail_headers mail;
  std::string subject_tag;  ///< e.g. "lkp-robot": the subject starts "[lkp-robot] "
  /// Files the message carries, as paths (a document's are relative to it once loaded): `--format mbox`
  /// attaches them; every format's `To reproduce:` block says the job file is attached only when one
  /// named job.yaml is among them.
  std::vector<std::string> attachments;
  std::vector<direction_rule> directions;  ///< rules ahead of the classifier's (metrics/rules.hpp)
};

/// Whether the message carries the job file: an attachment whose file name is job.yaml.
[[nodiscard]] inline bool attaches_job_file(const report_document& doc) {
  for (const std::string& path : doc.attachments) {
    const std::string_view name = std::string_view{path}.substr(path.find_last_of('/') + 1);
    if (name == "job.yaml") return true;
  }
  return false;
}

/// Whether the email names a Message-ID it derives from its sender: the layouts of 2020 on put the
/// message's id in the body (the Closes tag, the materials URL) and, where the document gives none, make
/// it from the date and the From address. Without a date there is no id to make; the seeds name none.
[[nodiscard]] inline bool derives_message_id_from_sender(const report_document& doc) {
  return !is_seed_era(doc.layout.era) && doc.mail.message_id.empty() && !doc.mail.date.empty();
}

}  // namespace perfmail::email
