// perfmail plot: the trend plot of bisect-good and bisect-bad samples, as the robot's e-mails show it; of
// a lone set of samples (a file, or a pipe); or of one metric of two result sets.

#include "footer.hpp"
#include "commands.hpp"
#include "help.hpp"
#include "output.hpp"
#include "terminal.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/import.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/plot/metric_samples.hpp"
#include "perfmail/plot/sample_text.hpp"
#include "perfmail/plot/trend_plot.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/core.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail::cli {

namespace {

struct plot_args {
  std::vector<std::string> inputs;  // FILE or -, or BASE HEAD
  std::string good;
  std::string bad;
  std::string metric;
  std::string title;
  std::string good_label;
  std::string bad_label;
  std::string style;  // empty: the unicode look on a terminal, else gnuplot-5.4 (see the action)
  int width = 0;   // 0: the style's default
  int height = 0;
  std::string colour = "auto";
  std::string output;  // empty or "-": standard output
};

/// The samples of FILE, or of standard input for "-"; nullopt when no file was named (an absent set).
/// The global input limits apply to every kind of file (io/read_file.hpp).
plot::trend_series load(const std::string& path) {
  if (path.empty()) return std::nullopt;
  const plot::sample_limits limits{input_limits().max_file_bytes, input_limits().max_runs};
  return plot::parse_samples(io::read_text(path, limits.max_bytes), io::input_name(path), limits);
}

/// Refuses text from the command line that would reach the terminal as something other than text, as
/// check_plot_title does for the title.
void check_one_line(std::string_view option, std::string_view text) {
  if (text.empty()) throw usage_error(fmt::format("plot: {} is empty", option));
  if (const auto at = text::first_unsafe(text); at != std::string_view::npos)
    throw usage_error(fmt::format("plot: {} holds a control character or a byte outside UTF-8 (byte {}); it is one "
                                  "line of text",
                                  option, at + 1));
}

/// The error for a metric that no result set has (`where` names them: `A or B`, or one file): names it
/// and, where it looks mistyped, the name probably meant.
[[noreturn]] void no_such_metric(std::string_view metric, std::span<const matrix* const> sets, std::string_view where) {
  for (const matrix* m : sets) {
    const auto textual = m->textual_metrics();
    if (std::find(textual.begin(), textual.end(), metric) != textual.end())
      throw usage_error(
          fmt::format("plot: metric {} of {} holds text, not numbers; nothing to plot", text::quoted(metric), where));
  }
  std::vector<std::string_view> names;
  for (const matrix* m : sets)
    for (const auto& s : m->metrics()) names.push_back(s.name());
  throw usage_error(fmt::format("plot: no metric {} in {}{}", text::quoted(metric), where, did_you_mean(metric, names)));
}

/// The results of a tool in a lone FILE that is not a set of samples, or nullopt: compare's readers,
/// tried only where the samples' grammar failed, so that a file of numbers stays a file of numbers.
std::optional<matrix> results_of_lone(const std::string& text, const std::string& name) {
  try {
    if (!io::is_tool_results(io::detect_input_format(text, name))) return std::nullopt;
    return io::parse_input(text, name, io::input_format::automatic, input_limits());
  } catch (const input_error&) {
    return std::nullopt;  // not any tool's results either: the samples' error says what is wrong
  }
}

/// The samples a lone results file gives: --metric's, or its only metric's. More than one and none
/// named is refused with a few of the names.
plot::trend_series lone_results_samples(const matrix& results, std::string_view metric, std::string_view name,
                                        std::string& title) {
  if (metric.empty()) {
    const auto metrics = results.metrics();
    if (metrics.size() != 1) {
      std::string some;
      for (std::size_t i = 0; i < std::min<std::size_t>(metrics.size(), 3); ++i)
        some += (i > 0 ? ", " : "") + text::quoted(metrics[i].name());
      throw usage_error(fmt::format("plot: {} holds the results of {} metrics ({}{}): name the one to plot with "
                                    "--metric NAME",
                                    name, metrics.size(), some, metrics.size() > 3 ? ", ..." : ""));
    }
    metric = metrics.front().name();
  }
  auto samples = plot::metric_samples(results, metric);
  const matrix* const sets[] = {&results};
  if (!samples) no_such_metric(metric, sets, name);
  if (title.empty()) title = std::string{metric};
  return samples;
}

/// What `perfmail plot --help` says below the options.
footer plot_footer() {
  return {heading("Examples"),
          example({"perfmail plot --good base.txt --bad head.txt --title fio.write_bw_MBps"}),
          example({"seq 1 20 | perfmail plot --style unicode"}),
          example({"perfmail plot base/matrix.json head/matrix.json --metric fio.write_bw_MBps --style unicode"}),
          prose({"A sample file holds numbers (JSON's grammar) separated by white space or commas, # starts a comment;",
                 "NaN and Infinity are undefined samples (perfmail help plots). A set that is not given is absent. With no set",
                 "named at all, standard input is read as a lone set unless it is a terminal. A lone set is drawn as the",
                 "good set; the unicode legend names it by its file name (<stdin> for a pipe). Missing runs of a metric",
                 "are undefined samples. The gnuplot styles print exactly what that gnuplot prints for the robot",
                 "(without the form feed; they have no legend, so --good-label and --bad-label are refused with them);",
                 "a final newline is added only on a terminal.",
                 "On a terminal the plot takes the unicode style unless --style names one, and fits the terminal unless",
                 "--width or --height say otherwise; where the locale (LC_ALL, LC_CTYPE, LANG) is not UTF-8 it is drawn",
                 "in ASCII. In a file or a pipe the default is the robot's gnuplot-5.4, byte for byte. The unicode style",
                 "ends with a newline.",
                 "No defined sample prints nothing, with a note on stderr; exit status 0. Nothing named with a",
                 "terminal on standard input is refused (status 2): the input was forgotten.",
                 "With -o the file gets exactly what standard output would (an empty file for no plot); on an error",
                 "it is neither created nor changed."})};
}

void declare_plot_options(CLI::App& cmd, declared_values& declared, plot_args& args) {
  add_value(declared, cmd, "input", args.inputs,
                 "FILE (or - for stdin): one set of samples, drawn alone; or BASE HEAD: two result sets "
                 "(any results compare reads), with --metric")
      .named("FILE|BASE HEAD");
  add_value(declared, cmd, "--good", args.good,
                 "file of the bisect-good (base) samples, numbers separated by white space or commas; - for stdin")
      .named("FILE");
  add_value(declared, cmd, "--bad", args.bad,
                 "file of the bisect-bad (head) samples, numbers separated by white space or commas; - for stdin")
      .named("FILE");
  add_value(declared, cmd, "--metric", args.metric,
                 "with BASE HEAD: the metric to plot, BASE's runs as the good samples, HEAD's as the bad ones")
      .named("NAME");
  add_value(declared, cmd, "--title", args.title,
            "title above the plot, usually the metric name (default: --metric's NAME)");
  add_value(declared, cmd, "--good-label", args.good_label,
                 "the unicode legend's name of the good set (default bisect-good; for a lone set, its file name)")
      .named("TEXT");
  add_value(declared, cmd, "--bad-label", args.bad_label,
            "the unicode legend's name of the bad set (default bisect-bad)")
      .named("TEXT");
  std::vector<std::string> styles;
  for (const auto& n : plot::look_names) styles.emplace_back(n.name);
  add_value(declared, cmd, "--style", args.style,
                 "the look: a gnuplot release (gnuplot = gnuplot-5.4; classic = gnuplot-4.6, the 2017 e-mails), "
                 "or unicode for terminals (in ASCII where the locale is not UTF-8); default: unicode on a "
                 "terminal, gnuplot-5.4 in a file or a pipe")
      .check(one_of(styles));
  add_value(declared, cmd, "--width", args.width, "characters per line (default 80; unicode: the terminal's width)")
      .check(within(1, plot::max_plot_width));
  add_value(declared, cmd, "--height", args.height, "lines (default 20; unicode: the terminal's height less one)")
      .check(within(1, plot::max_plot_height));
  add_value(declared, cmd, "--color", args.colour,
            "ANSI colour for the unicode style: auto (on a terminal), always, never")
      .check(one_of(colour_modes(), {.every_choice = true}))
      ->capture_default_str();
  add_value(declared, cmd, "-o,--output", args.output,
                 "write the plot to this file instead of standard output (written whole or not at all)")
      ->check(output_path());
  set_footer(cmd, plot_footer());
}

/// Which of plot's ways of naming its input the options take, refused where they mix.
struct plot_inputs_named {
  bool sets = false;    ///< --good or --bad
  bool metric = false;  ///< --metric
};

plot_inputs_named check_plot_inputs(const plot_args& args, const CLI::App& cmd) {
  const auto& inputs = args.inputs;
  const plot_inputs_named named{!args.good.empty() || !args.bad.empty(), cmd.count("--metric") > 0};
  if (inputs.size() > 2)
    throw usage_error(fmt::format("plot: {} inputs given; plot takes FILE (or -), or BASE HEAD with --metric",
                                  inputs.size()));
  if (named.metric) {
    check_one_line("--metric", args.metric);
    if (inputs.empty())
      throw usage_error("plot: --metric needs results to take it from: FILE, or BASE and HEAD (any results "
                        "compare reads), before or after the options");
    if (named.sets)
      throw usage_error("plot: --metric takes its samples from BASE and HEAD; --good and --bad go without it");
  }
  if (inputs.size() == 2 && !named.metric) {
    throw usage_error(
        "plot: two inputs are two result sets, BASE and HEAD: name the metric to plot with --metric NAME");
  }
  if (inputs.size() == 1 && named.sets)
    throw usage_error("plot: FILE is a lone set of samples; name both sets with --good and --bad instead");
  if (args.good == "-" && args.bad == "-") throw usage_error("plot: --good and --bad cannot both read stdin");
  if (inputs.size() == 2 && inputs[0] == "-" && inputs[1] == "-")
    throw usage_error("plot: BASE and HEAD cannot both read stdin");
  return named;
}

plot::plot_options plot_options_of(const plot_args& args, const CLI::App& cmd, bool metric_given) {
  plot::plot_options opts;
  // The robot's look wherever its exact bytes may be wanted (a file, a pipe, a look named); a terminal
  // gets a picture that fits it.
  opts.style = !args.style.empty()         ? *plot::parse_look(args.style)
               : to_terminal(args.output) ? plot::look::unicode
                                           : plot::look::gnuplot_5_4;
  opts.charset = locale_charset();
  const bool labels_given = cmd.count("--good-label") > 0 || cmd.count("--bad-label") > 0;
  if (labels_given && plot::is_gnuplot(opts.style))
    throw usage_error(fmt::format("plot: --good-label and --bad-label go with --style unicode: {} draws the robot's "
                                  "plot, which has no legend",
                                  args.style.empty() ? plot::name_of(opts.style) : args.style));
  if (cmd.count("--good-label") > 0) check_one_line("--good-label", args.good_label);
  if (cmd.count("--bad-label") > 0) check_one_line("--bad-label", args.bad_label);
  std::tie(opts.width, opts.height) = plot_size(plot::is_gnuplot(opts.style), args.width, args.height,
                                                plot::min_unicode_width, plot::min_unicode_height);
  // A metric's name is the title unless --title says otherwise (a lone results file's only metric
  // gives its own below).
  opts.title = metric_given && cmd.count("--title") == 0 ? args.metric : args.title;
  opts.colour = colour_wanted(args.colour, args.output) ? plot::colour_mode::always : plot::colour_mode::never;
  opts.good_label = args.good_label;
  opts.bad_label = args.bad_label;
  return opts;
}

/// The two sets to draw, and the name of a lone set (for the legend and the notes).
struct plot_sets {
  plot::trend_series good;
  plot::trend_series bad;
  std::string lone;
};

/// A metric's runs in two result sets, BASE's as the good samples and HEAD's as the bad ones.
plot_sets sets_of_results(const plot_args& args) {
  plot_sets sets;
  const std::string base_name = text::printable(io::input_name(args.inputs[0]));
  const std::string head_name = text::printable(io::input_name(args.inputs[1]));
  const matrix base = io::load_results(args.inputs[0], input_limits());
  const matrix head = io::load_results(args.inputs[1], input_limits());
  for (const matrix* m : {&base, &head})
    for (const auto& note : m->notes()) fmt::print(stderr, "perfmail: note: {}\n", note);
  sets.good = plot::metric_samples(base, args.metric);
  sets.bad = plot::metric_samples(head, args.metric);
  const matrix* const results[] = {&base, &head};
  if (!sets.good && !sets.bad) no_such_metric(args.metric, results, fmt::format("{} or {}", base_name, head_name));
  if (!sets.good || !sets.bad)
    fmt::print(stderr, "perfmail: plot: no metric {} in {}; drawing {}'s samples alone\n", text::quoted(args.metric),
               sets.good ? head_name : base_name, sets.good ? base_name : head_name);
  return sets;
}

/// A lone set: the file named, or a pipe (or file) on standard input when nothing is named; its samples,
/// or else the results of a tool (as compare reads them). The text is read once, so that standard input
/// can be either. A metric named is always looked for in results, whose title may become the plot's.
plot_sets lone_set(const plot_args& args, const CLI::App& cmd, bool metric_given, plot::plot_options& opts) {
  plot_sets sets;
  const std::string path = args.inputs.empty() ? std::string{io::standard_input_path} : args.inputs[0];
  sets.lone = text::printable(io::input_name(path));
  const plot::sample_limits limits{input_limits().max_file_bytes, input_limits().max_runs};
  const std::string text = io::read_text(path, limits.max_bytes);
  const auto from_results = [&](const matrix& results) {
    for (const auto& note : results.notes()) fmt::print(stderr, "perfmail: note: {}\n", note);
    std::string title = cmd.count("--title") > 0 ? args.title : std::string{};
    auto samples = lone_results_samples(results, args.metric, sets.lone, title);
    opts.title = title;
    return samples;
  };
  if (metric_given) {
    sets.good = from_results(io::parse_input(text, io::input_name(path), io::input_format::automatic, input_limits()));
  } else {
    try {
      sets.good = plot::parse_samples(text, io::input_name(path), limits);
    } catch (const input_error&) {
      const auto results = results_of_lone(text, io::input_name(path));
      if (!results) throw;
      sets.good = from_results(*results);
    }
  }
  if (!plot::is_gnuplot(opts.style) && opts.good_label.empty()) opts.good_label = sets.lone;
  return sets;
}

/// Every input, read before anything is written: an error in a later one leaves stdout empty.
plot_sets read_plot_sets(const plot_args& args, const CLI::App& cmd, const plot_inputs_named& named,
                         plot::plot_options& opts) {
  // Nothing named and a terminal on standard input: a misuse (the user forgot the input), not a plot
  // of nothing; reading the terminal would wait for typing that nobody means to do.
  if (!named.metric && args.inputs.empty() && !named.sets && isatty(STDIN_FILENO) != 0)
    throw usage_error("plot: no samples given: name a FILE, pipe numbers in (seq 1 20 | perfmail plot), or give "
                      "--good and --bad, or BASE HEAD --metric NAME (see perfmail plot --help)");
  if (named.metric && args.inputs.size() == 2) return sets_of_results(args);
  if (args.inputs.size() == 1 || (!named.sets && isatty(STDIN_FILENO) == 0)) return lone_set(args, cmd, named.metric, opts);
  return {load(args.good), load(args.bad), {}};
}

/// What standard output (or -o) gets for the plot drawn, with its notes on stderr.
std::string plot_output(const plot_sets& sets, const plot::plot_options& opts, const std::string& output) {
  const auto result = plot::render_trend(sets.good, sets.bad, opts);
  const std::size_t left_out = plot::is_gnuplot(opts.style) ? plot::gnuplot_undefined_count(sets.good, sets.bad) : 0;
  const std::string beyond = fmt::format("beyond +-{:g}, which gnuplot reads as undefined", plot::gnuplot_undefined_from);
  std::string text;
  switch (result.outcome) {
    case plot::plot_outcome::drawn:
      if (left_out > 0)
        fmt::print(stderr, "perfmail: note: plot: {} {} {}: the {} look leaves {} out (--style unicode draws {})\n",
                   left_out, left_out == 1 ? "number lies" : "numbers lie", beyond, plot::name_of(opts.style),
                   left_out == 1 ? "it" : "them", left_out == 1 ? "it" : "them");
      text = result.text;
      if (!plot::is_gnuplot(opts.style) || to_terminal(output)) text += '\n';
      break;
    case plot::plot_outcome::no_series:
      // Both sets named but absent cannot happen here (a named file is read or refused); the outcome
      // stays handled, as render_trend may give it.
      fmt::print(stderr, "perfmail: plot: no samples given; nothing drawn\n");
      break;
    case plot::plot_outcome::no_defined_value:
      if (left_out > 0)
        throw usage_error(fmt::format("plot: every number lies {}, so the {} look draws nothing; --style unicode "
                                      "draws them",
                                      beyond, plot::name_of(opts.style)));
      if (!sets.lone.empty())
        fmt::print(stderr, "perfmail: plot: no defined sample in {}; nothing drawn\n", sets.lone);
      else
        fmt::print(stderr, "perfmail: plot: no defined sample in either set; nothing drawn\n");
      break;
  }
  return text;
}

}  // namespace

command_action add_plot_command(CLI::App& app, declared_values& declared) {
  auto* cmd = app.add_subcommand("plot", "Draw the trend plot of bisect-good and bisect-bad samples");
  auto args = std::make_shared<plot_args>();
  declare_plot_options(*cmd, declared, *args);
  return [args, cmd] {
    const plot_inputs_named named = check_plot_inputs(*args, *cmd);
    plot::plot_options opts = plot_options_of(*args, *cmd, named.metric);
    const plot_sets sets = read_plot_sets(*args, *cmd, named, opts);
    write_output(args->output, plot_output(sets, opts, args->output));
    return exit_ok;
  };
}

}  // namespace perfmail::cli
