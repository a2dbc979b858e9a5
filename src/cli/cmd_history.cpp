// perfmail history RESULTS...: the change points of each metric over a history of commits.

#include "footer.hpp"
#include "commands.hpp"
#include "help.hpp"
#include "output.hpp"
#include "row_choice.hpp"
#include "terminal.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/history_input.hpp"
#include "perfmail/io/history_report.hpp"
#include "perfmail/io/history_json.hpp"
#include "perfmail/plot/history_plot.hpp"
#include "perfmail/plot/look.hpp"
#include "perfmail/table/history.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace perfmail::cli {

namespace {

struct history_args {
  std::vector<std::string> paths;
  std::string csv;
  std::string separator = "comma";
  io::history_csv_options columns;
  std::vector<std::string> metrics;
  std::vector<std::string> higher_better;
  std::vector<std::string> lower_better;
  history_options search;
  std::optional<double> min_change;
  std::string format = "text";
  std::string output;
  fail_on fail = fail_on::never;
  std::string colour = "auto";
  bool no_summary = false;
  std::string plot;  ///< --plot: the metric whose trend over the commits is drawn instead of the lines
  std::string style = "unicode";
  int width = 0;  ///< 0: the terminal's (a gnuplot look: 80)
  int height = 0;
  std::size_t jobs = 0;  ///< --jobs: metrics searched at once; 0: one per core
};

/// The library's request for the arguments, every option checked that the library cannot check.
io::history_request request_of(const history_args& args, const CLI::App& cmd) {
  refuse_stray_pattern(args.paths, "--metrics", args.metrics);
  refuse_stray_pattern(args.paths, "--higher-is-better", args.higher_better);
  refuse_stray_pattern(args.paths, "--lower-is-better", args.lower_better);
  if (args.plot.empty())
    for (const char* option : {"--style", "--width", "--height"})
      if (cmd.count(option) > 0) throw usage_error(fmt::format("{} goes with --plot METRIC", option));
  if (!args.plot.empty() && args.format == "json")
    throw usage_error("--plot draws a picture: --format json has the numbers of every change");
  if (args.csv.empty() == args.paths.empty())
    throw usage_error("give the results of each commit, oldest first, or --csv FILE (one of the two)");
  if (args.paths.size() == 1)
    throw usage_error("one commit's results make no history: give each commit's results, oldest first");
  if (!(args.search.alpha > 0 && args.search.alpha < 1)) throw usage_error("--alpha must lie strictly between 0 and 1");
  if (!(args.search.confidence > 0 && args.search.confidence < 1))
    throw usage_error("--confidence must lie strictly between 0 and 1");
  io::history_request request;
  request.source.results.assign(args.paths.begin(), args.paths.end());
  request.source.csv = args.csv;
  request.source.columns = args.columns;
  request.source.columns.separator = args.separator == "tab" ? '\t' : ',';
  request.metrics = args.metrics;
  request.search = args.search;
  request.search.min_change_percent = args.min_change;
  request.search.caller_rules = caller_rules_of(args.lower_better, args.higher_better);
  request.jobs = args.jobs;
  return request;
}

/// What the arguments ask printed of the report: the trend of one metric, the JSON, or a line a change.
std::string output_of(const history_args& args, const io::history_report& report) {
  if (!args.plot.empty()) {
    plot::plot_options opts;
    opts.style = *plot::parse_look(args.style);
    opts.charset = locale_charset();
    std::tie(opts.width, opts.height) = plot_size(plot::is_gnuplot(opts.style), args.width, args.height,
                                                  plot::min_unicode_width, plot::min_history_height);
    opts.colour = colour_wanted(args.colour, args.output) ? plot::colour_mode::always : plot::colour_mode::never;
    try {
      return io::history_picture(report, args.plot, opts);
    } catch (const io::history_picture_error& refused) {
      // The library names the metric; the command says how it was asked for, and what chooses the metrics.
      throw usage_error(fmt::format("--plot {}{}", refused.what(),
                                    refused.why() == io::picture_refusal::not_searched ? " (--metrics, or a failure counter)" : ""));
    }
  }
  if (args.format == "json") return io::history_to_json(report.history, report.search, report.options);
  history_render_options render;
  render.colour = colour_wanted(args.colour, args.output);
  render.summary = !args.no_summary;
  render.confidence = args.search.confidence;
  return render_history(report.history, report.search, render);
}

int run_history(const history_args& args, const CLI::App& cmd) {
  const io::history_report report = io::analyse_history(request_of(args, cmd), input_limits());
  for (const std::string& note : report.notes) fmt::print(stderr, "perfmail: note: {}\n", note);
  write_output(args.output, output_of(args, report));
  return fails(args.fail, report.search.counts) ? exit_verdict : exit_ok;
}

/// The inputs: result sets named one by one, or one CSV and how to read it; the metrics searched.
void declare_history_inputs(CLI::App& cmd, declared_values& declared, history_args& args) {
  add_value(declared, cmd, "results", args.paths,
                 "each commit's results, oldest first: anything compare reads (result roots, matrix.json, run "
                 "directories, other tools' files)");
  add_value(declared, cmd, "--csv", args.csv,
                 "every commit's results in one CSV: a row per sample (commit, metric, value, and a time if "
                 "wanted), or a row per run with a time, attributes and a column per metric, as Apache Otava "
                 "reads it; - for standard input");
  add_value(declared, cmd, "--separator", args.separator, "the CSV's field separator: comma or tab")
      .check(one_of({"comma", "tab"}, {.every_choice = true}))
      ->capture_default_str();
  add_value(declared, cmd, "--commit-column", args.columns.commit_column, "the CSV column that names the commit")
      ->capture_default_str();
  add_value(declared, cmd, "--time-column", args.columns.time_column,
            "the CSV column of the time")->capture_default_str();
  add_value(declared, cmd, "--attribute", args.columns.attributes,
                 "a CSV column that describes a run rather than measures it (columns of text alone are "
                 "attributes without saying); repeatable")
      ->allow_extra_args(false)
      ->take_all();
  add_value(declared, cmd, "--metrics", args.metrics,
                 "search only the metrics this pattern matches: a glob, /regex/, !PATTERN to exclude; repeatable")
      .named("PATTERN")
      ->allow_extra_args(false)
      ->take_all();
}

/// How each metric is searched.
void declare_history_search(CLI::App& cmd, declared_values& declared, history_args& args) {
  add_value(declared, cmd, "--alpha", args.search.alpha,
                 "the level of each series: a metric that never moved shows a change with at most this chance")
      .check(within(0.0, 1.0))
      ->capture_default_str();
  add_value(declared, cmd, "--min-change", args.min_change,
                 "the smallest change reported, in percent (default: 5 with one sample a commit, else half the "
                 "run-to-run spread)")
      .check(non_negative<double>());
  add_value(declared, cmd, "--confidence", args.search.confidence, "the confidence of each change's interval")
      .check(within(0.0, 1.0))
      ->capture_default_str();
  add_value(declared, cmd, "--window", args.search.window,
                 "at most this many commits a side in the test that confirms a change")
      .check(within(std::size_t{2}, std::size_t{100000}))
      ->capture_default_str();
  add_value(declared, cmd, "--seed", args.search.seed, "seeds the permutation tests (the same seed, the same answer)")
      .check(within<std::uint64_t>(0, std::numeric_limits<std::uint64_t>::max()))
      ->capture_default_str();
}

/// What is printed, how a change is judged, and when the command fails.
void declare_history_report(CLI::App& cmd, declared_values& declared, history_args& args) {
  add_value(declared, cmd, "--format", args.format, "text (a line a change) or json")
      .check(one_of({"text", "json"}, {.every_choice = true}))
      ->capture_default_str();
  add_value(declared, cmd, "--fail-on", args.fail,
                 "exit with status 1 when a change has this verdict: regression, change, missing (a metric with no "
                 "sample at the newest commit) or never (the default)")
      .check(enum_choices(fail_on_names, {.every_choice = true, .the_default = true}))
      ->default_str("never");
  add_value(declared, cmd, "--higher-is-better", args.higher_better,
                 "the metrics this pattern matches are better higher, ahead of the built-in direction rules")
      .named("PATTERN")
      ->allow_extra_args(false)
      ->take_all();
  add_value(declared, cmd, "--lower-is-better", args.lower_better, "the same for metrics better lower")
      .named("PATTERN")
      ->allow_extra_args(false)
      ->take_all();
  add_value(declared, cmd, "--color", args.colour, "regressions red and improvements green: auto, always, never")
      .check(one_of(colour_modes(), {.every_choice = true}))
      ->capture_default_str();
}

/// The plot of one metric instead of the lines.
void declare_history_plot(CLI::App& cmd, declared_values& declared, history_args& args) {
  std::vector<std::string> styles;
  for (const auto& n : plot::look_names) styles.emplace_back(n.name);
  add_value(declared, cmd, "--plot", args.plot,
                 "draw this metric's samples and medians over the commits, its change points marked, instead of "
                 "the lines")
      .named("METRIC");
  add_value(declared, cmd, "--style", args.style,
            "the plot's look: unicode (for terminals; in ASCII where the locale is not UTF-8) or a gnuplot "
            "look's dumb text")
      .check(one_of(styles))
      ->capture_default_str();
  add_value(declared, cmd, "--width", args.width, "the plot's characters per line (default: the terminal's width)")
      .check(within(1, plot::max_plot_width));
  add_value(declared, cmd, "--height", args.height, "the plot's lines (default: the terminal's height less one)")
      .check(within(1, plot::max_plot_height));
}

/// Threads, the output file, and the help's footer.
void declare_history_running(CLI::App& cmd, declared_values& declared, history_args& args) {
  add_value(declared, cmd, "--jobs", args.jobs,
                 "search this many metrics at once, each on a thread (default: one per core); the output is the "
                 "same for any number")
      .check(within(std::size_t{1}, std::size_t{4096}))
      .named("N");
  cmd.add_flag("--no-summary", args.no_summary, "text: the changes alone, without the summary line");
  add_value(declared, cmd, "-o,--output", args.output,
            "write to this file instead of standard output")->check(output_path());
  set_footer(cmd, {heading("Example"),
                   example({"perfmail history results/*.json --metrics 'BenchmarkParse*' \\", "    --fail-on regression"}),
                   prose({"Each argument is one commit's results, oldest first (a result root names its commit; a file, its",
                          "name). One line per change: the metric, the last commit before and the first after, the medians",
                          "on either side, the change with its 95% interval, p and the verdict. From one CSV:"}),
                   example({"perfmail history --csv history.csv"}),
                   prose({"The trend of one metric over the commits, its change points marked, fitting the terminal:"}),
                   example({"perfmail history results/*.json --plot BenchmarkParse-8.ns/op"}),
                   prose({"More: 'perfmail help commits'."})});
}

}  // namespace

command_action add_history_command(CLI::App& app, declared_values& declared) {
  auto* cmd = app.add_subcommand("history", "Find the commits after which a metric moved, over a history of commits");
  auto args = std::make_shared<history_args>();
  declare_history_inputs(*cmd, declared, *args);
  declare_history_search(*cmd, declared, *args);
  declare_history_report(*cmd, declared, *args);
  declare_history_plot(*cmd, declared, *args);
  declare_history_running(*cmd, declared, *args);
  return [args, cmd] { return run_history(*args, *cmd); };
}

}  // namespace perfmail::cli
