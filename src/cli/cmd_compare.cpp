// perfmail compare BASE HEAD [HEAD...]: the comparison table of result matrices, as the robot prints it.

#include "footer.hpp"
#include "commands.hpp"
#include "help.hpp"
#include "help_format.hpp"
#include "output.hpp"
#include "row_choice.hpp"
#include "terminal.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/comparison_header.hpp"
#include "perfmail/io/comparison_json.hpp"
#include "perfmail/io/import.hpp"
#include "perfmail/io/job_yaml.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/analysis/common_metrics.hpp"
#include "perfmail/analysis/comparison.hpp"
#include "perfmail/analysis/conventions.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/metrics/rules.hpp"
#include "perfmail/table/benchstat.hpp"
#include "perfmail/table/details.hpp"
#include "perfmail/table/markdown.hpp"
#include "perfmail/table/render.hpp"
#include "perfmail/table/request.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <exception>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace perfmail::cli {

namespace {

/// What the options say. The choices whose default depends on whose results are compared (the robot's or
/// another tool's: model/origin.hpp) are optional; request_of() turns them into the table request.
struct compare_args {
  std::vector<std::string> paths;
  std::optional<table_dialect> dialect;
  std::optional<result_conventions> conventions;
  bool all = false;
  bool keep_noise = false;
  std::optional<row_order> order;
  bool testcase_first = true;
  std::optional<policy_kind> policy;
  double alpha = 0.05;
  double confidence = 0.95;
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
  std::size_t width = 0;  ///< 0: the terminal's, 80 in a pipe or a file
  bool no_summary = false;
  std::vector<std::string> higher_better;
  std::vector<std::string> lower_better;
  bool allow_disjoint = false;
  std::optional<std::string> reference;  ///< --reference: one hyperfine file's command the others are compared with
};

/// The header the options and the results' jobs give (io/comparison_header.hpp).
table_header make_header(const compare_args& args, const std::vector<std::optional<io::job_description>>& jobs,
                         const std::vector<matrix>& results, std::vector<std::string>& notes) {
  io::header_request request;
  request.paths = args.paths;
  request.testcase = args.testcase;
  request.path_params = args.path_params;
  request.tbox_group = args.tbox_group;
  request.commits = args.commits;
  for (const auto& axis : args.axes) {
    const auto eq = axis.find('=');
    if (eq == std::string::npos || eq == 0)
      throw usage_error(fmt::format("--axis '{}': expected KEY=VALUE", axis));
    request.axes.emplace_back(axis.substr(0, eq), axis.substr(eq + 1));
  }
  return io::comparison_header(request, jobs, results, notes);
}

/// Refuses an option given where it has no effect on `request`, saying why: a script that passes --alpha
/// to the robot policy, or --distance to utest, would otherwise believe it was obeyed.
void refuse_ignored_options(const CLI::App& cmd, const compare_args& args, const table_request& request) {
  const auto given = [&](const char* option) { return cmd.count(option) > 0; };
  const policy_kind policy = request.comparison.policy.kind;
  const bool robot = policy == policy_kind::robot;
  const bool text = args.format == "text";
  const auto refuse = [](std::string_view option, std::string_view why) {
    throw usage_error(fmt::format("{} has no effect here: {}", option, why));
  };
  // Options of one policy.
  if (robot)
    for (const char* option : {"--alpha", "--correction", "--confidence"})
      if (given(option)) refuse(option, "the robot policy has no significance test (use --policy utest or ttest)");
  if (!robot)
    for (const char* option : {"--distance", "--gap", "--variance", "--perf-profile", "--resize", "--regression-only",
                               "--all-critical"})
      if (given(option))
        refuse(option, fmt::format("it is a rule of the robot policy, not of {}", name_of(policy_names, policy)));
  if (robot && args.sort == row_sort::p) refuse("--sort p", "the robot policy has no p-values (use --policy utest or ttest)");
  if (robot && (args.details || args.min_change))
    throw usage_error("--details and --min-change go with --policy utest or ttest: the robot policy has no "
                      "p-values and its own floors");
  if (robot && request.dialect == table_dialect::benchstat)
    throw usage_error("--dialect benchstat prints the tests of utest or ttest: the robot policy has none");
  // Options of one dialect or format.
  if (given("--keep-noise") && request.dialect != table_dialect::classic)
    refuse("--keep-noise", "only the classic table filters noise");
  if (given("--testcase-first"))
    if (request.dialect != table_dialect::current || args.order.value_or(row_order::robot) != row_order::robot)
      throw usage_error("--testcase-first and --no-testcase-first go with --dialect current and the robot order");
  if (given("--details") && !text) refuse("--details", "it is a text layout (--format json has every number)");
  if (given("--confidence") && !robot && text && !args.details && request.dialect != table_dialect::benchstat)
    refuse("--confidence", "this table shows no interval (--details, --dialect benchstat and --format json do)");
  if (given("--no-summary") && !text) refuse("--no-summary", "the summary line is the text table's");
  if (given("--width") && (!text || args.details || request.dialect != table_dialect::benchstat))
    refuse("--width", "only the benchstat table of the text format is fitted to a width");
  if (given("--color") && !text) refuse("--color", "only text tables are coloured");
  if (given("--color") && args.details) refuse("--color", "the details table is not coloured");
  if (args.sort && given("--order")) refuse("--order", "--sort gives the order");
}

/// The table the options ask for, on results judged by `conventions` (table_asked), then every option
/// given.
table_request request_of(const compare_args& args, result_conventions conventions) {
  table_request request = table_asked(args.dialect, args.policy == policy_kind::robot, conventions);
  compare_options& options = request.comparison;
  options.all = options.all || args.all;
  if (args.order) options.order = order_in(request.dialect, *args.order);
  options.testcase_first = args.testcase_first;
  if (args.policy) options.policy.kind = *args.policy;
  if (options.policy.kind == policy_kind::robot) options.policy.min_change_percent.reset();
  options.policy.alpha = args.alpha;
  options.policy.confidence = args.confidence;
  options.policy.correction = args.correction;
  if (args.min_change) options.policy.min_change_percent = args.min_change;
  // The tables print an estimate only where a column changed; the JSON prints every one, and the
  // details' geomean is taken over every one.
  options.estimates =
      args.format == "json" || args.details ? estimate_scope::every_metric : estimate_scope::changed;
  request.noise_filter = !args.keep_noise;
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
  }
  robot.resize = args.resize;
  robot.regression_only = args.regression_only;
  robot.all_critical = args.all_critical;
  options.caller_rules = caller_rules_of(args.lower_better, args.higher_better);
  return request;
}

/// The table of the rows shown, as text in the dialect asked: the details, benchstat's table under its
/// method's lines, or a robot table with the rows it cannot compare listed under it.
std::string comparison_table(const CLI::App& cmd, const compare_args& args, const table_request& request,
                             const comparison& cmp, const table_header& header,
                             const std::vector<const comparison_row*>& shown) {
  if (args.details) return render_details(cmp, header, shown);
  if (request.dialect == table_dialect::benchstat) {
    benchstat_layout layout;
    // A terminal's width, or --width; 80 in a pipe or a file, where nobody's terminal is known.
    layout.width = args.width > 0 ? args.width
                                  : to_terminal(args.output) ? static_cast<std::size_t>(std::max(terminal_size().first, 60))
                                                             : 80;
    layout.fold = !args.all;
    // The defaults for results of other tools when no option of the method was given.
    const bool defaults = cmd.count("--policy") + cmd.count("--alpha") + cmd.count("--correction") +
                              cmd.count("--min-change") + cmd.count("--dialect") ==
                          0;
    return render_benchstat_method(cmp, header, static_cast<int>(layout.width), defaults) +
           render_benchstat(cmp, header, shown, layout);
  }
  render_options ro;
  ro.noise_filter = request.noise_filter;
  ro.colour = colour_wanted(args.colour, args.output);
  return render_table(request.dialect, header, robot_table_rows(shown), ro) + render_rows_left_out(shown, header);
}

/// Writes the comparison in the format asked for, with the rows chosen; returns the exit status that
/// --fail-on gives the verdicts of the rows judged.
int write_comparison(const CLI::App& cmd, const compare_args& args, const table_request& request, const comparison& cmp,
                     const table_header& header) {
  const table_dialect dialect = request.dialect;
  const verdict_options verdicts = request.verdicts();
  const chosen_rows rows = choose_rows(cmp, metric_patterns{args.metrics}, args.only, args.sort, verdicts);
  const verdict_counts counts = count_verdicts(rows.judged, verdicts);
  const std::string summary_line = verdict_summary(counts) + '\n';
  const bool nothing_shown = std::none_of(rows.shown.begin(), rows.shown.end(), [&](const comparison_row* row) {
    return row->selected && !(verdicts.drop_noisy && row->noisy);
  });
  const int status = fails(args.fail, counts) ? exit_verdict : exit_ok;
  if (args.format == "json") {
    io::comparison_json_options json;
    json.dialect = dialect;
    json.verdicts = verdicts;
    json.rows = rows.shown;
    json.counted = rows.judged;
    // Megabytes for a large comparison: written as they are made rather than held whole.
    write_output(args.output,
                 [&](io::text_sink sink) { io::write_comparison_json(sink, cmp, header, {}, json); });
    return status;
  }
  std::string out;
  if (args.format == "markdown") {
    // The benchstat table's numbers in Markdown too, so that a comment says what the terminal said.
    const std::string table = dialect == table_dialect::benchstat ? render_markdown(cmp, header, rows.shown, verdicts)
                                                                  : render_markdown(header, rows.shown, verdicts, cmp.conventions);
    out = nothing_shown ? summary_line : table + summary_line;
  } else if (nothing_shown && !args.no_summary) {
    // A comparison of a result with itself: a sentence, not a bare header.
    out = summary_line + statistical_notes(cmp, header);
  } else {
    out = comparison_table(cmd, args, request, cmp, header, rows.shown);
    if (!args.no_summary) out += summary_line;
    // An interval the samples cannot give is explained once under the table that marks it.
    if (dialect == table_dialect::benchstat || args.details) out += benchstat_footnotes(cmp, rows.shown);
    // The statistical policies say under the table where their test could not select anything.
    out += statistical_notes(cmp, header);
  }
  write_output(args.output, out);
  return status;
}

/// A few of the names of `results`' metrics, quoted and escaped: `"a", "b", "c", ...` (`none` for none).
std::string some_names(const matrix& results) {
  constexpr std::size_t shown = 3;
  const auto metrics = results.metrics();
  if (metrics.empty()) return "none";
  std::string out;
  for (std::size_t i = 0; i < std::min(metrics.size(), shown); ++i)
    out += (i > 0 ? ", " : "") + text::quoted(metrics[i].name());
  if (metrics.size() > shown) out += fmt::format(", ... ({} in all)", metrics.size());
  return out;
}

/// Results that share no metric are the wrong files, not a table of everything gone and new. The
/// message shows a few names of each side; hyperfine names a command by its command line unless -n
/// names it, so two runs of different command lines share nothing until both name them alike.
void refuse_disjoint(const compare_args& args, const comparison& cmp, const table_header& header) {
  if (args.allow_disjoint) return;
  const auto disjoint = first_column_sharing_no_metric(cmp.columns);
  if (!disjoint) return;
  const std::size_t c = *disjoint;
  const bool hyperfine =
      cmp.columns[0]->origin().tool == io::hyperfine_tool || cmp.columns[c]->origin().tool == io::hyperfine_tool;
  throw input_error(args.paths[c] == io::standard_input_path ? std::string{"stdin"} : args.paths[c],
                    fmt::format("no metric in common with {} (it has {}; this has {}){}; --allow-disjoint to "
                                "compare them anyway",
                                text::printable(header.commits.front()), some_names(*cmp.columns[0]),
                                some_names(*cmp.columns[c]),
                                hyperfine ? "; hyperfine names a command by its command line: give both runs the "
                                            "same names with -n NAME"
                                          : ""));
}

/// One results file: hyperfine's of several commands, split into a result set per command with the
/// reference (--reference, else the first, as hyperfine's summary has it) first; the columns are named
/// by the commands unless --commit names them. Anything else is one result set too few.
std::vector<matrix> split_one_file(compare_args& args) {
  const std::string& path = args.paths.front();
  const auto too_few = [] { return usage_error("RESULTS: 1 given, at least 2 needed (see --help)"); };
  // A path that is not there is the count's error, as a mistyped second path would be.
  std::error_code error;
  if (path != io::standard_input_path && !std::filesystem::exists(path, error)) throw too_few();
  const matrix results = io::load_results(path, input_limits());
  if (results.origin().tool != io::hyperfine_tool || results.size() < 2)
    throw usage_error("RESULTS: 1 given, at least 2 needed (one file compares alone only as hyperfine's results "
                      "of several commands; see --help)");
  std::size_t reference = 0;
  std::vector<std::string_view> names;
  for (const auto& command : results.metrics()) names.push_back(io::timed_name_of(command.name()));
  if (args.reference) {
    const auto at = std::find(names.begin(), names.end(), *args.reference);
    if (at == names.end())
      throw usage_error(fmt::format("--reference {}: no command of that name in {}{}", text::quoted(*args.reference),
                                    text::printable(io::input_name(path)), did_you_mean(*args.reference, names)));
    reference = static_cast<std::size_t>(at - names.begin());
  }
  std::vector<matrix> split = io::hyperfine_commands(results, reference);
  args.paths.assign(split.size(), path);
  if (args.commits.empty()) {
    args.commits.emplace_back(names[reference]);
    for (std::size_t c = 0; c < names.size(); ++c)
      if (c != reference) args.commits.emplace_back(names[c]);
  }
  return split;
}

/// The results and how the table reads them.
void add_input_options(CLI::App* cmd, declared_values& declared, compare_args* args) {
  add_value(declared, *cmd, "RESULTS", args->paths,
                  "BASE then HEAD (and more to compare): matrix.json files, run directories, robot result roots, or "
                  "results of other benchmark tools (--input-format; perfmail help inputs); - is standard input")
      ->required()
      ->expected(1, -1);
  add_value(declared, *cmd, "--reference", args->reference,
                  "with one hyperfine file of several commands (which compares its first command with the others, "
                  "as hyperfine's summary does): the command the others are compared with")
      .named("NAME");
  add_value(declared, *cmd, "--dialect", args->dialect,
                  "table layout: classic (2017 e-mails), modern (2018), current (lkp-tests of 2019 to today) or "
                  "benchstat (medians, intervals and tests; the default for other tools' results, modern for the "
                  "robot's)")
      .check(enum_choices(dialect_names, {.every_choice = true}));
  add_value(declared, *cmd, "--conventions", args->conventions,
                  "judge the results by the robot's conventions (robot: absent metrics as zeros, its deny lists and "
                  "floors) or as other tools' results (tool: gone, new and failed benchmarks, each its own samples); "
                  "default: the base's kind (perfmail help inputs)")
      .check(enum_choices(result_conventions_names, {.every_choice = true}));
  cmd->add_flag("--allow-disjoint", args->allow_disjoint,
                "compare results that have no metric in common (refused by default: they are the wrong files)");
  cmd->add_flag("--all", args->all,
                "a row for every metric present on either side, changed or not (the benchstat table: rows alike "
                "in every column too, which it folds into one line)");
  cmd->add_flag("--keep-noise", args->keep_noise, "classic: keep rows whose spread exceeds half their mean");
  add_value(declared, *cmd, "--order", args->order,
                  "row order: given (the head's metric order, then base-only; other tools' results: the base's) or robot (the dialect's: with "
                  "current, lkp-tests' families by row count); default: robot, given for other tools' results")
      .check(enum_choices(row_order_names, {.every_choice = true}));
  cmd->add_flag("--testcase-first,!--no-testcase-first", args->testcase_first,
                "current, robot order: a test program's metrics first (the default, as lkp-tests since "
                "2026-03 and until mid 2023), or every family by its row count (2023-06 to 2026-02)");
}

/// The policy that decides a change, and the statistical tests' options.
void add_statistics_options(CLI::App* cmd, declared_values& declared, compare_args* args) {
  add_value(declared, *cmd, "--policy", args->policy,
                  "change detection: robot (its heuristic), utest (Mann-Whitney U), ttest (Welch's t); default: "
                  "robot for the robot's results, utest for other tools'")
      .check(enum_choices(policy_names, {.every_choice = true}));
  add_value(declared, *cmd, "--alpha", args->alpha, "significance level of utest and ttest")
      .check(within(0.0, 1.0))
      ->capture_default_str();
  add_value(declared, *cmd, "--confidence", args->confidence,
                  "utest and ttest: the level of the intervals of the changes and the medians, above 0 and below 1")
      .check(within(0.0, 1.0))
      ->capture_default_str();
  add_value(declared, *cmd, "--correction", args->correction,
                  "utest and ttest: correction for the many metrics of a column: none, bh (Benjamini-Hochberg, "
                  "the default), by (Benjamini-Yekutieli), holm or bonferroni; a metric is selected when its "
                  "q-value is at most alpha")
      .check(enum_choices(correction_names, {.every_choice = true, .the_default = true}))
      ->default_str("bh");
  add_value(declared, *cmd, "--min-change", args->min_change,
                  "utest and ttest: select only changes of the mean of at least PCT percent (default: the "
                  "robot's floors for its results, none for other tools'; 0 for none)")
      .check(within(0.0, 1e6));
  cmd->add_flag("--details", args->details,
                "utest and ttest: a line per metric with medians and their intervals (95% unless --confidence), "
                "the change with its interval, p and q, and geometric means per direction, instead of the robot's "
                "table");
}

/// The robot's own switches (lkp-tests' names in the help).
void add_robot_options(CLI::App* cmd, declared_values& declared, compare_args* args) {
  add_value(declared, *cmd, "--distance", args->distance, "robot: ranges must be apart (see perfmail help tables)")
      .check(positive<double>());
  add_value(declared, *cmd, "--gap", args->gap, "robot: ranges apart by more than GAP x the median difference")
      .check(positive<double>());
  add_value(declared, *cmd, "--variance", args->variance, "robot: report changes of spread by more than VARIANCE x")
      .check(positive<double>());
  cmd->add_flag("--more", args->more, "robot: do not apply the stat deny list (the robot's `more`)");
  cmd->add_flag("--whole", args->whole, "robot: compare metrics with fewer than 3 runs on both sides (`whole`)");
  cmd->add_flag("--ignore-incomplete-run", args->ignore_incomplete_runs,
                "robot: where runs did not finish, skip the pass over every run (`ignore-incomplete-run`)");
  add_value(declared, *cmd, "--perf-profile", args->perf_profile,
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
  add_value(declared, *cmd, "--resize", args->resize,
            "robot: compare the first N runs of each compared column (`resize`)")
      .check(positive<std::size_t>());
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
}

/// What is printed, which rows, in what order, and the exit status.
void add_output_options(CLI::App* cmd, declared_values& declared, compare_args* args) {
  add_value(declared, *cmd, "--format", args->format,
                  "text (the table), markdown (a GitHub-flavoured table, for pull requests and issues) or json "
                  "(numbers, verdicts and p-values)")
      .check(one_of({"text", "markdown", "json"}, {.every_choice = true}))
      ->capture_default_str();
  add_value(declared, *cmd, "--fail-on", args->fail,
                  "exit with status 1 when a change has this verdict: regression (a benchmark that failed counts), "
                  "missing (a benchmark gone or failed), change (any, new benchmarks too) or never (the default); "
                  "bad input stays status 2")
      .check(enum_choices(fail_on_names, {.every_choice = true, .the_default = true}))
      ->default_str("never");
  add_value(declared, *cmd, "--metrics", args->metrics,
                  "judge and show only the metrics this pattern matches: a glob (fio.*), /regex/ (found anywhere "
                  "in the name), !PATTERN to exclude; repeatable")
      .named("PATTERN")
      ->allow_extra_args(false)
      ->take_all();
  add_value(declared, *cmd, "--only", args->only,
                  "show only the rows of this verdict: regressions, improvements, missing (gone, new or failed) or "
                  "changes")
      .check(enum_choices(only_rows_names, {.every_choice = true}));
  add_value(declared, *cmd, "--sort", args->sort,
                  "row order instead of the robot's: name, change (largest first) or p (smallest first; utest, "
                  "ttest)")
      .check(enum_choices(row_sort_names, {.every_choice = true}));
  add_value(declared, *cmd, "--color", args->colour,
                  "text table rows in colour, regressions red and improvements green: auto (on a terminal, unless "
                  "NO_COLOR is set), always, never")
      .check(one_of(colour_modes(), {.every_choice = true}))
      ->capture_default_str();
  add_value(declared, *cmd, "--higher-is-better", args->higher_better,
                  "the metrics this pattern matches (a glob, or /regex/) are better higher, ahead of the "
                  "built-in direction rules; repeatable")
      .named("PATTERN")
      ->allow_extra_args(false)
      ->take_all();
  add_value(declared, *cmd, "--lower-is-better", args->lower_better,
                  "the same for metrics better lower (tried before --higher-is-better)")
      .named("PATTERN")
      ->allow_extra_args(false)
      ->take_all();
  add_value(declared, *cmd, "--width", args->width,
                  "the benchstat table's columns: it leaves out what does not fit (default: the terminal's width; "
                  "80 in a pipe or a file)")
      .check(within<std::size_t>(60, 1000));
  cmd->add_flag("--no-summary", args->no_summary,
                "text: the table alone, without the summary line of verdicts under it (the robot's exact output)");
}

/// The group header and the column names, and where the output goes.
void add_header_options(CLI::App* cmd, declared_values& declared, compare_args* args) {
  add_value(declared, *cmd, "--testcase", args->testcase,
                  "test case named in the group header (default: a result root's job.yaml `testcase`)");
  add_value(declared, *cmd, "--path-params", args->path_params,
                  "classic group header: the job's parameters, dash-joined (default: from a result root's job.yaml)");
  add_value(declared, *cmd, "--tbox-group", args->tbox_group,
                  "test machine group named in the group header (default: a result root's job.yaml `tbox_group`)");
  add_value(declared, *cmd, "--axis", args->axes,
                  "modern group header: KEY=VALUE, repeated in order (default: a result root's job.yaml axes)")
      ->allow_extra_args(false)
      ->take_all();
  add_value(declared, *cmd, "--commit", args->commits,
                  "column names, base first, repeated once per result set (default: a result root's job.yaml "
                  "`commit`, else the results' directory names)")
      ->allow_extra_args(false)
      ->take_all();
  add_value(declared, *cmd, "-o,--output", args->output,
                  "write to this file instead of standard output (written whole or not at all)")
      ->check(output_path());
}

/// Read, compare and print: the command's whole run once its options are parsed.
int run_compare(const compare_args& args, const CLI::App& cmd) {
  // A level of 0 or 1 passes CLI11's closed range but means nothing: no test rejects at 0, every
  // test at 1, and an interval at confidence 1 is the whole line.
  for (const auto& [option, value] : {std::pair{"--alpha", args.alpha}, std::pair{"--confidence", args.confidence}})
    if (!(value > 0 && value < 1)) throw usage_error(fmt::format("{} must lie strictly between 0 and 1", option));
  refuse_stray_pattern(args.paths, "--metrics", args.metrics);
  refuse_stray_pattern(args.paths, "--higher-is-better", args.higher_better);
  refuse_stray_pattern(args.paths, "--lower-is-better", args.lower_better);
  if (args.reference && args.paths.size() != 1)
    throw usage_error("--reference names a command of one hyperfine file; with BASE and HEAD, BASE is the reference");
  // One file: the commands of hyperfine's, each a result set (the paths and column names are its own).
  compare_args one_file;
  std::vector<matrix> results;
  if (args.paths.size() == 1) {
    one_file = args;
    results = split_one_file(one_file);
  }
  const compare_args& args_read = args.paths.size() == 1 ? one_file : args;
  // A bad job.yaml is named before the results are read, as the header is the first thing decided.
  const auto jobs = io::jobs_of(args_read.paths, input_limits());
  if (results.empty()) {
    const std::vector<std::filesystem::path> paths(args.paths.begin(), args.paths.end());
    results = io::load_all_results(paths, input_limits());
  }
  std::vector<std::string> notes;
  const table_header header = make_header(args_read, jobs, results, notes);
  const conventions_choice judged = conventions_judging(results, header.commits, args.conventions);
  if (judged.mixed_note) notes.push_back(printable_message(*judged.mixed_note + " (--conventions to choose)"));
  const table_request request = request_of(args, judged.conventions);
  refuse_ignored_options(cmd, args, request);
  for (const auto& m : results) notes.insert(notes.end(), m.notes().begin(), m.notes().end());
  const comparison cmp = compare(std::move(results), request.comparison);
  refuse_disjoint(args_read, cmp, header);
  for (const auto& note : notes) fmt::print(stderr, "perfmail: note: {}\n", note);
  return write_comparison(cmd, args_read, request, cmp, header);
}

}  // namespace

command_action add_compare_command(CLI::App& app, declared_values& declared) {
  auto* cmd = app.add_subcommand("compare", "Print the comparison table of a base and one or more other result sets");
  auto args = std::make_shared<compare_args>();
  add_input_options(cmd, declared, args.get());
  add_statistics_options(cmd, declared, args.get());
  add_robot_options(cmd, declared, args.get());
  add_output_options(cmd, declared, args.get());
  add_header_options(cmd, declared, args.get());
  set_footer(*cmd,
             {heading("Example"),
              example({"perfmail compare base/matrix.json head/matrix.json \\",
                       "    --dialect classic --testcase fio-basic --tbox-group lkp-bdw-de1 \\",
                       "    --path-params 300s-1SSD-btrfs-8-randwrite-4k-sync-400g-performance \\",
                       "    --commit 2b837027cdc60ac3 \\", "    --commit e932fd3f1772e1fbc0b90dcfb4fbc689729a48f8"}),
              prose({"Prints the rows whose change the policy detects (the robot's rules by default; --all for every",
                     "row), base first, then each compared column's change and value. --format json prints every",
                     "metric with its summaries, changes, verdicts and p-values instead. With --policy utest or ttest,",
                     "p-values are corrected for the many metrics (--correction), changes must clear a floor",
                     "(--min-change), and --details prints intervals and q-values:"}),
              example({"perfmail compare base/ head/ --policy utest --details"}),
              prose({"Under the table, one line counts the verdicts (2 regressions, 1 improvement, 9,997 unchanged); a",
                     "metric's direction says which way is better. In CI:"}),
              example({"perfmail compare base/ head/ --metrics 'fio.*' --fail-on regression"}),
              prose({"exits 1 on a regression (2 stays bad input). For a pull request:"}),
              example({"perfmail compare base/ head/ --only changes --sort change --format markdown"}),
              prose({"More: 'perfmail help tables' and 'perfmail help statistics'."})});
  return [args, cmd] { return run_compare(*args, *cmd); };
}

}  // namespace perfmail::cli
