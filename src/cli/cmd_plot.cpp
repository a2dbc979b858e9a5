// perfmail plot: the trend plot of bisect-good and bisect-bad samples, as the robot's e-mails show it.

#include "commands.hpp"

#include "perfmail/error.hpp"
#include "perfmail/plot/sample_text.hpp"
#include "perfmail/plot/trend_plot.hpp"

#include <fmt/core.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <string>

namespace perfmail::cli {

namespace {

struct plot_args {
  std::string good;
  std::string bad;
  std::string title;
  std::string style = "gnuplot-5.4";
  int width = 80;
  int height = 20;
};

/// The samples of FILE, or of standard input for "-"; nullopt when no file was named (an absent set).
plot::trend_series load(const std::string& path) {
  if (path.empty()) return std::nullopt;
  if (path == "-") return plot::read_samples(std::cin, "<stdin>");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw input_error(path, "cannot open");
  return plot::read_samples(in, path);
}

}  // namespace

command_action add_plot_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("plot", "Draw the trend plot of bisect-good and bisect-bad samples");
  auto args = std::make_shared<plot_args>();
  cmd->add_option("--good", args->good, "bisect-good (base) samples, one number per line; - for stdin");
  cmd->add_option("--bad", args->bad, "bisect-bad (head) samples, one number per line; - for stdin");
  cmd->add_option("--title", args->title, "title above the plot, usually the metric name");
  std::map<std::string, std::string> styles;
  for (const auto& n : plot::look_names) styles.emplace(std::string{n.name}, std::string{n.name});
  cmd->add_option("--style", args->style,
                  "the look: a gnuplot release (gnuplot = gnuplot-5.4; classic = gnuplot-4.6, the 2017 e-mails)")
      ->check(CLI::IsMember(styles))
      ->capture_default_str();
  cmd->add_option("--width", args->width, "characters per line")->capture_default_str();
  cmd->add_option("--height", args->height, "lines")->capture_default_str();
  cmd->footer(
      "Example:\n  perfmail plot --good base.txt --bad head.txt --title fio.write_bw_MBps\n"
      "A sample file holds one number per line; blank lines are ignored, NaN and Infinity are undefined\n"
      "samples. A set that is not given is absent. The gnuplot styles print exactly what that gnuplot\n"
      "prints for the robot (without the form feed); a final newline is added only on a terminal.\n"
      "No plot (no set given, or no defined sample) prints nothing, with a note on stderr; exit status 0.");
  return [args] {
    if (args->good == "-" && args->bad == "-") throw usage_error("plot: --good and --bad cannot both read stdin");
    plot::plot_options opts;
    opts.style = *plot::parse_look(args->style);
    opts.width = args->width;
    opts.height = args->height;
    opts.title = args->title;
    const auto good = load(args->good);
    const auto bad = load(args->bad);
    const auto result = plot::render_trend(good, bad, opts);
    switch (result.outcome) {
      case plot::plot_outcome::drawn:
        std::fwrite(result.text.data(), 1, result.text.size(), stdout);
        if (isatty(STDOUT_FILENO) != 0) std::fputc('\n', stdout);
        break;
      case plot::plot_outcome::no_series:
        fmt::print(stderr, "perfmail: plot: no samples given (--good, --bad); nothing drawn\n");
        break;
      case plot::plot_outcome::no_defined_value:
        fmt::print(stderr, "perfmail: plot: no defined sample in either set; nothing drawn\n");
        break;
    }
    return std::fflush(stdout) == 0 ? exit_ok : exit_failure;
  };
}

}  // namespace perfmail::cli
