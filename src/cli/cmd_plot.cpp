// perfmail plot: the trend plot of bisect-good and bisect-bad samples, as the robot's e-mails show it.

#include "commands.hpp"
#include "output.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/plot/sample_text.hpp"
#include "perfmail/plot/trend_plot.hpp"

#include <fmt/core.h>

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace perfmail::cli {

namespace {

struct plot_args {
  std::string good;
  std::string bad;
  std::string title;
  std::string style = "gnuplot-5.4";
  int width = 0;   // 0: the style's default
  int height = 0;
  std::string colour = "auto";
  std::string output;  // empty or "-": standard output
};

/// The terminal's size in characters: that of standard output if it is a terminal, else COLUMNS and
/// LINES, else 80 x 24.
std::pair<int, int> terminal_size() {
  winsize ws{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0)
    return {ws.ws_col, ws.ws_row};
  const auto from_env = [](const char* name, int fallback) {
    const char* v = std::getenv(name);
    if (v == nullptr) return fallback;
    char* end = nullptr;
    const long n = std::strtol(v, &end, 10);
    return end != v && *end == '\0' && n > 0 && n < 100000 ? static_cast<int>(n) : fallback;
  };
  return {from_env("COLUMNS", 80), from_env("LINES", 24)};
}

/// Whether the picture goes to a terminal: standard output, when it is one and no file is named.
bool to_terminal(const std::string& output) {
  return (output.empty() || output == "-") && isatty(STDOUT_FILENO) != 0;
}

/// Whether --color auto means colour: only on a terminal, unless NO_COLOR is set or TERM is dumb.
bool colour_wanted(const std::string& mode, const std::string& output) {
  if (mode != "auto") return mode == "always";
  if (!to_terminal(output) || std::getenv("NO_COLOR") != nullptr) return false;
  const char* term = std::getenv("TERM");
  return term != nullptr && std::string_view{term} != "dumb";
}

/// The samples of FILE, or of standard input for "-"; nullopt when no file was named (an absent set).
/// The global input limits apply to every kind of file (io/read_file.hpp).
plot::trend_series load(const std::string& path) {
  if (path.empty()) return std::nullopt;
  const plot::sample_limits limits{input_limits().max_file_bytes, input_limits().max_runs};
  return plot::parse_samples(io::read_text(path, limits.max_bytes), io::input_name(path), limits);
}

}  // namespace

command_action add_plot_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("plot", "Draw the trend plot of bisect-good and bisect-bad samples");
  auto args = std::make_shared<plot_args>();
  cmd->add_option("--good", args->good, "bisect-good (base) samples: numbers separated by white space or commas; - for stdin");
  cmd->add_option("--bad", args->bad, "bisect-bad (head) samples: numbers separated by white space or commas; - for stdin");
  cmd->add_option("--title", args->title, "title above the plot, usually the metric name");
  std::map<std::string, std::string> styles;
  for (const auto& n : plot::look_names) styles.emplace(std::string{n.name}, std::string{n.name});
  cmd->add_option("--style", args->style,
                  "the look: a gnuplot release (gnuplot = gnuplot-5.4; classic = gnuplot-4.6, the 2017 e-mails), "
                  "or unicode for terminals")
      ->check(CLI::IsMember(styles))
      ->capture_default_str();
  cmd->add_option("--width", args->width, "characters per line (default 80; unicode: the terminal's width)");
  cmd->add_option("--height", args->height, "lines (default 20; unicode: the terminal's height less one)");
  cmd->add_option("--color", args->colour, "ANSI colour for the unicode style: auto (on a terminal), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", args->output,
                  "write the plot to this file instead of standard output (written whole or not at all)");
  cmd->footer(
      "Example:\n  perfmail plot --good base.txt --bad head.txt --title fio.write_bw_MBps\n"
      "A sample file holds numbers (JSON's grammar) separated by white space or commas, # starts a comment;\n"
      "NaN and Infinity are undefined samples (docs/PLOTS.md). A set that is not given is absent. The gnuplot styles print exactly what that gnuplot\n"
      "prints for the robot (without the form feed); a final newline is added only on a terminal.\n"
      "The unicode style fits the terminal unless --width or --height say otherwise; it ends with a newline.\n"
      "No plot (no set given, or no defined sample) prints nothing, with a note on stderr; exit status 0.\n"
      "With -o the file gets exactly what standard output would (an empty file for no plot); on an error\n"
      "it is neither created nor changed.");
  return [args] {
    if (args->good == "-" && args->bad == "-") throw usage_error("plot: --good and --bad cannot both read stdin");
    plot::plot_options opts;
    opts.style = *plot::parse_look(args->style);
    opts.width = args->width;
    opts.height = args->height;
    if (opts.width == 0 || opts.height == 0) {
      auto [columns, lines] = plot::is_gnuplot(opts.style) ? std::pair{80, 20} : terminal_size();
      if (!plot::is_gnuplot(opts.style)) {
        columns = std::clamp(columns, plot::min_unicode_width, plot::max_plot_width);
        lines = std::clamp(lines - 1, plot::min_unicode_height, plot::max_plot_height);
      }
      if (opts.width == 0) opts.width = columns;
      if (opts.height == 0) opts.height = lines;
    }
    opts.title = args->title;
    opts.colour = colour_wanted(args->colour, args->output) ? plot::colour_mode::always : plot::colour_mode::never;
    const auto good = load(args->good);
    const auto bad = load(args->bad);
    const auto result = plot::render_trend(good, bad, opts);
    std::string text;
    switch (result.outcome) {
      case plot::plot_outcome::drawn:
        text = result.text;
        if (!plot::is_gnuplot(opts.style) || to_terminal(args->output)) text += '\n';
        break;
      case plot::plot_outcome::no_series:
        fmt::print(stderr, "perfmail: plot: no samples given (--good, --bad); nothing drawn\n");
        break;
      case plot::plot_outcome::no_defined_value:
        fmt::print(stderr, "perfmail: plot: no defined sample in either set; nothing drawn\n");
        break;
    }
    write_output(args->output, text);
    return exit_ok;
  };
}

}  // namespace perfmail::cli
