// perfmail compare BASE HEAD [HEAD...]: the comparison table of result matrices, as the robot prints it.

#include "commands.hpp"
#include "output.hpp"
#include "row_choice.hpp"
#include "terminal.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/comparison_json.hpp"
#include "perfmail/io/job_yaml.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/analysis/comparison.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/metrics/rules.hpp"
#include "perfmail/table/details.hpp"
#include "perfmail/table/markdown.hpp"
#include "perfmail/table/render.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace perfmail::cli {

namespace {

struct compare_args {
  std::vector<std::string> paths;
  table_dialect dialect = table_dialect::modern;
  bool all = false;
  bool keep_noise = false;
  row_order order = row_order::robot;
  bool testcase_first = true;
  policy_kind policy = policy_kind::robot;
  double alpha = 0.05;
  p_correction correction = p_correction::bh;
  std::optional<double> min_change;
  bool details = false;
  std::optional<double> distance;
  std::optional<double> gap;
  std::optional<double> variance;
  bool keep_rare_failures = false;
  bool drop_rare_failures = false;
  bool more = false;
  bool whole = false;
  bool ignore_incomplete_runs = false;
  std::optional<std::string> perf_profile;
  std::optional<std::size_t> resize;
  bool regression_only = false;
  bool all_critical = false;
  std::string format = "text";
  std::string testcase;
  std::string path_params;
  std::string tbox_group;
  std::vector<std::string> axes;
  std::vector<std::string> commits;
  std::string output;  // empty or "-": standard output
  fail_on fail = fail_on::never;
  std::vector<std::string> metrics;
  std::optional<only_rows> only;
  std::optional<row_sort> sort;
  std::string colour = "auto";
  bool no_summary = false;
  std::vector<std::string> higher_better;
  std::vector<std::string> lower_better;
};

/// A column's name when none is given: the directory that holds the results.
std::string default_commit_name(const std::string& path) {
  std::filesystem::path p{path};
  while (!p.empty() && p.filename().empty()) p = p.parent_path();  // a trailing slash
  if (p.filename() == "matrix.json") p = p.parent_path();
  const std::string name = p.filename().string();
  return name.empty() ? path : name;
}

/// The job of each result set that is a robot result root (a job.yaml of its own or in its first run
/// directory) or the matrix.json of one, or nullopt.
std::vector<std::optional<io::job_description>> jobs_of(const std::vector<std::string>& paths) {
  std::vector<std::optional<io::job_description>> jobs;
  for (const auto& p : paths) {
    const auto root = p == io::standard_input_path ? std::nullopt : io::result_root_of(p);
    if (!root) {
      jobs.emplace_back();
      continue;
    }
    jobs.emplace_back(io::load_job_yaml(io::job_file_of(*root), input_limits()));
  }
  return jobs;
}

/// The group header: the options where given, else what the result roots' job.yaml say (the base's,
/// with a note where a head's differs), else nothing. Two roots of different test cases are refused
/// unless --testcase says what the table is: their metrics are not the same measurements.
/// What the roots' jobs leave unsaid or disagree on goes to `notes`, which the caller prints once the
/// comparison is made, so that a refused header or bad results print their one error line alone.
table_header make_header(const compare_args& args, std::vector<std::string>& notes) {
  const auto jobs = jobs_of(args.paths);
  for (const auto& job : jobs)
    if (job) notes.insert(notes.end(), job->notes.begin(), job->notes.end());
  const io::job_description* base_job = nullptr;
  for (const auto& job : jobs)
    if (job && base_job == nullptr) base_job = &*job;
  table_header h;
  h.testcase = args.testcase;
  h.path_params = args.path_params;
  h.tbox_group = args.tbox_group;
  if (base_job != nullptr) {
    for (const auto& job : jobs) {
      if (!job || &*job == base_job) continue;
      if (args.testcase.empty() && job->testcase != base_job->testcase)
        throw usage_error(fmt::format("{} is test case {} but {} is {}: give --testcase to compare them anyway",
                                      base_job->source, text::quoted(base_job->testcase), job->source,
                                      text::quoted(job->testcase)));
      const auto differs = [&](std::string_view what, const std::string& given, const std::string& base,
                               const std::string& other) {
        if (given.empty() && base != other)
          notes.push_back(printable_message(fmt::format("{} {} in {} but {} in {}; the header names the first", what,
                                                        text::quoted(base), base_job->source, text::quoted(other),
                                                        job->source)));
      };
      differs("tbox_group", args.tbox_group, base_job->tbox_group, job->tbox_group);
      differs("path_params", args.path_params, base_job->path_params, job->path_params);
    }
    if (h.testcase.empty()) h.testcase = base_job->testcase;
    if (h.path_params.empty()) h.path_params = base_job->path_params;
    if (h.tbox_group.empty()) h.tbox_group = base_job->tbox_group;
  }
  for (const auto& axis : args.axes) {
    const auto eq = axis.find('=');
    if (eq == std::string::npos || eq == 0)
      throw usage_error(fmt::format("--axis '{}': expected KEY=VALUE", axis));
    h.axes.emplace_back(axis.substr(0, eq), axis.substr(eq + 1));
  }
  if (h.axes.empty() && base_job != nullptr) {
    // The robot's axes of the job, with the test case and box the options may have renamed.
    for (const auto& axis : base_job->axes()) {
      const std::string& value = axis.key == "testcase"     ? h.testcase
                                 : axis.key == "tbox_group" ? h.tbox_group
                                                            : axis.value;
      h.axes.emplace_back(axis.key, value);
    }
  }
  if (h.axes.empty()) {
    if (!h.tbox_group.empty()) h.axes.emplace_back("tbox_group", h.tbox_group);
    if (!h.testcase.empty()) h.axes.emplace_back("testcase", h.testcase);
    if (!h.path_params.empty()) h.axes.emplace_back("path_params", h.path_params);
  }
  if (!args.commits.empty()) {
    if (args.commits.size() != args.paths.size())
      throw usage_error(fmt::format("--commit given {} times for {} result sets", args.commits.size(),
                                    args.paths.size()));
    h.commits = args.commits;
  } else {
    // A root's column is its commit, as the robot names it; other results are named by their directory.
    for (std::size_t i = 0; i < args.paths.size(); ++i)
      h.commits.push_back(jobs[i] && !jobs[i]->commit.empty() ? jobs[i]->commit : default_commit_name(args.paths[i]));
  }
  return h;
}

/// Refuses an option given where it has no effect, saying why: a script that passes --alpha to the
/// robot policy, or --distance to utest, would otherwise believe it was obeyed.
void refuse_ignored_options(const CLI::App& cmd, const compare_args& args) {
  const auto given = [&](const char* option) { return cmd.count(option) > 0; };
  const bool robot = args.policy == policy_kind::robot;
  const bool text = args.format == "text";
  const auto refuse = [](std::string_view option, std::string_view why) {
    throw usage_error(fmt::format("{} has no effect here: {}", option, why));
  };
  // Options of one policy.
  if (robot)
    for (const char* option : {"--alpha", "--correction"})
      if (given(option)) refuse(option, "the robot policy has no significance test (use --policy utest or ttest)");
  if (!robot)
    for (const char* option : {"--distance", "--gap", "--variance", "--perf-profile", "--resize", "--regression-only",
                               "--all-critical"})
      if (given(option))
        refuse(option, fmt::format("it is a rule of the robot policy, not of {}", name_of(policy_names, args.policy)));
  if (robot && args.sort == row_sort::p) refuse("--sort p", "the robot policy has no p-values (use --policy utest or ttest)");
  // Options of one dialect or format.
  if (given("--keep-noise") && args.dialect != table_dialect::classic)
    refuse("--keep-noise", "only the classic table filters noise");
  if (given("--details") && !text) refuse("--details", "it is a text layout (--format json has every number)");
  if (given("--no-summary") && !text) refuse("--no-summary", "the summary line is the text table's");
  if (given("--color") && !text) refuse("--color", "only text tables are coloured");
  if (given("--color") && args.details) refuse("--color", "the details table is not coloured");
  if (args.sort && given("--order")) refuse("--order", "--sort gives the order");
}

/// The comparison the options ask for.
compare_options compare_options_of(const compare_args& args) {
  const bool current = args.dialect == table_dialect::current;
  compare_options options;
  options.all = args.all;
  // The robot's order is the dialect's: lkp-tests' of today for the current table.
  options.order = current && args.order == row_order::robot ? row_order::robot_families : args.order;
  options.testcase_first = args.testcase_first;
  if (current) options.mean_sum = sum_start::compensated;
  options.policy.kind = args.policy;
  options.policy.alpha = args.alpha;
  options.policy.correction = args.correction;
  options.policy.min_change_percent = args.min_change;
  if (args.policy == policy_kind::robot && (args.details || args.min_change))
    throw usage_error("--details and --min-change go with --policy utest or ttest: the robot policy has no "
                      "p-values and its own floors");
  robot_rule_options& robot = options.policy.robot;
  robot.distance = args.distance;
  robot.gap = args.gap;
  robot.variance = args.variance;
  robot.failure_needs_median_change = args.drop_rare_failures;
  robot.more = args.more;
  robot.whole = args.whole;
  robot.ignore_incomplete_runs = args.ignore_incomplete_runs;
  if (args.perf_profile) {
    // The threshold's Ruby class matters to the robot: written without a fraction or exponent, it is
    // an integer. The option's check has read it whole.
    robot.perf_profile = std::stod(*args.perf_profile);
    robot.perf_profile_integer = args.perf_profile->find_first_of(".eE") == std::string::npos;
  } else if (current) {
    // lkp-tests' comparer of today passes its perf-profile threshold, the integer 5 (so that a profile's
    // shares have no floor: its +0.0 rows).
    robot.perf_profile = 5;
    robot.perf_profile_integer = true;
  }
  robot.resize = args.resize;
  robot.regression_only = args.regression_only;
  robot.all_critical = args.all_critical;
  if (!args.higher_better.empty() || !args.lower_better.empty()) {
    // The given directions come first: the first rule that matches a metric decides.
    metric_rules rules = metric_rules::robot();
    std::vector<direction_rule> given;
    for (const auto& p : args.lower_better) given.push_back({name_rule_of("--lower-is-better", p), better::lower});
    for (const auto& p : args.higher_better) given.push_back({name_rule_of("--higher-is-better", p), better::higher});
    rules.directions.insert(rules.directions.begin(), given.begin(), given.end());
    options.classifier = std::make_shared<const metric_classifier>(std::move(rules));
  }
  return options;
}

/// Writes the comparison in the format asked for, with the rows chosen; returns the exit status that
/// --fail-on gives the verdicts of the rows judged.
int write_comparison(const compare_args& args, const comparison& cmp, const table_header& header) {
  const table_dialect dialect = args.dialect;
  // Only the classic table filters noise; what it drops is no change for the verdicts either.
  const verdict_options verdicts{.drop_noisy = dialect == table_dialect::classic && !args.keep_noise};
  const chosen_rows rows = choose_rows(cmp, metric_patterns{args.metrics}, args.only, args.sort, verdicts);
  const verdict_counts counts = count_verdicts(rows.judged, verdicts);
  const std::string summary_line = verdict_summary(counts) + '\n';
  const bool nothing_shown = std::none_of(rows.shown.begin(), rows.shown.end(), [&](const comparison_row* row) {
    return row->selected && !(verdicts.drop_noisy && row->noisy);
  });
  std::string out;
  if (args.format == "json") {
    io::comparison_json_options json;
    json.dialect = dialect;
    json.verdicts = verdicts;
    json.rows = rows.shown;
    json.counted = rows.judged;
    out = io::comparison_to_json(cmp, header, json);
  } else if (args.format == "markdown") {
    out = nothing_shown ? summary_line : render_markdown(header, rows.shown, verdicts) + summary_line;
  } else if (nothing_shown && !args.no_summary) {
    // A comparison of a result with itself: a sentence, not a bare header.
    out = summary_line + statistical_notes(cmp, header);
  } else {
    if (args.details) {
      out = render_details(cmp, header, rows.shown);
    } else {
      render_options ro;
      ro.noise_filter = !args.keep_noise;
      ro.colour = colour_wanted(args.colour, args.output);
      out = render_table(dialect, header, rows.shown, ro);
    }
    if (!args.no_summary) out += summary_line;
    // The statistical policies say under the table where their test could not select anything.
    out += statistical_notes(cmp, header);
  }
  write_output(args.output, out);
  return fails(args.fail, counts) ? exit_verdict : exit_ok;
}

}  // namespace

command_action add_compare_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("compare", "Print the comparison table of a base and one or more other result sets");
  auto args = std::make_shared<compare_args>();
  cmd->add_option("RESULTS", args->paths,
                  "BASE then HEAD (and more to compare): matrix.json files, run directories, robot result roots, or "
                  "results of other benchmark tools (--input-format; docs/INPUTS.md); - is standard input")
      ->required()
      ->expected(2, -1);
  cmd->add_option("--dialect", args->dialect,
                  "table layout: classic (2017 e-mails), modern (2018) or current (lkp-tests of 2019 to today)")
      ->transform(enum_choices(dialect_names))
      ->default_str("modern");
  cmd->add_flag("--all", args->all, "a row for every metric present on either side, changed or not");
  cmd->add_flag("--keep-noise", args->keep_noise, "classic: keep rows whose spread exceeds half their mean");
  cmd->add_option("--order", args->order,
                  "row order: given (the head's metric order, then base-only) or robot (the dialect's: with "
                  "current, lkp-tests' families by row count)")
      ->transform(enum_choices(row_order_names))
      ->default_str("robot");
  auto* testcase_first = cmd->add_flag("--testcase-first,!--no-testcase-first", args->testcase_first,
                "current, robot order: a test program's metrics first (the default, as lkp-tests since "
                "2026-03 and until mid 2023), or every family by its row count (2023-06 to 2026-02)");
  cmd->add_option("--policy", args->policy,
                  "change detection: robot (its heuristic), utest (Mann-Whitney U), ttest (Welch's t)")
      ->transform(enum_choices(policy_names))
      ->default_str("robot");
  cmd->add_option("--alpha", args->alpha, "significance level of utest and ttest")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--correction", args->correction,
                  "utest and ttest: correction for the many metrics of a column: none, bh (Benjamini-Hochberg, "
                  "the default), by (Benjamini-Yekutieli), holm or bonferroni; a metric is selected when its "
                  "q-value is at most alpha")
      ->transform(enum_choices(correction_names))
      ->default_str("bh");
  cmd->add_option("--min-change", args->min_change,
                  "utest and ttest: select only changes of the mean of at least PCT percent (default: the "
                  "robot's floors; 0 for none)")
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_flag("--details", args->details,
                "utest and ttest: a line per metric with medians and their 95% intervals, the change with its "
                "95% interval, p and q, and geometric means per direction, instead of the robot's table");
  cmd->add_option("--distance", args->distance, "robot: ranges must be apart (see docs/TABLES.md)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--gap", args->gap, "robot: ranges apart by more than GAP x the median difference")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--variance", args->variance, "robot: report changes of spread by more than VARIANCE x")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--more", args->more, "robot: do not apply the stat deny list (the robot's `more`)");
  cmd->add_flag("--whole", args->whole, "robot: compare metrics with fewer than 3 runs on both sides (`whole`)");
  cmd->add_flag("--ignore-incomplete-run", args->ignore_incomplete_runs,
                "robot: where runs did not finish, skip the pass over every run (`ignore-incomplete-run`)");
  cmd->add_option("--perf-profile", args->perf_profile,
                  "robot: a perf-profile share changed when either median exceeds PERCENT, with no floor "
                  "(`perf-profile`; 5 meets integer medians only, 5.0 fractional ones, as in Ruby)")
      ->check([](const std::string& text) -> std::string {
        std::size_t used = 0;
        double value = 0;
        try {
          value = std::stod(text, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used != text.size() || text.empty() || !std::isfinite(value) || value < 0)
          return "the perf-profile threshold must be a non-negative number";
        return {};
      });
  cmd->add_option("--resize", args->resize, "robot: compare the first N runs of each compared column (`resize`)")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--regression-only", args->regression_only,
                "robot: do not report failure counts that disappeared (`regression-only`)");
  cmd->add_flag("--all-critical", args->all_critical,
                "robot: the same, but keep the messages of a killed kernel (`all-critical`)");
  cmd->add_flag("--drop-rare-failures", args->drop_rare_failures,
                "departs from the robot: do not report failure counts whose medians are equal (a failure in a "
                "minority of runs)");
  cmd->add_flag("--keep-rare-failures", args->keep_rare_failures,
                "report failure counts whose medians are equal, as the robot does (the default; kept for scripts)")
      ->excludes("--drop-rare-failures");
  cmd->add_option("--format", args->format,
                  "text (the table), markdown (a GitHub-flavoured table, for pull requests and issues) or json "
                  "(numbers, verdicts and p-values)")
      ->check(CLI::IsMember({"text", "markdown", "json"}))
      ->capture_default_str();
  cmd->add_option("--fail-on", args->fail, "exit with status 1 when a change has this verdict: regression, change "
                                           "(any) or never (the default); bad input stays status 2")
      ->transform(enum_choices(fail_on_names))
      ->default_str("never");
  cmd->add_option("--metrics", args->metrics,
                  "judge and show only the metrics this pattern matches: a glob (fio.*), /regex/ (found anywhere "
                  "in the name), !PATTERN to exclude; repeatable")
      ->allow_extra_args(false)
      ->take_all()
      ->type_name("PATTERN");
  cmd->add_option("--only", args->only, "show only the rows of this verdict: regressions, improvements or changes")
      ->transform(enum_choices(only_rows_names));
  cmd->add_option("--sort", args->sort,
                  "row order instead of the robot's: name, change (largest first) or p (smallest first; utest, "
                  "ttest)")
      ->transform(enum_choices(row_sort_names));
  cmd->add_option("--color", args->colour,
                  "text table rows in colour, regressions red and improvements green: auto (on a terminal, unless "
                  "NO_COLOR is set), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  cmd->add_option("--higher-is-better", args->higher_better,
                  "the metrics this pattern matches (a glob, or /regex/) are better higher, ahead of the "
                  "built-in direction rules; repeatable")
      ->allow_extra_args(false)
      ->take_all()
      ->type_name("PATTERN");
  cmd->add_option("--lower-is-better", args->lower_better,
                  "the same for metrics better lower (tried before --higher-is-better)")
      ->allow_extra_args(false)
      ->take_all()
      ->type_name("PATTERN");
  cmd->add_flag("--no-summary", args->no_summary,
                "text: the table alone, without the summary line of verdicts under it (the robot's exact output)");
  cmd->add_option("--testcase", args->testcase,
                  "test case named in the group header (default: a result root's job.yaml `testcase`)");
  cmd->add_option("--path-params", args->path_params,
                  "classic group header: the job's parameters, dash-joined (default: from a result root's job.yaml)");
  cmd->add_option("--tbox-group", args->tbox_group,
                  "test machine group named in the group header (default: a result root's job.yaml `tbox_group`)");
  cmd->add_option("--axis", args->axes,
                  "modern group header: KEY=VALUE, repeated in order (default: a result root's job.yaml axes)")
      ->allow_extra_args(false)
      ->take_all();
  cmd->add_option("--commit", args->commits,
                  "column names, base first, repeated once per result set (default: a result root's job.yaml "
                  "`commit`, else the results' directory names)")
      ->allow_extra_args(false)
      ->take_all();
  cmd->add_option("-o,--output", args->output,
                  "write to this file instead of standard output (written whole or not at all)");
  cmd->footer(
      "Example:\n"
      "  perfmail compare examples/data/base/matrix.json examples/data/head/matrix.json \\\n"
      "      --dialect classic --testcase fio-basic --tbox-group lkp-bdw-de1 \\\n"
      "      --path-params 300s-1SSD-btrfs-8-randwrite-4k-sync-400g-performance \\\n"
      "      --commit 2b837027cdc60ac3 --commit e932fd3f1772e1fbc0b90dcfb4fbc689729a48f8\n"
      "Prints the rows whose change the policy detects (the robot's rules by default; --all for every\n"
      "row), base first, then each compared column's change and value. --format json prints every\n"
      "metric with its summaries, changes, verdicts and p-values instead. With --policy utest or ttest,\n"
      "p-values are corrected for the many metrics (--correction), changes must clear a floor\n"
      "(--min-change), and --details prints intervals and q-values:\n"
      "  perfmail compare base/ head/ --policy utest --details\n"
      "Under the table, one line counts the verdicts (2 regressions, 1 improvement, 9,997 unchanged); a\n"
      "metric's direction says which way is better. In CI:\n"
      "  perfmail compare base/ head/ --metrics 'will-it-scale.*' --fail-on regression\n"
      "exits 1 on a regression (2 stays bad input). For a pull request:\n"
      "  perfmail compare base/ head/ --only changes --sort change --format markdown\n"
      "More in docs/TABLES.md and docs/STATISTICS.md.");
  return [args, testcase_first, cmd] {
    const bool current = args->dialect == table_dialect::current;
    if (testcase_first->count() > 0 && !(current && args->order == row_order::robot))
      throw usage_error("--testcase-first and --no-testcase-first go with --dialect current and the robot order");
    refuse_ignored_options(*cmd, *args);
    std::vector<std::string> notes;
    const table_header header = make_header(*args, notes);
    const compare_options options = compare_options_of(*args);
    const std::vector<std::filesystem::path> paths(args->paths.begin(), args->paths.end());
    std::vector<matrix> results = io::load_all_results(paths, input_limits());
    for (const auto& m : results) notes.insert(notes.end(), m.notes().begin(), m.notes().end());
    const comparison cmp = compare(std::move(results), options);
    for (const auto& note : notes) fmt::print(stderr, "perfmail: note: {}\n", note);
    return write_comparison(*args, cmp, header);
  };
}

}  // namespace perfmail::cli
