// The man pages and the completions, from the CLI11 definitions (manual.hpp).

#include "manual.hpp"

#include "perfmail/text/utf8.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::cli::manual {

namespace {

// ---------------------------------------------------------------------------------------------------
// Reading CLI11's definitions.

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.emplace_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

/// The value's name and what perfmail's checks ask of it, as the option declared them: the choices
/// listed, every other check as a phrase (`from 0 to 1`, `above 0`), the same in --help, the man pages
/// and the completions.
void read_value(const declared_value& value, option_info& info) {
  info.value = value.shown_name();
  info.choices = value.choices;
  info.choices_described = value.description_tells.every_choice;
  info.default_described = value.description_tells.the_default;
  info.checks = value.checks;
}

std::vector<std::string> names_of(const std::set<CLI::Option*>& options) {
  std::vector<std::string> names;
  for (const CLI::Option* opt : options) names.push_back(opt->get_name());
  std::sort(names.begin(), names.end());  // a set of pointers has no stable order
  return names;
}

}  // namespace

option_info describe_option(const CLI::Option& opt, const declared_values& declared) {
  option_info info;
  if (opt.get_positional() && opt.get_snames().empty() && opt.get_lnames().empty()) {
    info.positional = opt.get_name(true);
  } else {
    for (const auto& s : opt.get_snames()) info.names.push_back("-" + s);
    for (const auto& l : opt.get_lnames()) info.names.push_back("--" + l);
  }
  if (opt.get_items_expected_max() > 0) read_value(declared.of(opt), info);
  info.description = opt.get_description();
  info.default_value = opt.get_default_str();
  info.needs = names_of(opt.get_needs());
  info.excludes = names_of(opt.get_excludes());
  info.required = opt.get_required();
  info.many = opt.get_items_expected_max() > 1 || opt.get_multi_option_policy() == CLI::MultiOptionPolicy::TakeAll;
  return info;
}

namespace {

bool shares_a_name(const option_info& a, const std::vector<option_info>& options) {
  for (const auto& b : options)
    for (const auto& name : a.names)
      if (std::find(b.names.begin(), b.names.end(), name) != b.names.end()) return true;
  return false;
}

command_info describe_command(const CLI::App& app, const declared_values& declared, const std::string& path,
                              const command_info* parent) {
  command_info info;
  info.name = app.get_name();
  info.path = path;
  info.description = app.get_description();
  if (const footer* blocks = footer_of(path)) info.footer = *blocks;
  for (const CLI::Option* opt : app.get_options()) {
    if (opt->get_group().empty()) continue;  // hidden
    option_info option = describe_option(*opt, declared);
    (option.positional.empty() ? info.options : info.positionals).push_back(std::move(option));
  }
  // With fallthrough, the options of the application are taken after a command's name too, where the
  // command has no option of the same name (its own --help).
  if (parent && app.get_fallthrough())
    for (const auto& option : parent->options)
      if (!shares_a_name(option, info.options)) info.inherited.push_back(option);
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_group().empty()) continue;  // hidden
    info.commands.push_back(describe_command(*sub, declared, path + " " + sub->get_name(), &info));
  }
  return info;
}

// ---------------------------------------------------------------------------------------------------
// roff

/// `text` for roff's input: backslashes and hyphen-minus escaped (`\-` stays an ASCII minus, so that
/// options and commands can be copied from the page), anything beyond ASCII as `\[uXXXX]` (roff reads
/// its input as Latin-1), and a line that would begin with a control character made text by `\&`.
std::string roff(std::string_view text) {
  std::string out;
  bool line_start = true;
  for (std::size_t i = 0; i < text.size();) {
    const perfmail::text::utf8_sequence seq = perfmail::text::decode_utf8(text, i);
    const std::uint32_t c = seq.valid() ? seq.code : 0xFFFD;
    i += seq.valid() ? seq.length : 1;
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    line_start = c == '\n';
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else if (c == '\n' || (c >= 0x20 && c < 0x7F)) {
      out += static_cast<char>(c);
    } else if (c >= 0x80) {
      out += fmt::format("\\[u{:04X}]", c);
    }  // other control characters have no place on a page
  }
  return out;
}

std::string upper(std::string_view text) {
  std::string out{text};
  for (char& ch : out) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return out;
}

/// A sentence: the text with a full stop, unless it ends with one (or another end of sentence).
std::string sentence(std::string_view text) {
  std::string out{text};
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (!out.empty() && out.back() != '.' && out.back() != '!' && out.back() != '?') out += '.';
  return out;
}

/// `compare`'s description as the NAME line has it: lower case first, unless it starts with a word in
/// capitals (`JSON ...`).
std::string name_line_description(std::string_view text) {
  std::string out{text};
  if (out.size() > 1 && std::isupper(static_cast<unsigned char>(out[0])) &&
      std::islower(static_cast<unsigned char>(out[1])))
    out[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[0])));
  while (!out.empty() && out.back() == '.') out.pop_back();
  return out;
}

std::string man_name(const std::string& path) {
  std::string name = path;
  std::replace(name.begin(), name.end(), ' ', '-');
  return name;
}

std::string option_heading(const option_info& option) {
  std::string out;
  if (!option.positional.empty()) {
    out = "\\fI" + roff(option.positional) + "\\fR";
  } else {
    for (const auto& name : option.names) out += (out.empty() ? "" : ", ") + ("\\fB" + roff(name) + "\\fR");
    if (!option.value.empty()) out += " \\fI" + roff(option.value) + "\\fR";
  }
  if (option.many) out += " ...";
  return out;
}

std::string option_entry(const option_info& option) {
  std::string out = ".TP\n" + option_heading(option) + "\n";
  if (!option.description.empty()) out += roff(sentence(option.description)) + "\n";
  if (!option.choices.empty()) {
    std::string choices;
    for (const auto& c : option.choices) choices += (choices.empty() ? "" : ", ") + ("\\fB" + roff(c) + "\\fR");
    out += "One of " + choices + ".\n";
  }
  for (const auto& check : option.checks) out += "The value: " + roff(sentence(check)) + "\n";
  if (!option.default_value.empty()) out += "Default: \\fB" + roff(option.default_value) + "\\fR.\n";
  const auto names = [](const std::vector<std::string>& list) {
    std::string text;
    for (const auto& n : list) text += (text.empty() ? "" : ", ") + ("\\fB" + roff(n) + "\\fR");
    return text;
  };
  if (!option.needs.empty()) out += "Needs " + names(option.needs) + ".\n";
  if (!option.excludes.empty()) out += "Not with " + names(option.excludes) + ".\n";
  if (option.many && option.positional.empty()) out += "May be given more than once.\n";
  return out;
}

/// A command's footer as sections of the page: a heading (`Examples`, `Exit status`) heads a section,
/// examples and list items are shown as they are written (a run of them one block), and text is filled.
/// Text before any heading goes under NOTES.
std::string footer_sections(const footer& blocks) {
  std::string out;
  bool in_section = false;
  for (std::size_t i = 0; i < blocks.size();) {
    const footer_block& b = blocks[i];
    if (b.what == footer_block::kind::heading) {
      out += ".SH " + roff(upper(b.lines.front())) + "\n";
      in_section = true;
      ++i;
      continue;
    }
    if (!in_section) {
      out += ".SH NOTES\n";
      in_section = true;
    }
    if (b.what == footer_block::kind::text) {
      for (const std::string& line : b.lines) out += roff(line) + "\n";
      ++i;
      continue;
    }
    // A run of examples and items: one block, as plain_text indents them, less their common indentation.
    std::size_t end = i;
    while (end < blocks.size() &&
           (blocks[end].what == footer_block::kind::example || blocks[end].what == footer_block::kind::item))
      ++end;
    const footer run(blocks.begin() + static_cast<std::ptrdiff_t>(i), blocks.begin() + static_cast<std::ptrdiff_t>(end));
    const std::vector<std::string> lines = split(plain_text(run), '\n');
    std::size_t indent = std::string::npos;
    for (const std::string& line : lines) indent = std::min(indent, line.find_first_not_of(' '));
    out += ".PP\n.EX\n";
    for (const std::string& line : lines) out += roff(std::string_view{line}.substr(std::min(indent, line.size()))) + "\n";
    out += ".EE\n";
    // Text after an example is a paragraph of its own.
    if (end < blocks.size() && blocks[end].what == footer_block::kind::text) out += ".PP\n";
    i = end;
  }
  return out;
}

std::string synopsis(const command_info& command) {
  std::string out = ".B " + roff(command.path) + "\n";
  if (!command.options.empty() || !command.inherited.empty()) out += "[\\fIOPTIONS\\fR]\n";
  if (!command.commands.empty()) out += "\\fICOMMAND\\fR [\\fIARGUMENTS\\fR]\n";
  for (const auto& p : command.positionals) {
    std::string word = "\\fI" + roff(p.positional) + "\\fR" + (p.many ? "..." : "");
    out += (p.required ? word : "[" + word + "]") + "\n";
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Completions

/// What follows an option on the command line, for completing it.
enum class value_kind { none, choices, files, other };

/// Whether `word` can be offered as it is by every shell: no quoting, no space, no glob.
bool plain_word(std::string_view word) {
  return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::string_view{"._+:/@%,=-"}.find(c) != std::string_view::npos;
  });
}

value_kind kind_of(const option_info& option) {
  if (option.value.empty()) return value_kind::none;
  if (!option.choices.empty() &&
      std::all_of(option.choices.begin(), option.choices.end(), [](const std::string& c) { return plain_word(c); }))
    return value_kind::choices;
  // Numbers have nothing to offer; anything else may well be a path (inputs, -o).
  static constexpr std::string_view numbers[] = {"NUMBER", "N", "SIZE", "BOOLEAN"};
  if (std::find(std::begin(numbers), std::end(numbers), option.value) != std::end(numbers)) return value_kind::other;
  return value_kind::files;
}

std::string joined(const std::vector<std::string>& words, std::string_view separator = " ") {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : std::string{separator}) + w;
  return out;
}

std::vector<std::string> command_names(const command_info& root) {
  std::vector<std::string> names;
  for (const auto& c : root.commands) names.push_back(c.name);
  return names;
}

/// A description short enough for a completion menu: up to the first `; `, and at most 70 characters.
std::string short_description(std::string_view text) {
  std::string out{text.substr(0, text.find("; "))};
  if (out.size() > 70) {
    std::size_t cut = out.rfind(' ', 67);
    if (cut == std::string::npos) cut = 67;
    out = out.substr(0, cut) + "...";
  }
  return out;
}

/// `text` in single quotes for a POSIX shell (bash and zsh).
std::string sh_quoted(std::string_view text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string{"'\\''"} : std::string(1, c);
  return out + "'";
}

/// `text` in single quotes for fish, where a backslash escapes too.
std::string fish_quoted(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

/// The global options that take a value: the completions skip their values to find the command.
std::vector<std::string> global_value_options(const command_info& root) {
  std::vector<std::string> names;
  for (const auto& option : root.options)
    if (!option.value.empty()) names.insert(names.end(), option.names.begin(), option.names.end());
  return names;
}

/// A case of _perfmail_value for `option` of `command`; an empty `command` is the application, whose
/// options are taken with any command (`*`) or none.
std::string bash_value_case(const std::string& command, const option_info& option) {
  std::vector<std::string> patterns;
  for (const auto& name : option.names)
    patterns.push_back(command.empty() ? "*" + sh_quoted(" " + name) : sh_quoted(command + " " + name));
  std::string action;
  switch (kind_of(option)) {
    case value_kind::none: return {};
    case value_kind::choices: action = "echo " + sh_quoted("choices " + joined(option.choices)); break;
    case value_kind::files: action = "echo files"; break;
    case value_kind::other: action = "echo other"; break;
  }
  return fmt::format("    {}) {} ;;\n", joined(patterns, "|"), action);
}

std::string bash_positional(const command_info& command) {
  for (const auto& p : command.positionals) {
    switch (kind_of(p)) {
      case value_kind::choices: return "choices " + joined(p.choices);
      case value_kind::other: return "other";
      default: return "files";
    }
  }
  return "other";
}

std::string all_names(const std::vector<option_info>& options) {
  std::vector<std::string> names;
  for (const auto& option : options) names.insert(names.end(), option.names.begin(), option.names.end());
  return joined(names);
}

std::string zsh_spec_value(const option_info& option) {
  const std::string message = option.value;
  switch (kind_of(option)) {
    case value_kind::none: return {};
    case value_kind::choices: return ":" + message + ":(" + joined(option.choices) + ")";
    case value_kind::files: return ":" + message + ":_files";
    case value_kind::other: return ":" + message + ": ";
  }
  return {};
}

/// An explanation in an _arguments spec: brackets and backslashes escaped.
std::string zsh_explanation(std::string_view text) {
  std::string out;
  for (char c : short_description(text)) {
    if (c == '[' || c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

/// The _arguments specs of `options`: `--dialect=[table layout]:ENUM:(classic modern current)`, each name
/// excluding the option's other names; help and version end the command line.
std::vector<std::string> zsh_specs(const std::vector<option_info>& options) {
  std::vector<std::string> specs;
  for (const auto& option : options) {
    const bool ends_line = std::find(option.names.begin(), option.names.end(), "--help") != option.names.end() ||
                           std::find(option.names.begin(), option.names.end(), "--version") != option.names.end();
    std::string exclusion;
    if (ends_line) exclusion = "(- *)";
    else if (option.names.size() > 1 && !option.many) exclusion = "(" + joined(option.names) + ")";
    for (const auto& name : option.names) {
      // A value after `=` or as the next word for a long option, attached or next for a short one.
      const std::string form = option.value.empty() ? name : name + (name.size() == 2 ? "+" : "=");
      specs.push_back(sh_quoted((option.many ? "*" : "") + exclusion + form + "[" + zsh_explanation(option.description) +
                                "]" + zsh_spec_value(option)));
    }
  }
  return specs;
}

std::vector<std::string> zsh_positional_specs(const command_info& command) {
  std::vector<std::string> specs;
  int index = 1;
  for (const auto& p : command.positionals) {
    std::string action = zsh_spec_value(p);
    if (action.empty()) action = ":" + p.positional + ":_files";
    if (p.many) specs.push_back(sh_quoted("*" + action));
    else specs.push_back(sh_quoted(std::to_string(index) + (p.required ? "" : ":") + action));
    ++index;
  }
  return specs;
}

std::string fish_condition(const std::string& command) {
  return command.empty() ? "'not __perfmail_command >/dev/null'" : fish_quoted("__perfmail_using " + command);
}

std::string fish_option(const std::string& command, const option_info& option) {
  std::string line = "complete -c perfmail -n " + fish_condition(command);
  for (const auto& name : option.names) {
    if (name.size() == 2) line += " -s " + name.substr(1);
    else if (name.rfind("--", 0) == 0) line += " -l " + name.substr(2);
    else line += " -o " + name.substr(1);
  }
  switch (kind_of(option)) {
    case value_kind::none: break;
    case value_kind::choices: line += " -x -a " + fish_quoted(joined(option.choices)); break;
    case value_kind::files: line += " -r -F"; break;
    case value_kind::other: line += " -x"; break;
  }
  return line + " -d " + fish_quoted(short_description(option.description)) + "\n";
}

}  // namespace

command_info describe(const CLI::App& app, const declared_values& declared) {
  return describe_command(app, declared, app.get_name(), nullptr);
}

std::string man_page(const command_info& root, const command_info* command, const std::string& version) {
  const command_info& page = command ? *command : root;
  std::string description = page.description;
  // The application's description starts with its name (`perfmail: ...`), as its --help shows it.
  if (description.rfind(root.name + ": ", 0) == 0) description = description.substr(root.name.size() + 2);

  std::string out = ".\\\" " + man_name(page.path) +
                    "(1), written by perfmail_manual from the command-line definitions (src/cli): do not edit.\n";
  out += fmt::format(".TH {} 1 \"\" \"{}\" \"User Commands\"\n", roff(upper(man_name(page.path))), roff(root.name + " " + version));
  out += ".nh\n.ad l\n";  // names and options are not hyphenated, nor text stretched around them
  out += ".SH NAME\n" + roff(man_name(page.path)) + " \\- " + roff(name_line_description(description)) + "\n";
  out += ".SH SYNOPSIS\n" + synopsis(page);
  out += ".SH DESCRIPTION\n" + roff(sentence(description)) + "\n";
  if (!page.commands.empty()) {
    out += ".SH COMMANDS\n";
    for (const auto& c : page.commands)
      out += ".TP\n.B " + roff(c.name) + "\n" + roff(sentence(c.description)) + "\nSee \\fB" + roff(man_name(c.path)) +
             "\\fR(1).\n";
  }
  if (!page.positionals.empty()) {
    out += ".SH ARGUMENTS\n";
    for (const auto& p : page.positionals) out += option_entry(p);
  }
  if (!page.options.empty()) {
    out += ".SH OPTIONS\n";
    for (const auto& o : page.options) out += option_entry(o);
  }
  if (!page.inherited.empty()) {
    out += ".SH GLOBAL OPTIONS\nThe options of \\fB" + roff(root.name) + "\\fR(1), also taken after the command's name:\n";
    for (const auto& o : page.inherited) out += option_entry(o);
  }
  out += footer_sections(page.footer);
  out += ".SH SEE ALSO\n";
  if (command) {
    out += ".BR " + roff(root.name) + " (1)\n";
  } else {
    for (std::size_t i = 0; i < root.commands.size(); ++i)
      out += ".BR " + roff(man_name(root.commands[i].path)) + " (1)" + (i + 1 < root.commands.size() ? "," : "") + "\n";
  }
  return out;
}

/// The bash completion script, its parts filled in by bash_completion: the cases of option values
/// (`values`), of positionals (`positionals`) and of each command's options (`commands_options`), the
/// global options that take a value (`skip`), all global options (`globals`) and the commands.
constexpr std::string_view bash_completion_script = R"(# bash completion for {root}, written by perfmail_manual from its command-line definitions: do not edit.

# What follows option $2 of command $1 ("" before the command): "choices WORD...", "files", "other"
# (nothing to offer), or nothing for a flag.
_{root}_value() {{
  case "$1 $2" in
{values}  esac
}}

# What the command's next argument that is not an option can be.
_{root}_positional() {{
  case "$1" in
{positionals}    *) echo other ;;
  esac
}}

_{root}() {{
  local cur=${{COMP_WORDS[COMP_CWORD]}} prev="" option="" command="" kind words i
  ((COMP_CWORD > 0)) && prev=${{COMP_WORDS[COMP_CWORD - 1]}}
  # The command: the first word that is not an option, a global option's value aside.
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "${{COMP_WORDS[i]}}" in
      {skip}) [[ ${{COMP_WORDS[i + 1]}} == "=" ]] && ((i++)); ((i++)) ;;
      -*) ;;
      *) command=${{COMP_WORDS[i]}}; break ;;
    esac
  done
  # The option whose value is being typed: readline splits "--option=value" at "=".
  if [[ $cur == "=" ]]; then
    option=$prev
    cur=""
  elif [[ $prev == "=" ]] && ((COMP_CWORD > 1)); then
    option=${{COMP_WORDS[COMP_CWORD - 2]}}
  elif [[ $prev == -* ]]; then
    option=$prev
  fi
  if [[ -n $option ]]; then
    kind=$(_{root}_value "$command" "$option")
    [[ -z $kind ]] && option=""
  fi
  if [[ -z $option && $cur == -* ]]; then
    case "$command" in
{commands_options}      *) words={globals} ;;
    esac
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
    return 0
  fi
  if [[ -z $option && -z $command ]]; then
    COMPREPLY=($(compgen -W {commands} -- "$cur"))
    return 0
  fi
  [[ -z $option ]] && kind=$(_{root}_positional "$command")
  case "$kind" in
    choices\ *) COMPREPLY=($(compgen -W "${{kind#choices }}" -- "$cur")) ;;
    files)
      compopt -o filenames 2>/dev/null
      # One name a line: a name with a space (or a `*`) stays one word, never split or expanded.
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      ;;
    *) COMPREPLY=() ;;
  esac
  return 0
}}

complete -F _{root} {root}
)";

std::string bash_completion(const command_info& root) {
  std::string values;
  for (const auto& option : root.options) values += bash_value_case("", option);
  std::string commands_options;
  std::string positionals;
  for (const auto& command : root.commands) {
    for (const auto& option : command.options) values += bash_value_case(command.name, option);
    commands_options += fmt::format("    {}) words={} ;;\n", sh_quoted(command.name),
                                    sh_quoted(all_names(command.options) + " " + all_names(command.inherited)));
    positionals += fmt::format("    {}) echo {} ;;\n", sh_quoted(command.name), sh_quoted(bash_positional(command)));
  }
  std::string skip;
  for (const auto& name : global_value_options(root)) skip += (skip.empty() ? "" : "|") + sh_quoted(name);

  return fmt::format(
      bash_completion_script,
      fmt::arg("root", root.name), fmt::arg("values", values), fmt::arg("positionals", positionals),
      fmt::arg("skip", skip.empty() ? "--" : skip), fmt::arg("commands_options", commands_options),
      fmt::arg("globals", sh_quoted(all_names(root.options))), fmt::arg("commands", sh_quoted(joined(command_names(root)))));
}

std::string zsh_completion(const command_info& root) {
  std::string described;
  for (const auto& c : root.commands) {
    std::string name_escaped;
    for (char ch : c.name) name_escaped += ch == ':' ? std::string{"\\:"} : std::string(1, ch);
    described += "    " + sh_quoted(name_escaped + ":" + short_description(c.description)) + "\n";
  }
  std::string cases;
  for (const auto& command : root.commands) {
    std::vector<std::string> specs = zsh_specs(command.options);
    const std::vector<std::string> inherited = zsh_specs(command.inherited);
    specs.insert(specs.end(), inherited.begin(), inherited.end());
    const std::vector<std::string> positional = zsh_positional_specs(command);
    specs.insert(specs.end(), positional.begin(), positional.end());
    cases += fmt::format("      {})\n        _arguments -s -S : \\\n          {} && ret=0\n        ;;\n", sh_quoted(command.name),
                         joined(specs, " \\\n          "));
  }
  return fmt::format(
      R"(#compdef {root}
# zsh completion for {root}, written by perfmail_manual from its command-line definitions: do not edit.

_{root}_commands() {{
  local -a commands=(
{described}  )
  _describe -t commands command commands
}}

_{root}() {{
  local curcontext=$curcontext state state_descr line ret=1
  typeset -A opt_args
  _arguments -s -S -C : \
    {globals} \
    '1:command:_{root}_commands' \
    '*::argument:->command' && ret=0
  if [[ $state == command ]]; then
    curcontext=${{curcontext%:*:*}}:{root}-$words[1]:
    case $words[1] in
{cases}    esac
  fi
  return ret
}}

_{root} "$@"
)",
      fmt::arg("root", root.name), fmt::arg("described", described), fmt::arg("cases", cases),
      fmt::arg("globals", joined(zsh_specs(root.options), " \\\n    ")));
}

std::string fish_completion(const command_info& root) {
  std::string skip;
  for (const auto& name : global_value_options(root)) skip += " " + fish_quoted(name);
  std::string out = fmt::format(
      R"(# fish completion for {root}, written by perfmail_manual from its command-line definitions: do not edit.

# The command: the first word that is not an option, a global option's value aside.
function __{root}_command
    set -l words (commandline -opc)
    set -e words[1]
    set -l skip 0
    for word in $words
        if test $skip = 1
            set skip 0
            continue
        end
        switch $word
            case{skip}
                set skip 1
            case '-*'
            case '*'
                echo $word
                return 0
        end
    end
    return 1
end

function __{root}_using
    set -l command (__{root}_command)
    and test "$command" = $argv[1]
end

# Files only where an argument or an option takes a path.
complete -c {root} -f
)",
      fmt::arg("root", root.name), fmt::arg("skip", skip.empty() ? " --" : skip));
  for (const auto& c : root.commands)
    out += "complete -c " + root.name + " -n " + fish_condition("") + " -a " + fish_quoted(c.name) + " -d " +
           fish_quoted(short_description(c.description)) + "\n";
  for (const auto& option : root.options) out += fish_option("", option);
  for (const auto& command : root.commands) {
    out += "\n";
    for (const auto& option : command.options) out += fish_option(command.name, option);
    for (const auto& option : command.inherited) out += fish_option(command.name, option);
    for (const auto& p : command.positionals) {
      const std::string condition = fish_condition(command.name);
      switch (kind_of(p)) {
        case value_kind::choices: out += "complete -c " + root.name + " -n " + condition + " -a " + fish_quoted(joined(p.choices)) + "\n"; break;
        case value_kind::other: break;
        default: out += "complete -c " + root.name + " -n " + condition + " -F\n"; break;
      }
    }
  }
  return out;
}

}  // namespace perfmail::cli::manual
