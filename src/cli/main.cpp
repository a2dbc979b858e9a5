// perfmail: the command-line tool. Parses arguments, runs one subcommand, and turns exceptions into
// one line on stderr and an exit status; nothing is printed to stdout on error.

#include "commands.hpp"
#include "help.hpp"
#include "output.hpp"

#include "perfmail/error.hpp"

#include <fmt/core.h>

#include <csignal>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

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
/// Parses the arguments (the words after the first `--` are given apart, application::after_separator):
/// nullopt to go on with the command parsed, else the exit status of help, the version or a refusal.
std::optional<int> parse_arguments(application& cli, int argc, char** argv) {
  CLI::App& app = *cli.app;
  int parsed = argc;
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--") {
      parsed = i;
      cli.after_separator->assign(argv + i + 1, argv + argc);
      break;
    }
  try {
    app.parse(parsed, argv);
  } catch (const CLI::CallForHelp& e) {
    return print_exit_text(app, e);
  } catch (const CLI::CallForAllHelp& e) {
    return print_exit_text(app, e);
  } catch (const CLI::CallForVersion& e) {
    return print_exit_text(app, e);
  } catch (const CLI::ParseError& e) {
    // One line, like every other error, naming what was probably meant where something was mistyped.
    // Under git bisect run, 2 would mark the commit bad: a mistyped option of bisect stops the
    // bisection, and says so as bisect's other set-up errors do.
    bool bisect = false;
    for (const CLI::App* sub : app.get_subcommands({})) bisect = bisect || (sub->get_name() == "bisect" && sub->parsed());
    const std::string message = parse_error_message(app, *cli.declared, e);
    const std::string line = bisect ? fmt::format("perfmail bisect: {} (the bisection stops)\n", message)
                                    : fmt::format("perfmail: {}\n", message);
    (void)std::fwrite(line.data(), 1, line.size(), stderr);
    return bisect ? exit_bisect_abort : exit_bad_input;
  }
  return std::nullopt;
}

/// Runs the command parsed, each error reported on one line with its exit status.
int run_command(const application& cli) {
  try {
    for (auto& [sub, action] : cli.commands)
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

int run(int argc, char** argv) {
  application cli = make_application();
  if (const std::optional<int> status = parse_arguments(cli, argc, argv)) return *status;
  return run_command(cli);
}

}  // namespace

int main(int argc, char** argv) {
  prepare_output_signals();
  // The judge of git bisect run must give git its status even when nobody reads its stderr: SIGPIPE
  // would end it with 141, which stops the bisection.
  for (int i = 1; i < argc && std::string_view(argv[i]) != "--"; ++i)
    if (std::string_view(argv[i]) == "bisect") (void)std::signal(SIGPIPE, SIG_IGN);
  try {
    const int status = run(argc, argv);
    // On an error the message is on stderr already, and stdout holds nothing; a verdict (--fail-on) comes
    // with the command's whole output, which must reach its destination as a success's does.
    if (status != exit_ok && status != exit_verdict) return status;
    close_stdout();
    return status;
  } catch (const write_error& e) {
    fmt::print(stderr, "perfmail: {}\n", e.what());
    return exit_cannot_write;
  }
}
