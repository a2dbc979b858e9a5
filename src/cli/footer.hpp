#pragma once
// A command's footer (what --help prints under the options; the sections after OPTIONS in its man page)
// as blocks declared with their kind: --help and the man pages lay each kind out in their own way, and
// neither has to tell a heading, an example or a list item from the spaces and colons of a text.

#include <CLI/CLI.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::cli {

struct footer_block {
  enum class kind : std::uint8_t {
    heading,  ///< `Examples`: a line of its own in --help (with a colon), a section of the man page
    text,     ///< prose: --help fills it to the terminal's width, the man page to the page's
    example,  ///< a command to type, with its continuation lines: shown as written, indented
    item,     ///< a labelled line of a list (`0  success`): its text hangs after the label
  };
  kind what = kind::text;
  /// heading: its words; text: its lines as written (filled, they are one paragraph); example: the
  /// command, then its continuation lines with their own indentation; item: its text.
  std::vector<std::string> lines;
  std::string label;            ///< item: the label
  std::size_t label_width = 0;  ///< item: the columns of the label and the spaces after it
};

using footer = std::vector<footer_block>;

[[nodiscard]] footer_block heading(std::string words);
[[nodiscard]] footer_block prose(std::vector<std::string> lines);
[[nodiscard]] footer_block example(std::vector<std::string> lines);
[[nodiscard]] footer_block item(std::string label, std::size_t label_width, std::string text);

/// `blocks` as the footer of `app`: kept for --help and the man pages (footer_of, under the command's
/// path), and given to CLI11 as the plain text they stand for. `app` must be the application or a
/// command already added to it.
void set_footer(CLI::App& app, footer blocks);

/// `perfmail`, `perfmail compare`: the application's name and the commands' down to `app`.
[[nodiscard]] std::string command_path(const CLI::App& app);

/// The footer kept for the command at `path`; nullptr when it has none.
[[nodiscard]] const footer* footer_of(std::string_view path);

/// An item's line without its indentation: the label, padded to its width, then the text.
[[nodiscard]] std::string item_line(const footer_block& item);

/// The plain text of a footer: headings with their colon, text as written, examples and items
/// indented by two.
[[nodiscard]] std::string plain_text(const footer& blocks);

}  // namespace perfmail::cli
