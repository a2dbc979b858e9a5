// The command line's one definition, its help command, its suggestions and --version (help.hpp).

#include "help.hpp"

#include "footer.hpp"

#include "help_format.hpp"
#include "output.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/text/nearest_name.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/version.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <system_error>
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
    throw CLI::ValidationError(option, fmt::format("{} {}", text::quoted(text), why));
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


/// The commands of `app`, in the order they were defined, with their aliases.
std::vector<std::string_view> command_names(const CLI::App& app) {
  std::vector<std::string_view> names;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_group().empty()) continue;  // hidden
    names.emplace_back(sub->get_name());
    for (const auto& alias : sub->get_aliases()) names.emplace_back(alias);
  }
  return names;
}

/// The command of `app` named `name` (or by an alias), or null.
const CLI::App* command_named(const CLI::App& app, std::string_view name) {
  for (const CLI::App* sub : app.get_subcommands({}))
    if (sub->check_name(std::string{name})) return sub;
  return nullptr;
}

/// Every name an option of `app` is given by on the command line (`-o`, `--output`, `--no-testcase-first`),
/// hidden options and positional arguments aside.
void add_option_names(const CLI::App& app, std::vector<std::string>& names) {
  for (const CLI::Option* opt : app.get_options()) {
    if (opt->get_group().empty()) continue;  // hidden
    for (const auto& s : opt->get_snames()) names.push_back("-" + s);
    for (const auto& l : opt->get_lnames()) names.push_back("--" + l);
  }
}

/// Whether `arg` is meant as an option: a dash and something, but not `-` (standard input), `--` or a
/// negative number.
bool looks_like_option(std::string_view arg) {
  if (arg.size() < 2 || arg[0] != '-' || arg == "--") return false;
  const char next = arg[1] == '-' ? (arg.size() > 2 ? arg[2] : '\0') : arg[1];
  return !(std::isdigit(static_cast<unsigned char>(next)) || next == '.');
}

/// `unknown option "--dialcet" for compare; did you mean "--dialect"?`, for `arg` given to `command`
/// (null: before any command). The options of a command include the global ones, which may follow it.
std::string unknown_option_message(const CLI::App& app, const CLI::App* command, std::string_view arg) {
  const std::string_view name = arg.substr(0, arg.find('='));
  std::vector<std::string> names;
  if (command) add_option_names(*command, names);
  add_option_names(app, names);
  const std::vector<std::string_view> candidates(names.begin(), names.end());
  const std::string where = command ? " for " + command->get_name() : std::string{};
  const std::string_view meant = suggestion(name, candidates);
  if (!meant.empty())
    return fmt::format("unknown option {}{}; did you mean {}?", text::quoted(name), where, text::quoted(meant));
  const std::string help = command ? fmt::format("{} {} --help", app.get_name(), command->get_name())
                                   : fmt::format("{} --help", app.get_name());
  return fmt::format("unknown option {}{} (see {})", text::quoted(name), where, help);
}

/// A document of perfmail's that `perfmail help TOPIC` prints.
struct help_topic {
  std::string_view name;
  std::string_view file;
  std::string_view about;
};

constexpr std::array<help_topic, 10> help_topics{{
    {"inputs", "INPUTS.md", "the results perfmail reads: the robot's and other benchmark tools'"},
    {"tables", "TABLES.md", "the comparison tables, their dialects and options"},
    {"statistics", "STATISTICS.md", "the robot's rules and the tests beside them, with their limits"},
    {"document", "REPORT.md", "every field of a report document"},
    {"plots", "PLOTS.md", "the trend plots, gnuplot's looks and the terminal's"},
    {"commits", "HISTORY.md", "change points over a history of commits, and git bisect run"},
    {"cli", "CLI.md", "exit statuses, gating and the mail options"},
    {"reliability", "RELIABILITY.md", "what perfmail promises about bad input and its output"},
    {"format", "FORMAT.md", "the report email of 2017 and 2018, to the character"},
    {"format-current", "FORMAT-current.md", "what differs in the emails of 2020 to today"},
}};

/// Where the documents are: installed beside the tool (`<prefix>/bin/perfmail` and
/// `<prefix>/share/doc/perfmail`, wherever the prefix was moved), where the build said they would be
/// installed, and the source tree of a build that was not installed.
std::vector<std::filesystem::path> document_directories() {
  std::vector<std::filesystem::path> dirs;
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) dirs.push_back(self.parent_path().parent_path() / "share" / "doc" / "perfmail");
  dirs.emplace_back(PERFMAIL_DOC_DIR);
  dirs.emplace_back(PERFMAIL_SOURCE_DOC_DIR);
  return dirs;
}

/// The help command: `perfmail help` prints what `perfmail --help` does, `perfmail help COMMAND` what
/// `perfmail COMMAND --help` does, and `perfmail help TOPIC` one of the documents.
/// What `perfmail help --help` says below the options: the topics, and where their documents are now
/// (installed, or only in the source tree this tool was built from: a build that was never installed
/// has nothing in the install directory).
footer help_footer() {
  footer blocks{heading("Examples"), example({"perfmail help compare"}), prose({"prints what 'perfmail compare --help' does;"}),
                example({"perfmail help statistics | less"}), prose({"prints the document of the statistics."}),
                heading("Topics")};
  for (const help_topic& topic : help_topics) blocks.push_back(item(std::string{topic.name}, 16, std::string{topic.about}));
  std::string where;
  for (const std::filesystem::path& dir : document_directories()) {
    std::error_code error;
    if (std::filesystem::is_directory(dir, error)) {
      where = text::printable(dir.string());
      break;
    }
  }
  const std::string installed = fmt::format("`cmake --install` puts them in {}", text::printable(PERFMAIL_DOC_DIR));
  blocks.push_back(prose({where.empty() ? fmt::format("The documents are not on this machine; {}.", installed)
                         : where == text::printable(PERFMAIL_DOC_DIR)
                             ? fmt::format("The documents are in {}.", where)
                             : fmt::format("The documents are in {} ({}).", where, installed)}));
  return blocks;
}

/// Prints a topic's document, from the first place it is found.
int print_document(const help_topic& topic) {
  std::string looked;
  for (const auto& dir : document_directories()) {
    const std::filesystem::path path = dir / topic.file;
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) {
      looked += (looked.empty() ? "" : ", ") + text::printable(path.string());
      continue;
    }
    write_stdout(io::read_text(path.string(), input_limits().max_file_bytes));
    return exit_ok;
  }
  throw usage_error(fmt::format("help {}: {} is not installed (looked for it in {}); it is docs/{} of perfmail's "
                                "source",
                                topic.name, topic.file, looked, topic.file));
}

/// Refuses a name that is neither a command nor a topic, with the nearest one or the lists of both.
[[noreturn]] void unknown_help_name(const CLI::App& app, const std::string& name) {
  std::vector<std::string_view> topic_names;
  for (const help_topic& topic : help_topics) topic_names.push_back(topic.name);
  std::vector<std::string_view> known = command_names(app);
  known.insert(known.end(), topic_names.begin(), topic_names.end());
  if (const std::string hint = did_you_mean(name, known); !hint.empty())
    throw usage_error(fmt::format("unknown command or topic {}{}", text::quoted(name), hint));
  throw usage_error(fmt::format("unknown command or topic {}; the commands are {}; the topics are {}",
                                text::quoted(name), listed(command_names(app)), listed(topic_names)));
}

command_action add_help_command(CLI::App& app, declared_values& declared) {
  auto* cmd = app.add_subcommand("help", "Print the help of perfmail, of COMMAND as COMMAND --help does, or a document");
  set_footer(*cmd, help_footer());
  auto name = std::make_shared<std::string>();
  std::vector<std::string> names;
  for (const std::string_view command : command_names(app)) names.emplace_back(command);
  for (const help_topic& topic : help_topics) names.emplace_back(topic.name);
  // The commands and topics are listed, for --help and the completions (manual.cpp), and no name is
  // checked: the action refuses an unknown one in the words a mistyped command gets.
  add_value(declared, *cmd, "COMMAND", *name, "the command whose options to show, or the TOPIC of a document")
      .lists(std::move(names));
  return [&app, name] {
    if (name->empty()) {
      write_stdout(help_text(app));
      return exit_ok;
    }
    if (const CLI::App* command = command_named(app, *name)) {
      write_stdout(help_text(*command));
      return exit_ok;
    }
    for (const help_topic& topic : help_topics)
      if (topic.name == *name) return print_document(topic);
    unknown_help_name(app, *name);
  };
}

}  // namespace

/// The options every command takes: the input limits and the input format.
void declare_global_options(CLI::App& app, declared_values& declared) {
  auto& limits = input_limits();
  CLI::Option* input_size = app.add_option_function<std::string>(
      "--max-input-size",
      [&limits](const std::string& v) {
        limits.max_file_bytes = parse_limit("--max-input-size", v, largest_input_limit, true);
      },
      "refuse an input (a file, standard input, a pipe) larger than this many bytes; suffixes k, m, g, t "
      "(powers of 1024) are accepted (default 1g)");
  declared.declare(*input_size, value_type::text).named("SIZE");
  CLI::Option* runs = app.add_option_function<std::string>(
      "--max-runs",
      [&limits](const std::string& v) { limits.max_runs = parse_limit("--max-runs", v, largest_runs_limit, false); },
      "refuse a metric or a plot set with more samples than this (default 100000)");
  declared.declare(*runs, value_type::text).named("N");
  add_value(declared, app, "--input-format", limits.format,
                 "how to read results files: auto (from the content; refuses ambiguous content), matrix, gbench "
                 "(Google Benchmark JSON), hyperfine, go (Go benchmark text), pytest (pytest-benchmark JSON), "
                 "csv, tsv or numbers (perfmail help inputs)")
      .check(enum_choices(io::input_format_names, {.every_choice = true}))
      .named("FORMAT")
      ->default_str("auto");
}

/// What `perfmail --help` says below the commands: examples, the documents, and the exit statuses.
footer application_footer() {
  static_assert(exit_cannot_write == exit_bad_input, "the exit status list below has one line for both");
  const auto status = [](int code, std::string meaning) { return item(std::to_string(code), 3, std::move(meaning)); };
  return {heading("Examples"),
          example({"perfmail compare base/matrix.json head/matrix.json --dialect classic"}),
          example({"perfmail plot --good base.txt --bad head.txt --title fio.write_bw_MBps"}),
          example({"perfmail report report.json --format mbox"}),
          prose({"Run 'perfmail help COMMAND' (or 'perfmail COMMAND --help') for the options of one command; the man",
                "pages perfmail(1) and perfmail-COMMAND(1) say the same. 'perfmail help TOPIC' prints a document",
                "(inputs, tables, statistics, document, plots, commits; 'perfmail help help' lists them all).",
                "The documents and the examples to try (examples/report.json, examples/data/base/matrix.json) are",
                fmt::format("installed in {}.", PERFMAIL_DOC_DIR)}),
          heading("Exit status"),
          status(exit_ok, "success"),
          status(exit_verdict, "a verdict that --fail-on names was found (a regression, a change)"),
          status(exit_bad_input, "trouble: a bad option, unreadable or invalid input, input above --max-input-size or "
                                 "--max-runs, or output that could not be written"),
          status(exit_failure, "an internal error or no memory left (a bug: please report it)"),
          prose({fmt::format("bisect answers git bisect run instead: 0 good, 1 bad, {} cannot decide or this commit's "
                            "build or",
                            exit_bisect_skip),
                fmt::format("command fails (git skips it), {} trouble no commit can fix (git stops the bisection).",
                            exit_bisect_abort)})};
}

application make_application() {
  application result;
  // Named, so that the usage lines say `perfmail` whatever path the binary was run by.
  result.app = std::make_unique<CLI::App>(
      "perfmail: performance-change reports in the style of the Linux kernel test robot", "perfmail");
  CLI::App& app = *result.app;
  // Before any command is added: each takes its parent's formatter.
  app.formatter(make_help_formatter(result.declared));
  app.set_version_flag("--version", [] { return version_text(); }, "print the version and the libraries it was built with");
  app.require_subcommand(1);
  app.fallthrough();  // the global options below may also follow the command's name
  declare_global_options(app, *result.declared);
  set_footer(app, application_footer());
  auto add = [&](command_action (*registrar)(CLI::App&, declared_values&)) {
    const auto before = app.get_subcommands({}).size();
    auto action = registrar(app, *result.declared);
    result.commands.emplace_back(app.get_subcommands({}).at(before), std::move(action));
  };
  add(add_summary_command);
  add(add_plot_command);
  add(add_compare_command);
  add(add_report_command);
  add(add_history_command);
  {
    const auto before = app.get_subcommands({}).size();
    auto action = add_bisect_command(app, *result.declared, result.after_separator);
    result.commands.emplace_back(app.get_subcommands({}).at(before), std::move(action));
  }
  add(add_help_command);
  return result;
}

std::string help_text(const CLI::App& command) {
  // What App::help does for the command selected last, without its delegation to a selected command
  // (the help command is selected when it asks): the usage names the command by its path.
  std::string path = command.get_name();
  for (const CLI::App* parent = command.get_parent(); parent; parent = parent->get_parent())
    path = parent->get_name() + " " + path;
  return command.get_formatter()->make_help(&command, path, CLI::AppFormatMode::Normal);
}

std::string version_text() {
  // One line a library and version, naming the parts that were compiled with it: two lines for one
  // library say that the parts saw different versions of it.
  std::map<std::pair<std::string_view, std::string_view>, std::vector<std::string_view>> parts;
  std::vector<std::pair<std::string_view, std::string_view>> order;
  const auto add = [&](std::string_view part, const library_version& library) {
    const std::pair key{library.name, library.version};
    auto& users = parts[key];
    if (users.empty()) order.push_back(key);
    users.push_back(part);
  };
  static const std::string fmt_version =
      fmt::format("{}.{}.{}", FMT_VERSION / 10000, FMT_VERSION / 100 % 100, FMT_VERSION % 100);
  add("the command", {"fmt", fmt_version});
  add("the command", {"CLI11", CLI11_VERSION});
  for (const auto& library : built_with()) add("perfmail::perfmail", library);
  for (const auto& library : io::built_with()) add("perfmail::io", library);

  std::string out = fmt::format("{}\nBuilt with:\n", version_string);
  for (const auto& key : order) {
    std::string users;
    for (const auto part : parts[key]) users += (users.empty() ? "" : ", ") + std::string{part};
    out += fmt::format("  {} {}: {}\n", key.first, key.second, users);
  }
#if defined(__clang__)
  out += fmt::format("Compiler: Clang {}.{}.{}\n", __clang_major__, __clang_minor__, __clang_patchlevel__);
#elif defined(__GNUC__)
  out += fmt::format("Compiler: GCC {}.{}.{}\n", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#endif
  out.pop_back();  // CLI11 ends the text with a newline of its own
  return out;
}

std::string not_one_of(std::string_view value, std::span<const std::string_view> names) {
  std::string out = text::quoted(value) + " is not one of " + listed(names, " or ");
  if (const std::string_view nearest = suggestion(value, names); !nearest.empty())
    out += "; did you mean " + text::quoted(nearest) + "?";
  return out;
}

value_check one_of(std::vector<std::string> names, told_by_description description_tells) {
  value_check check{.choices = std::move(names), .description_tells = description_tells};
  check.validator = CLI::Validator(
      [names = check.choices](const std::string& value) -> std::string {
        if (std::find(names.begin(), names.end(), value) != names.end()) return {};
        const std::vector<std::string_view> views(names.begin(), names.end());
        return not_one_of(value, views);
      },
      "");
  return check;
}


std::string unknown_command_message(const CLI::App& app, std::string_view word) {
  const std::vector<std::string_view> names = command_names(app);
  const std::string_view meant = suggestion(word, names);
  if (!meant.empty()) return fmt::format("unknown command {}; did you mean {}?", text::quoted(word), text::quoted(meant));
  return fmt::format("unknown command {}; the commands are {}", text::quoted(word), listed(names));
}

/// Whether every value given to `opt` reads as its type (an option of whole or real numbers; any other
/// takes text as it is, and a flag any value it is given).
bool converts(const CLI::Option& opt, const declared_values& declared) {
  if (opt.get_items_expected_max() == 0) return true;
  const value_type type = declared.of(opt).type;
  for (const std::string& value : opt.results()) {
    if (type == value_type::whole_number && std::holds_alternative<std::string>(option_number<long long>(value)))
      return false;
    if (type == value_type::number && std::holds_alternative<std::string>(option_number<double>(value)))
      return false;
  }
  return true;
}

std::string parse_error_message(const CLI::App& app, const declared_values& declared, const CLI::ParseError& error) {
  const CLI::App* command = nullptr;
  for (const CLI::App* sub : app.get_subcommands()) command = sub;
  // What nothing took, in order (with fallthrough, a command's unknown options land in the application).
  for (const std::string& arg : app.remaining(true)) {
    if (looks_like_option(arg)) return unknown_option_message(app, command, arg);
    if (!command) return unknown_command_message(app, arg);
    break;  // an argument too many for the command: CLI11 says so
  }
  // The error's kind says what went wrong; the options and the arguments left over say where (CLI11's
  // own wording is never read).
  const CLI::App& parsed = command ? *command : app;
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error) != nullptr)
    for (const CLI::Option* opt : parsed.get_options()) {
      const std::size_t given = opt->results().size();
      if (given > 0 && given < static_cast<std::size_t>(std::max(opt->get_items_expected_min(), 0)))
        return fmt::format("{}: {} given, at least {} needed (see --help)", printable_message(opt->get_name()), given,
                           opt->get_items_expected_min());
    }
  if (dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr) {
    std::string extras;
    for (const std::string& arg : app.remaining(true)) extras += (extras.empty() ? "" : " ") + arg;
    return fmt::format("{}: {} given that no option or argument takes (an option takes one value each time it "
                       "is given; see --help)",
                       parsed.get_name(), printable_message(extras));
  }
  if (dynamic_cast<const CLI::RequiredError*>(&error) != nullptr)
    for (const CLI::Option* opt : parsed.get_options())
      if (opt->get_required() && opt->count() == 0)
        return fmt::format("{} is required (see --help)", printable_message(opt->get_name()));
  // A value no validator checked first that did not convert to its option's type.
  if (dynamic_cast<const CLI::ConversionError*>(&error) != nullptr)
    for (const CLI::Option* opt : parsed.get_options())
      if (!opt->results().empty() && !converts(*opt, declared))
        return fmt::format("{}: {} is not a value it takes (see --help)", printable_message(opt->get_name()),
                           text::quoted(opt->results().back()));
  const std::string what = error.what();
  return fmt::format("{} (see --help)", printable_message(what));
}

}  // namespace perfmail::cli
