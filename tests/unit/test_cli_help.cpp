// What the options declare of their values (src/cli/declared_values.hpp) is what --help, the man pages
// and the completions show, and what they declare of their own descriptions is true of the words: --help
// leaves out the list of choices, or the `default:` note, only where the description says them already.

#include "footer.hpp"
#include "help.hpp"
#include "manual.hpp"

#include "perfmail/io/input_format.hpp"

#include <CLI/CLI.hpp>
#include <doctest/doctest.h>

#include <stdexcept>
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
  check_declarations(perfmail::cli::manual::describe(*cli.app, *cli.declared), declared);
  // 19 options name every choice, 4 their default: the check above saw them all.
  CHECK(declared == 23);
}

TEST_CASE("the checks an option is declared with are what describe_option shows, and they still check") {
  using namespace perfmail::cli;
  declared_values declared;
  CLI::App app{"checks declared", "test"};
  std::string colour = "auto";
  double alpha = 0.05;
  perfmail::io::input_format format{};
  std::string topic;
  std::string raw;
  add_value(declared, app, "--color", colour, "colours: auto, always, never")
      .check(one_of({"auto", "always", "never"}, {.every_choice = true}));
  add_value(declared, app, "--alpha", alpha, "the level").check(within(0.0, 1.0));
  add_value(declared, app, "--input-format", format, "how to read")
      .check(enum_choices(perfmail::io::input_format_names))
      .named("FORMAT");
  add_value(declared, app, "TOPIC", topic, "a topic").lists({"inputs", "tables"});
  app.add_option("--raw", raw, "declared to CLI11 alone");

  const manual::option_info colour_info = manual::describe_option(*app.get_option("--color"), declared);
  CHECK(colour_info.value == "NAME");  // text that takes one of names
  CHECK(colour_info.choices == std::vector<std::string>{"auto", "always", "never"});
  CHECK(colour_info.choices_described);
  CHECK(colour_info.checks.empty());

  const manual::option_info alpha_info = manual::describe_option(*app.get_option("--alpha"), declared);
  CHECK(alpha_info.value == "NUMBER");
  CHECK(alpha_info.choices.empty());
  CHECK(alpha_info.checks == std::vector<std::string>{"from 0 to 1"});

  const manual::option_info format_info = manual::describe_option(*app.get_option("--input-format"), declared);
  CHECK(format_info.value == "FORMAT");  // the option's own name comes before the choices'
  REQUIRE(format_info.choices.size() == perfmail::io::input_format_names.size());
  CHECK(format_info.choices.front() == perfmail::io::input_format_names.front().name);
  CHECK_FALSE(format_info.choices_described);

  const manual::option_info topic_info = manual::describe_option(*app.get_option("TOPIC"), declared);
  CHECK(topic_info.positional == "TOPIC");
  CHECK(topic_info.value == "NAME");
  CHECK(topic_info.choices == std::vector<std::string>{"inputs", "tables"});

  // An option that takes a value has words in --help only as it declared them.
  CHECK_THROWS_AS((void)manual::describe_option(*app.get_option("--raw"), declared), std::logic_error);

  // The declared checks are the ones CLI11 runs: a bad value is refused in perfmail's words, a good
  // one read (an enum's by its name).
  CHECK_THROWS_WITH_AS(app.parse("--alpha 2", false), "--alpha: \"2\" is not between 0 and 1", CLI::ValidationError);
  app.clear();
  CHECK_THROWS_WITH_AS(app.parse("--color blue", false), doctest::Contains("\"blue\" is not one of"),
                       CLI::ValidationError);
  app.clear();
  app.parse("--color never --alpha 0.5 --input-format csv inputs", false);
  CHECK(colour == "never");
  CHECK(alpha == 0.5);
  CHECK(format == perfmail::io::input_format::csv);
  // The listed names are not checked: the command judges them itself.
  app.clear();
  CHECK_NOTHROW(app.parse("anything", false));
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
  const perfmail::cli::manual::command_info root = perfmail::cli::manual::describe(*cli.app, *cli.declared);
  const std::string page = perfmail::cli::manual::man_page(root, nullptr, "0");
  CHECK(page.find(".SH EXIT STATUS\n.PP\n.EX\n0  success\n1  a verdict") != std::string::npos);
  CHECK(page.find(".EE\n.PP\nbisect answers git bisect run instead") != std::string::npos);
  CHECK(page.find(".SH EXAMPLES\n.PP\n.EX\nperfmail compare") != std::string::npos);
}
