// How --help looks (help_format.hpp).

#include "help_format.hpp"

#include "footer.hpp"

#include "manual.hpp"
#include "terminal.hpp"

#include "perfmail/text/lines.hpp"
#include "perfmail/text/utf8.hpp"
#include "perfmail/text/wrap.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail::cli {

namespace {

using text::columns_of;

class help_formatter : public CLI::Formatter {
 public:
  explicit help_formatter(std::shared_ptr<const declared_values> declared) : declared_(std::move(declared)) {}

  std::string make_option(const CLI::Option* opt, bool /*is_positional*/) const override {
    const manual::option_info info = manual::describe_option(*opt, *declared_);
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
    bool first = true;
    if (columns_of(left) + 2 > column) out += '\n';
    for (const text::line l : text::lines(description_lines)) {
      const std::size_t used = first && columns_of(left) + 2 <= column ? columns_of(left) : 0;
      out += std::string(column - used, ' ');
      out += l.text;
      out += '\n';
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
    const footer* blocks = footer_of(command_path(*app));
    if (blocks == nullptr) return {};
    // Prose fills to the left edge; an example's or an item's continuation lines hang under its text.
    std::string out;
    const auto line = [&](const std::string& words, std::size_t hang) {
      out += wrap_text(words, help_width(), static_cast<int>(hang)) + "\n";
    };
    for (const footer_block& b : *blocks) {
      switch (b.what) {
        case footer_block::kind::heading: line(b.lines.front() + ":", 0); break;
        case footer_block::kind::text: line(listed(b.lines, " ", " "), 0); break;
        case footer_block::kind::example:
          for (const std::string& command : b.lines) line("  " + command, example_hang(command));
          break;
        case footer_block::kind::item: line("  " + item_line(b), b.label_width); break;
      }
    }
    return out;
  }

 private:
  std::shared_ptr<const declared_values> declared_;

  /// How far a line of an example goes on in when it wraps, from where its text starts: under its
  /// comment, where a run of spaces sets one off (`report.json           # the email, as text`), else 3.
  static std::size_t example_hang(std::string_view command) {
    const std::size_t start = std::min(command.find_first_not_of(' '), command.size());
    const std::size_t gap = command.find("  ", start);
    if (gap == std::string_view::npos) return 3;
    const std::size_t comment = command.find_first_not_of(' ', gap);
    return comment == std::string_view::npos ? 3 : comment - start;
  }
};

}  // namespace

int help_width() {
  // Asked once: every entry of a help text is wrapped to the same width.
  static const int width = to_terminal("") ? std::clamp(terminal_size().first, 40, 200) : 80;
  return width;
}

std::shared_ptr<CLI::Formatter> make_help_formatter(std::shared_ptr<const declared_values> declared) {
  return std::make_shared<help_formatter>(std::move(declared));
}

}  // namespace perfmail::cli
