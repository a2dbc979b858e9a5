// What the options declare of their own descriptions (value_check::told, src/cli/commands.hpp) is true
// of the words: --help leaves out the list of choices, or the `default:` note, only where the
// description says them already.

#include "help.hpp"
#include "manual.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

using perfmail::cli::manual::command_info;
using perfmail::cli::manual::option_info;

void check_declarations(const command_info& command, std::size_t& declared) {
  for (const option_info& option : command.options) {
    CAPTURE(command.path);
    CAPTURE(option.names.empty() ? option.positional : option.names.back());
    if (option.choices_described) {
      ++declared;
      for (const std::string& choice : option.choices) {
        CAPTURE(choice);
        CHECK(option.description.find(choice) != std::string::npos);
      }
    }
    if (option.default_described) {
      ++declared;
      REQUIRE_FALSE(option.default_value.empty());
      CHECK(option.description.find(option.default_value) != std::string::npos);
      CHECK(option.description.find("default") != std::string::npos);
    }
  }
  for (const command_info& sub : command.commands) check_declarations(sub, declared);
}

}  // namespace

TEST_CASE("an option that declares its description names its choices or its default does") {
  const perfmail::cli::application cli = perfmail::cli::make_application();
  std::size_t declared = 0;
  check_declarations(perfmail::cli::manual::describe(*cli.app), declared);
  // 19 options name every choice, 4 their default: the check above saw them all.
  CHECK(declared == 23);
}
