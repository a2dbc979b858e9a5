// perfmail summary FILE...: the per-metric statistics of result files, one table per file.

#include "commands.hpp"
#include "output.hpp"

#include "perfmail/io/matrix_json.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/stats/summary.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

namespace perfmail::cli {

command_action add_summary_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("summary", "Print per-metric statistics of matrix.json files or run directories");
  struct summary_args {
    std::vector<std::string> paths;
    std::string output;  // empty or "-": standard output
  };
  auto args = std::make_shared<summary_args>();
  cmd->add_option("RESULTS", args->paths, "matrix.json files, or directories of per-run stats.json files")
      ->required();
  cmd->add_option("-o,--output", args->output,
                  "write to this file instead of standard output (written whole or not at all)");
  cmd->footer("Example:\n  perfmail summary examples/data/base/matrix.json\n"
              "Columns: runs present, mean, population standard deviation in percent of the mean, min, median, max.");
  return [args] {
    // Every file is loaded before anything is printed: an error in a later file leaves stdout empty.
    std::string text;
    auto out = std::back_inserter(text);
    for (const auto& path : args->paths) {
      const matrix m = io::load_results(path, input_limits());
      std::size_t width = 6;
      for (const auto& s : m.metrics()) width = std::max(width, s.name().size());
      fmt::format_to(out, "{} ({} runs)\n", text::printable(io::input_name(path)), m.run_count());
      fmt::format_to(out, "{:<{}}  {:>4}  {:>14}  {:>8}  {:>14}  {:>14}  {:>14}\n", "metric", width, "n", "mean",
                     "%stddev", "min", "median", "max");
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
        fmt::format_to(out, "{:<{}}  {:>4}  {:>14.6g}  {}  {:>14.6g}  {:>14.6g}  {:>14.6g}\n", series.name(), width,
                       s.n, s.mean, shown, s.min, s.median, s.max);
      }
      for (const auto& name : m.textual_metrics()) fmt::format_to(out, "{:<{}}  (text, ignored)\n", name, width);
    }
    write_output(args->output, text);
    return exit_ok;
  };
}

}  // namespace perfmail::cli
