// How --help looks (help_format.hpp).

#include "help_format.hpp"

#include "manual.hpp"
#include "terminal.hpp"

#include "perfmail/text/utf8.hpp"
#include "perfmail/text/wrap.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::cli {

namespace {

using text::columns_of;

class help_formatter : public CLI::Formatter {
 public:
  std::string make_option(const CLI::Option* opt, bool /*is_positional*/) const override {
    const manual::option_info info = manual::describe_option(*opt);
    const auto width = static_cast<std::size_t>(help_width());
    const std::size_t column = std::clamp<std::size_t>(width / 3, 16, 30);

    std::vector<std::string> notes;
    std::string left = "  ";
    if (!info.positional.empty()) {
      left += info.positional;
    } else {
      left += listed(info.names, ", ", ", ");
      if (!info.value.empty()) {
        const std::string choices = listed(info.choices, "|", "|");
        const bool choices_shown = !info.choices.empty() && choices.size() <= 40 &&
                                   columns_of(left) + 1 + choices.size() + (info.many ? 4 : 0) <= width;
        left += " " + (choices_shown ? choices : info.value);
        // Choices too many for the names' line are listed after the description, unless it names
        // each of them already (as the option's check declares).
        if (!info.choices.empty() && !choices_shown && !info.choices_described)
          notes.push_back("one of " + listed(info.choices, " or ", ", "));
      }
    }
    if (info.many) left += " ...";

    for (const auto& check : info.checks) notes.push_back(check);
    if (!info.value.empty() && !info.default_value.empty() && !info.default_described)
      notes.push_back("default: " + info.default_value);
    if (!info.needs.empty()) notes.push_back("needs " + listed(info.needs, " and ", ", "));
    if (!info.excludes.empty()) notes.push_back("not with " + listed(info.excludes, " or ", ", "));
    std::string description = info.description;
    if (!notes.empty()) {
      // One parenthesis of notes: a description that ends with one of its own takes them inside it.
      if (!description.empty() && description.back() == ')')
        description.back() = ';';
      else
        description += description.empty() ? "(" : " (";
      description += (description.back() == ';' ? " " : "") + listed(notes, "; ", "; ") + ")";
    }

    // The names on the first line, the description from the column on (on a line of its own when the
    // names reach it), wrapped to the room right of the column.
    std::string out = left;
    const std::string description_lines = wrap_text(description, static_cast<int>(width - column));
    std::size_t start = 0;
    bool first = true;
    if (columns_of(left) + 2 > column) out += '\n';
    while (start < description_lines.size()) {
      const std::size_t end = std::min(description_lines.find('\n', start), description_lines.size());
      const std::size_t used = first && columns_of(left) + 2 <= column ? columns_of(left) : 0;
      out += std::string(column - used, ' ');
      out.append(description_lines, start, end - start);
      out += '\n';
      start = end + 1;
      first = false;
    }
    if (description_lines.empty() && out.back() != '\n') out += '\n';
    return out;
  }

  std::string make_subcommand(const CLI::App* sub) const override {
    const auto width = static_cast<std::size_t>(help_width());
    const std::size_t column = std::clamp<std::size_t>(width / 5, 12, 16);
    std::string left = "  " + sub->get_display_name();
    std::string line = columns_of(left) + 2 <= column ? left + std::string(column - columns_of(left), ' ')
                                                      : left + "\n" + std::string(column, ' ');
    line += sub->get_description();
    return wrap_text(line, static_cast<int>(width), static_cast<int>(column) - 2) + "\n";
  }

  std::string make_description(const CLI::App* app) const override {
    return wrap_text(CLI::Formatter::make_description(app), help_width());
  }

  std::string make_usage(const CLI::App* app, std::string name) const override {
    return wrap_text(CLI::Formatter::make_usage(app, std::move(name)), help_width(), 4);
  }

  std::string make_footer(const CLI::App* app) const override {
    // Prose wraps to the left edge; an example or a list item under the text of its first line.
    const std::string text = reflowed(CLI::Formatter::make_footer(app));
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
      const std::size_t end = std::min(text.find('\n', start), text.size());
      const std::string_view line = std::string_view{text}.substr(start, end - start);
      out += wrap_text(line, help_width(), hang_of(line)) + "\n";
      start = end + 1;
    }
    return out;
  }

 private:
  /// How far a footer line's continuation lines go in: prose not at all; a list item (`  0  success`,
  /// `  inputs  the results ...`) to its text after the first run of two spaces; an example by 3.
  static int hang_of(std::string_view line) {
    if (line.empty() || line.front() != ' ') return 0;
    const std::size_t indent = line.find_first_not_of(' ');
    if (indent == std::string_view::npos) return 0;
    const std::size_t gap = line.find("  ", indent);
    if (gap == std::string_view::npos) return 3;
    const std::size_t text = line.find_first_not_of(' ', gap);
    return text == std::string_view::npos ? 3 : static_cast<int>(text - indent);
  }

  /// The footer's prose as paragraphs, to be wrapped to any width: consecutive lines that start in the
  /// first column are joined, unless a line ends with a colon (the words before an example) or is a
  /// heading (`Exit status:`). Indented lines (examples, lists) stay as they are written.
  static std::string reflowed(std::string_view text) {
    std::string out;
    bool in_paragraph = false;
    std::size_t start = 0;
    while (start < text.size()) {
      const std::size_t end = std::min(text.find('\n', start), text.size());
      const std::string_view line = text.substr(start, end - start);
      start = end + 1;
      const bool prose = !line.empty() && line.front() != ' ';
      const bool heading = prose && line.back() == ':' && line.size() < 30;
      if (prose && in_paragraph && !heading) out.back() = ' ';
      out.append(line);
      out += '\n';
      in_paragraph = prose && line.back() != ':';
    }
    return out;
  }
};

}  // namespace

int help_width() {
  // Asked once: every entry of a help text is wrapped to the same width.
  static const int width = to_terminal("") ? std::clamp(terminal_size().first, 40, 200) : 80;
  return width;
}

std::shared_ptr<CLI::Formatter> make_help_formatter() { return std::make_shared<help_formatter>(); }

}  // namespace perfmail::cli
