// A command's footer as blocks (footer.hpp).

#include "footer.hpp"

#include <map>
#include <utility>

namespace perfmail::cli {

namespace {

/// The footers kept, by command path. Keyed by the path rather than by the CLI::App, so that an
/// application made again (tests make several) finds its commands' footers and no stale address.
std::map<std::string, footer, std::less<>>& kept_footers() {
  static std::map<std::string, footer, std::less<>> footers;
  return footers;
}

}  // namespace

footer_block heading(std::string words) { return {footer_block::kind::heading, {std::move(words)}, {}, 0}; }
footer_block prose(std::vector<std::string> lines) { return {footer_block::kind::text, std::move(lines), {}, 0}; }
footer_block example(std::vector<std::string> lines) {
  return {footer_block::kind::example, std::move(lines), {}, 0};
}
footer_block item(std::string label, std::size_t label_width, std::string text) {
  return {footer_block::kind::item, {std::move(text)}, std::move(label), label_width};
}

std::string command_path(const CLI::App& app) {
  const CLI::App* parent = app.get_parent();
  return parent == nullptr ? app.get_name() : command_path(*parent) + " " + app.get_name();
}

void set_footer(CLI::App& app, footer blocks) {
  app.footer(plain_text(blocks));
  kept_footers().insert_or_assign(command_path(app), std::move(blocks));
}

const footer* footer_of(std::string_view path) {
  const auto& footers = kept_footers();
  const auto found = footers.find(path);
  return found == footers.end() ? nullptr : &found->second;
}

std::string item_line(const footer_block& item) {
  std::string label = item.label;
  if (label.size() < item.label_width) label.resize(item.label_width, ' ');
  return label + item.lines.front();
}

std::string plain_text(const footer& blocks) {
  std::string out;
  for (const footer_block& b : blocks) {
    switch (b.what) {
      case footer_block::kind::heading: out += b.lines.front() + ":\n"; break;
      case footer_block::kind::text:
        for (const std::string& line : b.lines) out += line + "\n";
        break;
      case footer_block::kind::example:
        for (const std::string& line : b.lines) out += "  " + line + "\n";
        break;
      case footer_block::kind::item: out += "  " + item_line(b) + "\n"; break;
    }
  }
  if (!out.empty()) out.pop_back();  // CLI11 adds the last line's end
  return out;
}

}  // namespace perfmail::cli
