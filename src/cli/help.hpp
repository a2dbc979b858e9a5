#pragma once
// The perfmail command line as one definition: the global options, every command and the help command.
// The tool parses with it, and the manual generator (manual.hpp) walks the same CLI::App to write the man
// pages and the shell completions, so that --help, `perfmail help`, the man pages and the completions
// cannot disagree. Also the messages that point at what was probably meant when a command or an option
// is mistyped, and the text of --version.

#include "commands.hpp"

#include "perfmail/text/nearest_name.hpp"

#include <CLI/CLI.hpp>

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail::cli {

/// The command line: `app` (named perfmail, so that usage lines never show the binary's path) and, for
/// each command, what it runs once parsed.
struct application {
  std::unique_ptr<CLI::App> app;
  /// What each option of `app` declared of its value, for --help, the man pages and the completions
  /// (shared with the help formatter, which describes the options).
  std::shared_ptr<declared_values> declared = std::make_shared<declared_values>();
  std::vector<std::pair<CLI::App*, command_action>> commands;
  /// The words after the first `--`, given to CLI11 apart (run() fills it before it parses): bisect's
  /// command, word for word. CLI11 2.1, with fallthrough, hands an option-like word after `--` (`sh -c
  /// ...`, `make -j2`) back to the options.
  std::shared_ptr<std::vector<std::string>> after_separator = std::make_shared<std::vector<std::string>>();
};

/// Defines the command line, every option and every command with its help text.
[[nodiscard]] application make_application();

/// What `--help` prints for `command` (the application or one of its commands), byte for byte: the
/// usage line names the command by its path from the application, `perfmail compare`.
[[nodiscard]] std::string help_text(const CLI::App& command);

/// What `--version` prints: perfmail's version alone on the first line, then the libraries each compiled
/// part was built with and the compiler.
[[nodiscard]] std::string version_text();

/// The name `word` is probably a mistyping of (text/nearest_name.hpp).
using text::suggestion;

/// `; did you mean "NAME"?` for what `word` probably meant (text/nearest_name.hpp).
using text::did_you_mean;

/// `unknown command "WORD"` and what was probably meant, or the commands there are.
[[nodiscard]] std::string unknown_command_message(const CLI::App& app, std::string_view word);

/// The one line (without `perfmail: `) reporting a parse error of `app`: an argument that nothing took
/// is named first, as an unknown command or option with a suggestion; else CLI11's message. Nothing of
/// the arguments is shown raw (text::quoted, printable).
[[nodiscard]] std::string parse_error_message(const CLI::App& app, const declared_values& declared,
                                              const CLI::ParseError& error);

}  // namespace perfmail::cli
