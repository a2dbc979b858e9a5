// What the options declare of their own descriptions (value_check::told, src/cli/commands.hpp) is true
// of the words: --help leaves out the list of choices, or the `default:` note, only where the
// description says them already.

#include "footer.hpp"
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
    // The value's name is perfmail's (add_value, or the option's own), never one CLI11 composed.
    for (const char* composed : {"FLOAT", "INT", "UINT", "ENUM"}) CHECK(option.value != composed);
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

TEST_CASE("an option's value is named in perfmail's words, and what it declares its description says, it does") {
  const perfmail::cli::application cli = perfmail::cli::make_application();
  std::size_t declared = 0;
  check_declarations(perfmail::cli::manual::describe(*cli.app), declared);
  // 19 options name every choice, 4 their default: the check above saw them all.
  CHECK(declared == 23);
}

TEST_CASE("a footer's blocks are laid out by their kind in --help and in the man page") {
  const perfmail::cli::application cli = perfmail::cli::make_application();
  const perfmail::cli::footer* blocks = perfmail::cli::footer_of("perfmail");
  REQUIRE(blocks != nullptr);
  CHECK(blocks->front().what == perfmail::cli::footer_block::kind::heading);
  // --help (80 columns off a terminal): a heading with its colon, an example indented by two, a list
  // item's continuation under its text, prose filled to the width.
  const std::string help = cli.app->help();
  CHECK(help.find("\nExamples:\n  perfmail compare base/matrix.json") != std::string::npos);
  CHECK(help.find("\n  2  trouble: a bad option, unreadable or invalid input, input above\n"
                  "     --max-input-size") != std::string::npos);
  CHECK(help.find("\nbisect answers git bisect run instead: 0 good, 1 bad, 125 cannot decide or this\n") !=
        std::string::npos);
  // The man page: a section a heading, the items one block shown as written, the prose as written.
  const perfmail::cli::manual::command_info root = perfmail::cli::manual::describe(*cli.app);
  const std::string page = perfmail::cli::manual::man_page(root, nullptr, "0");
  CHECK(page.find(".SH EXIT STATUS\n.PP\n.EX\n0  success\n1  a verdict") != std::string::npos);
  CHECK(page.find(".EE\n.PP\nbisect answers git bisect run instead") != std::string::npos);
  CHECK(page.find(".SH EXAMPLES\n.PP\n.EX\nperfmail compare") != std::string::npos);
}
