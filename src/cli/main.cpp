// perfmail: the command-line tool. Parses arguments, runs one subcommand, and turns exceptions into
// one line on stderr and an exit status; nothing is printed to stdout on error.

#include "commands.hpp"
#include "output.hpp"

#include "perfmail/error.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/version.hpp"

#include <fmt/core.h>

#include <cctype>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <string_view>
#include <system_error>
#include <exception>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace perfmail::cli {
io::load_limits& input_limits() {
  static io::load_limits limits;
  return limits;
}

namespace {

/// The largest limits that are not a mistake: an input of a terabyte, a metric of a hundred million runs.
constexpr std::size_t largest_input_limit = std::size_t{1} << 40;
constexpr std::size_t largest_runs_limit = 100'000'000;

/// A limit given on the command line: a whole number from 1 to `largest`, with `k`, `m`, `g` or `t` (powers
/// of 1024) after it when `sizes`. Anything else is refused with a message that quotes the value cut to a
/// readable length (no 309-digit numbers).
std::size_t parse_limit(const std::string& option, const std::string& text, std::size_t largest, bool sizes) {
  const auto refuse = [&](std::string_view why) {
    throw CLI::ValidationError(option, fmt::format("{} {}", perfmail::text::quoted(text), why));
  };
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0) refuse(sizes ? "is not a size (a whole number of bytes, with k, m, g or t for powers of 1024)"
                                : "is not a whole number");
  std::size_t shift = 0;
  const std::string_view suffix = std::string_view{text}.substr(digits);
  if (!suffix.empty()) {
    static constexpr std::string_view units = "kmgt";
    const auto unit = suffix.size() == 1 ? units.find(static_cast<char>(std::tolower(suffix[0]))) : std::string_view::npos;
    if (!sizes || unit == std::string_view::npos)
      refuse(sizes ? "is not a size (a whole number of bytes, with k, m, g or t for powers of 1024)"
                   : "is not a whole number");
    shift = 10 * (unit + 1);
  }
  const std::string_view number = std::string_view{text}.substr(0, digits);
  std::size_t value = 0;
  const auto parsed = std::from_chars(number.data(), number.data() + number.size(), value);
  if (parsed.ec != std::errc{} || value > (largest >> shift))
    refuse(fmt::format("is more than the largest limit accepted, {}", largest));
  value <<= shift;
  if (value == 0) refuse("is not a limit: it must be at least 1");
  return value;
}

}  // namespace
}  // namespace perfmail::cli

namespace {

using namespace perfmail::cli;

/// The help or version text CLI11 answers `e` with, written like any command's output: a full disk
/// fails `perfmail --help > /dev/full` too.
int print_exit_text(const CLI::App& app, const CLI::Error& e) {
  std::ostringstream text;
  const int status = app.exit(e, text);
  write_stdout(text.str());
  return status;
}

/// Parses the arguments and runs the command; returns the exit status. Every error but a write_error
/// is reported here, as one line on stderr.
int run(int argc, char** argv) {
  CLI::App app{"perfmail: performance-change reports in the style of the Linux kernel test robot"};
  app.set_version_flag("--version", std::string{perfmail::version_string});
  app.require_subcommand(1);
  app.fallthrough();  // the global options below may also follow the command's name
  auto& limits = input_limits();
  app.add_option_function<std::string>(
         "--max-input-size",
         [&limits](const std::string& v) {
           limits.max_file_bytes = parse_limit("--max-input-size", v, largest_input_limit, true);
         },
         "refuse an input (a file, standard input, a pipe) larger than this many bytes; suffixes k, m, g, t "
         "(powers of 1024) are accepted (default 1g)")
      ->type_name("SIZE");
  app.add_option_function<std::string>(
         "--max-runs",
         [&limits](const std::string& v) { limits.max_runs = parse_limit("--max-runs", v, largest_runs_limit, false); },
         "refuse a metric or a plot set with more samples than this (default 100000)")
      ->type_name("N");
  app.footer(
      "Examples:\n"
      "  perfmail compare base/matrix.json head/matrix.json --dialect classic\n"
      "  perfmail plot --good base.txt --bad head.txt --title fio.write_bw_MBps\n"
      "  perfmail report examples/report.json --format mbox\n"
      "Inputs above --max-input-size or --max-runs are refused (exit status 2) rather than read.\n"
      "Run 'perfmail COMMAND --help' for the options of one command.");

  std::vector<std::pair<CLI::App*, command_action>> commands;
  auto add = [&](command_action (*registrar)(CLI::App&)) {
    const auto before = app.get_subcommands({}).size();
    auto action = registrar(app);
    commands.emplace_back(app.get_subcommands({}).at(before), std::move(action));
  };
  add(add_summary_command);
  add(add_plot_command);
  add(add_compare_command);
  add(add_report_command);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return print_exit_text(app, e);
  } catch (const CLI::CallForAllHelp& e) {
    return print_exit_text(app, e);
  } catch (const CLI::CallForVersion& e) {
    return print_exit_text(app, e);
  } catch (const CLI::ParseError& e) {
    // One line, like every other error; --help explains the options.
    fmt::print(stderr, "perfmail: {} (see --help)\n", perfmail::printable_message(e.what()));
    return exit_bad_input;
  }

  try {
    for (auto& [sub, action] : commands)
      if (sub->parsed()) return action();
    return exit_bad_input;
  } catch (const perfmail::input_error& e) {
    fmt::print(stderr, "perfmail: {}\n", e.what());
    return exit_bad_input;
  } catch (const perfmail::usage_error& e) {
    fmt::print(stderr, "perfmail: {}\n", e.what());
    return exit_bad_input;
  } catch (const write_error&) {
    throw;  // reported by main(), as a failed help text or a failed close of stdout are
  } catch (const perfmail::value_error& e) {
    fmt::print(stderr, "perfmail: {}\n", e.what());
    return exit_bad_input;
  } catch (const std::filesystem::filesystem_error& e) {
    // A filesystem condition the loaders did not name themselves is still the input's, not a bug.
    const std::string path = e.path1().empty() ? std::string{} : e.path1().string() + ": ";
    fmt::print(stderr, "perfmail: {}\n", perfmail::printable_message(path + e.code().message()));
    return exit_bad_input;
  } catch (const std::bad_alloc&) {
    fmt::print(stderr, "perfmail: out of memory\n");
    return exit_failure;
  } catch (const std::exception& e) {
    fmt::print(stderr, "perfmail: internal error: {}\n", perfmail::printable_message(e.what()));
    return exit_failure;
  }
}

}  // namespace

int main(int argc, char** argv) {
  prepare_output_signals();
  try {
    const int status = run(argc, argv);
    if (status != exit_ok) return status;  // the error is on stderr already, and stdout holds nothing
    close_stdout();
    return exit_ok;
  } catch (const write_error& e) {
    fmt::print(stderr, "perfmail: {}\n", e.what());
    return exit_cannot_write;
  }
}
