// perfmail summary FILE...: the per-metric statistics of result files, one table per file.

#include "commands.hpp"
#include "output.hpp"

#include "perfmail/io/matrix_json.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/error.hpp"
#include "perfmail/stats/power.hpp"
#include "perfmail/stats/summary.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>
#include <string_view>
#include <system_error>
#include <cmath>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

namespace perfmail::cli {

namespace {

/// A percentage to detect, `2%` or `2`, as a fraction (0.02); nullopt unless it is a positive number.
std::optional<double> detect_percent(std::string_view text) {
  if (!text.empty() && text.back() == '%') text.remove_suffix(1);
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || text.empty() || !std::isfinite(value) || !(value > 0))
    return std::nullopt;
  return value / 100;
}

/// The planning columns of a metric: the change detectable at its runs, and the runs a change needs. `-`
/// where the metric has fewer than 2 samples or a zero mean (no relative noise), `exact` where it has no
/// spread (any change stands out), `>100000` where no number of runs is enough.
void plan_columns(std::back_insert_iterator<std::string> out, const summary& s, const power_plan& plan,
                  std::optional<double> detect) {
  const auto runs_text = [](std::optional<std::size_t> runs) {
    return runs ? fmt::format("{}", *runs) : std::string{">100000"};
  };
  if (s.n < 2 || s.mean == 0) {
    fmt::format_to(out, "  {:>10}", "-");
    if (detect) fmt::format_to(out, "  {:>9}  {:>9}", "-", "-");
    return;
  }
  // The sample standard deviation, as the t-test estimates the noise.
  const double cv = s.stddev * std::sqrt(static_cast<double>(s.n) / static_cast<double>(s.n - 1)) / std::abs(s.mean);
  if (!(cv > 0) || !std::isfinite(cv)) {
    fmt::format_to(out, "  {:>10}", "exact");
    if (detect) fmt::format_to(out, "  {:>9}  {:>9}", "exact", "exact");
    return;
  }
  fmt::format_to(out, "  {:>10}", fmt::format("{:.2g}%", 100 * detectable_change(s.n, cv, plan)));
  if (detect)
    fmt::format_to(out, "  {:>9}  {:>9}", runs_text(t_test_runs_needed(*detect, cv, plan)),
                   runs_text(u_test_runs_needed(*detect, cv, plan)));
}

}  // namespace

command_action add_summary_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("summary", "Print per-metric statistics of matrix.json files or run directories");
  struct summary_args {
    std::vector<std::string> paths;
    std::string output;  // empty or "-": standard output
    bool plan = false;
    std::optional<std::string> detect;  // a percentage, "2%" or "2"
    double alpha = 0.05;
    double power = 0.8;
  };
  auto args = std::make_shared<summary_args>();
  cmd->add_option("RESULTS", args->paths, "matrix.json files, or directories of per-run stats.json files")
      ->required();
  cmd->add_option("-o,--output", args->output,
                  "write to this file instead of standard output (written whole or not at all)");
  auto* plan_flag = cmd->add_flag("--plan", args->plan,
                "add the smallest change a comparison with as many runs a side detects with --power (ttest, "
                "normal noise of the metric's spread)");
  cmd->add_option("--detect", args->detect,
                  "with --plan: also the runs per side needed to detect a change of PCT percent (ttest and utest)")
      ->check([](const std::string& text) -> std::string {
        return detect_percent(text) ? std::string{} : "the change to detect must be a positive percentage, e.g. 2%";
      })
      ->needs(plan_flag);
  cmd->add_option("--alpha", args->alpha, "with --plan: the significance level per metric")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str()
      ->needs(plan_flag);
  cmd->add_option("--power", args->power, "with --plan: the chance of detecting the change")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str()
      ->needs(plan_flag);
  cmd->footer("Example:\n  perfmail summary examples/data/base/matrix.json\n"
              "Columns: runs present, mean, population standard deviation in percent of the mean, min, median, max.\n"
              "Planning runs:\n  perfmail summary examples/data/base/matrix.json --plan --detect 2%\n"
              "adds the smallest change detectable with 80% power at the metric's runs and spread, and the\n"
              "runs per side that a 2% change needs with ttest and with utest (docs/STATISTICS.md).");
  return [args] {
    const power_plan plan{args->alpha, args->power};
    if (!(plan.alpha > 0 && plan.alpha < 1) || !(plan.power > 0 && plan.power < 1))
      throw usage_error("--alpha and --power must lie strictly between 0 and 1");
    const std::optional<double> detect = args->detect ? detect_percent(*args->detect) : std::nullopt;
    // Every file is loaded before anything is printed: an error in a later file leaves stdout empty.
    std::string text;
    auto out = std::back_inserter(text);
    for (const auto& path : args->paths) {
      const matrix m = io::load_results(path, input_limits());
      std::size_t width = 6;
      for (const auto& s : m.metrics()) width = std::max(width, s.name().size());
      fmt::format_to(out, "{} ({} runs)\n", text::printable(io::input_name(path)), m.run_count());
      fmt::format_to(out, "{:<{}}  {:>4}  {:>14}  {:>8}  {:>14}  {:>14}  {:>14}", "metric", width, "n", "mean",
                     "%stddev", "min", "median", "max");
      if (args->plan) {
        fmt::format_to(out, "  {:>10}", "detectable");
        if (detect) fmt::format_to(out, "  {:>9}  {:>9}", fmt::format("ttest {:g}%", 100 * *detect),
                         fmt::format("utest {:g}%", 100 * *detect));
      }
      text += '\n';
      for (const auto& series : m.metrics()) {
        const auto values = series.present_values();
        const summary s = summarize(values);
        if (s.empty()) {
          fmt::format_to(out, "{:<{}}  {:>4}  (no samples)\n", series.name(), width, 0);
          continue;
        }
        // A zero mean with spread has no percentage: printed as "-", never as an infinity.
        const auto pct = stddev_percent(s);
        const std::string shown = pct ? fmt::format("{:>7.1f}%", *pct) : fmt::format("{:>8}", "-");
        if (pct && !std::isfinite(*pct))
          throw value_error(fmt::format("metric \"{}\": the standard deviation in percent of the mean is beyond the "
                                        "range of a double", series.name()));
        fmt::format_to(out, "{:<{}}  {:>4}  {:>14.6g}  {}  {:>14.6g}  {:>14.6g}  {:>14.6g}", series.name(), width,
                       s.n, s.mean, shown, s.min, s.median, s.max);
        if (args->plan) plan_columns(out, s, plan, detect);
        text += '\n';
      }
      for (const auto& name : m.textual_metrics()) fmt::format_to(out, "{:<{}}  (text, ignored)\n", name, width);
    }
    write_output(args->output, text);
    return exit_ok;
  };
}

}  // namespace perfmail::cli
