// perfmail summary FILE...: the per-metric statistics of result files, one table per file. The numbers
// are the library's (analysis/file_summary.hpp), and so is their text (table/summary.hpp) and JSON
// (io/output_json.hpp); this file reads the options and prints what comes back.

#include "footer.hpp"
#include "commands.hpp"
#include "output.hpp"

#include "perfmail/io/matrix_json.hpp"
#include "perfmail/io/output_json.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/error.hpp"
#include "perfmail/analysis/file_summary.hpp"
#include "perfmail/analysis/plan.hpp"
#include "perfmail/stats/correction.hpp"
#include "perfmail/table/summary.hpp"

#include <fmt/format.h>

#include <charconv>
#include <optional>
#include <string_view>
#include <system_error>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace perfmail::cli {

namespace {

/// The most runs a side the planning columns count; beyond it the table prints `>100000`, JSON null.
constexpr std::size_t runs_limit = 100000;

/// A percentage to detect, `2%` or `2`, as a fraction (0.02); nullopt unless it is a positive number.
std::optional<double> detect_percent(std::string_view text) {
  if (!text.empty() && text.back() == '%') text.remove_suffix(1);
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || text.empty() || !std::isfinite(value) || !(value > 0))
    return std::nullopt;
  return value / 100;
}

/// summary's options, as parsed.
struct summary_args {
  std::vector<std::string> paths;
  std::string output;  // empty or "-": standard output
  bool plan = false;
  std::optional<std::string> detect;  // a percentage, "2%" or "2"
  double alpha = 0.05;
  double power = 0.8;
  p_correction correction = p_correction::bh;
  std::optional<double> min_change;
  double cv_confidence = 0.8;
  std::string format = "text";
};

void declare_summary_options(CLI::App& cmd, declared_values& declared, summary_args& args) {
  add_value(declared, cmd, "RESULTS", args.paths,
            "matrix.json files, run directories, robot result roots, or results of other benchmark tools "
                  "(--input-format; perfmail help inputs); - is standard input")
      ->required();
  add_value(declared, cmd, "-o,--output", args.output,
                  "write to this file instead of standard output (written whole or not at all)")
      ->check(output_path());
  add_value(declared, cmd, "--format", args.format,
                  "text: a table per file; json: the same numbers, stddev_percent null where the table prints "
                  "\"-\", with --plan a \"plan\" per metric (basis \"estimated\", \"exact\" or \"none\")")
      .check(one_of({"text", "json"}, {.every_choice = true}))
      ->capture_default_str();
  auto* plan_flag = cmd.add_flag("--plan", args.plan,
                "add the smallest change a comparison with as many runs a side detects with --power (ttest, "
                "normal noise of the metric's spread)");
  add_value(declared, cmd, "--detect", args.detect,
                  "with --plan: also the runs per side needed to detect a change of PCT percent (ttest and utest)")
      ->check([](const std::string& text) -> std::string {
        return detect_percent(text) ? std::string{} : "the change to detect must be a positive percentage, e.g. 2%";
      })
      ->needs(plan_flag);
  add_value(declared, cmd, "--alpha", args.alpha, "with --plan: the significance level per metric")
      .check(within(0.0, 1.0))
      ->capture_default_str()
      ->needs(plan_flag);
  add_value(declared, cmd, "--power", args.power, "with --plan: the chance of detecting the change")
      .check(within(0.0, 1.0))
      ->capture_default_str()
      ->needs(plan_flag);
  add_value(declared, cmd, "--correction", args.correction,
                  "with --plan: the correction the comparison will apply (none, bh, by, holm, bonferroni): a lone "
                  "change is held to alpha over the file's tested metrics")
      .check(enum_choices(correction_names, {.every_choice = true}))
      ->default_str("bh")
      ->needs(plan_flag);
  add_value(declared, cmd, "--min-change", args.min_change,
                  "with --plan: the comparison's floor, a change of the mean of PCT percent (default: the robot's "
                  "floors; 0 for none)")
      .check(within(0.0, 1e6))
      ->needs(plan_flag);
  add_value(declared, cmd, "--cv-confidence", args.cv_confidence,
                  "with --plan: plan for the upper bound of each metric's coefficient of variation at this "
                  "one-sided confidence (the noise estimated from few runs may be low)")
      .check(within(0.0, 1.0))
      ->capture_default_str()
      ->needs(plan_flag);
  set_footer(cmd, {heading("Example"), example({"perfmail summary base/matrix.json"}),
                   prose({"Columns: runs present, mean, population standard deviation in percent of the mean, min, "
                          "median, max."}),
                   heading("Planning runs"), example({"perfmail summary base/matrix.json --plan --detect 2%"}),
                   prose({"adds the smallest change detectable with 80% power at the metric's runs and spread, and the",
                          "runs per side that a 2% change needs with ttest and with utest (perfmail help statistics)."})});
}

/// What --plan is asked, from the options, refused where they are out of range.
io::summary_plan_settings plan_settings_of(const summary_args& args) {
  if (!(args.alpha > 0 && args.alpha < 1) || !(args.power > 0 && args.power < 1))
    throw usage_error("--alpha and --power must lie strictly between 0 and 1");
  if (!(args.cv_confidence > 0 && args.cv_confidence < 1))
    throw usage_error("--cv-confidence must lie strictly between 0 and 1");
  io::summary_plan_settings settings;
  plan_request& request = settings.request;
  request.alpha = args.alpha;
  request.power = args.power;
  request.correction = args.correction;
  request.min_change_percent = args.min_change;
  request.cv_confidence = args.cv_confidence;
  // Assigned rather than initialised from a conditional expression: GCC 12 at -O2 takes the latter's
  // disengaged branch for an uninitialised read (-Wmaybe-uninitialized).
  if (args.detect) request.detect = detect_percent(*args.detect);
  request.runs_limit = runs_limit;
  return settings;
}

}  // namespace

command_action add_summary_command(CLI::App& app, declared_values& declared) {
  auto* cmd = app.add_subcommand("summary", "Print per-metric statistics of result sets");
  auto args = std::make_shared<summary_args>();
  declare_summary_options(*cmd, declared, *args);
  return [args] {
    io::summary_plan_settings settings = plan_settings_of(*args);
    // Every file is loaded and summarized before anything is printed: an error in a later file leaves
    // stdout empty.
    std::vector<io::file_summary> files;
    std::vector<std::string> notes;  // the readers' (a benchmark that failed), printed once all is read
    for (const auto& path : args->paths) {
      const matrix m = io::load_results(path, input_limits());
      notes.insert(notes.end(), m.notes().begin(), m.notes().end());
      files.push_back(summarize_file(m, io::input_name(path), args->plan, settings));
    }
    std::string text;
    if (args->format == "json")
      text = io::summary_to_json(files, args->plan ? std::optional{settings} : std::nullopt);
    else
      text = args->plan ? render_summary(files, settings) : render_summary(files);
    for (const auto& note : notes) fmt::print(stderr, "perfmail: note: {}\n", note);
    write_output(args->output, text);
    return exit_ok;
  };
}

}  // namespace perfmail::cli
