#pragma once
// The man pages and the shell completions of perfmail, written from the CLI::App that also makes --help
// (help.hpp): the generator (manual_main.cpp) runs at build time, so that no page or completion is a
// hand-written copy that could fall behind an option.

#include "declared_values.hpp"
#include "footer.hpp"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace perfmail::cli::manual {

/// An option or a positional argument as CLI11 defines it.
struct option_info {
  std::vector<std::string> names;     ///< as typed, short ones first: `-o`, `--output`; empty for a positional
  std::string positional;             ///< a positional argument's name (`RESULTS`), else empty
  std::string value;                  ///< the value's name (`TEXT`, `N`, `NUMBER`, `NAME` for a choice); empty for a flag
  std::vector<std::string> choices;   ///< the values its checks list (declared_values.hpp)
  bool choices_described = false;     ///< the description names every choice (declared with the check)
  bool default_described = false;     ///< the description names the default choice (declared likewise)
  std::vector<std::string> checks;    ///< what its other checks ask of the value (`from 0 to 1`, `above 0`)
  std::string description;
  std::string default_value;
  std::vector<std::string> needs;     ///< options this one needs, by name
  std::vector<std::string> excludes;  ///< options this one cannot go with, by name
  bool required = false;
  bool many = false;                  ///< takes several values, or may be given more than once
};

/// The application or one of its commands.
struct command_info {
  std::string name;                       ///< `perfmail`, `compare`
  std::string path;                       ///< `perfmail`, `perfmail compare`
  std::string description;
  cli::footer footer;                     ///< what follows the options (footer.hpp)
  std::vector<option_info> options;       ///< its own, help included
  std::vector<option_info> positionals;
  std::vector<option_info> inherited;     ///< the application's that may also follow the command's name
  std::vector<command_info> commands;
};

/// An option as --help and the man pages describe it: CLI11's definition in perfmail's words, its value
/// as `declared` records it.
[[nodiscard]] option_info describe_option(const CLI::Option& opt, const declared_values& declared);

/// Walks `app` (and its visible commands), whose options' values `declared` records.
[[nodiscard]] command_info describe(const CLI::App& app, const declared_values& declared);

/// `app`'s page, `perfmail(1)`, or that of one of its commands, `perfmail-compare(1)`, in roff (man(7)).
[[nodiscard]] std::string man_page(const command_info& root, const command_info* command, const std::string& version);

/// The completion scripts for bash (a function for `complete -F`), zsh (an autoloaded `_perfmail`) and fish.
[[nodiscard]] std::string bash_completion(const command_info& root);
[[nodiscard]] std::string zsh_completion(const command_info& root);
[[nodiscard]] std::string fish_completion(const command_info& root);

}  // namespace perfmail::cli::manual
