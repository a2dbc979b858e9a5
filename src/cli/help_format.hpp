#pragma once
// How --help looks: CLI11's sections (usage, positionals, options, commands, footer) with each entry in
// perfmail's words (manual::describe_option, as the man pages have them) and every line wrapped to the
// terminal's width. No CLI11 decoration (`ENUM:{a|b}`, `Excludes:`, `{false}`) reaches the user.

#include "declared_values.hpp"

#include "perfmail/text/wrap.hpp"

#include <CLI/CLI.hpp>

#include <cstddef>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>

namespace perfmail::cli {

/// The words of a list as a sentence has them, `a, b and c`; `last` " or " gives `a, b or c`, and a
/// `last` and `separator` of "|" the choices of an option, `a|b|c`.
template <class Words>
[[nodiscard]] std::string listed(const Words& words, std::string_view last = " and ", std::string_view separator = ", ") {
  std::string out;
  const std::size_t count = std::size(words);
  for (std::size_t i = 0; const auto& word : words) {
    if (i > 0) out += i + 1 == count ? last : separator;
    out += word;
    ++i;
  }
  return out;
}

/// The width help is wrapped to: the terminal's columns where standard output is one (at least 40, at
/// most 200), else 80; found the first time it is asked for.
[[nodiscard]] int help_width();

using text::wrap_text;  // perfmail/text/wrap.hpp

/// The formatter of every command's help, wrapping to help_width() when the help is written; the
/// options' values as `declared` records them.
[[nodiscard]] std::shared_ptr<CLI::Formatter> make_help_formatter(std::shared_ptr<const declared_values> declared);

}  // namespace perfmail::cli
