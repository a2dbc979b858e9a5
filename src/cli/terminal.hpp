#pragma once
// What the command line knows about the terminal it writes to: whether output goes to one, its size,
// and whether --color auto means colour there. One place, so that `plot` and `compare` decide alike.

#include "perfmail/plot/options.hpp"

#include <string>
#include <utility>
#include <vector>

namespace perfmail::cli {

/// Whether output goes to a terminal: standard output, when it is one and no file is named (`path`
/// empty or "-").
[[nodiscard]] bool to_terminal(const std::string& path);

/// The terminal's size in characters: that of standard output if it is a terminal, else COLUMNS and
/// LINES, else 80 x 24.
[[nodiscard]] std::pair<int, int> terminal_size();

/// The size of a plot whose --width or --height was not given (0): a gnuplot look's 80 x 20, the size of
/// the robot's emails; the unicode look's, the terminal's width and its height less one (the prompt's
/// line), no smaller than the look's `min_width` x `min_height` and no larger than the plots' maximum.
[[nodiscard]] std::pair<int, int> plot_size(bool gnuplot, int width, int height, int min_width, int min_height);

/// The characters the unicode looks may use: UTF-8 where the locale says so, else ASCII. The locale is
/// the first of LC_ALL, LC_CTYPE and LANG that is set and not empty (POSIX's order); it is UTF-8 when its
/// codeset is `UTF-8` or `utf8`, in any case. Read from the environment, as the process's own locale stays
/// "C" (number formatting must not follow the user's locale).
[[nodiscard]] plot::text_charset locale_charset();

/// The values --color takes, as colour_wanted reads them.
[[nodiscard]] inline std::vector<std::string> colour_modes() { return {"auto", "always", "never"}; }

/// Whether `mode` (one of colour_modes, the --color option) means colour for output to `path`: auto
/// colours only a terminal, and not when NO_COLOR is set (to anything but an empty string, as
/// no-color.org says) or TERM is unset or dumb.
[[nodiscard]] bool colour_wanted(const std::string& mode, const std::string& path);

}  // namespace perfmail::cli
