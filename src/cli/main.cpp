// perfmail: the command-line tool. Parses arguments, runs one subcommand, and turns exceptions into
// one line on stderr and an exit status; nothing is printed to stdout on error.

#include "commands.hpp"
#include "output.hpp"

#include "perfmail/error.hpp"
#include "perfmail/version.hpp"

#include <fmt/core.h>

#include <cstdio>
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
  app.add_option("--max-input-size", limits.max_file_bytes,
                 "refuse an input file (or standard input) larger than this many bytes; suffixes k, m, g "
                 "(powers of 1024) are accepted")
      ->transform(CLI::AsSizeValue(false))
      ->capture_default_str();
  app.add_option("--max-runs", limits.max_runs, "refuse a metric or a plot set with more samples than this")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
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
