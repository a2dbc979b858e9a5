// The terminal the command line writes to: see terminal.hpp.

#include "terminal.hpp"

#include "perfmail/plot/options.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string_view>

namespace perfmail::cli {

bool to_terminal(const std::string& path) { return (path.empty() || path == "-") && isatty(STDOUT_FILENO) != 0; }

std::pair<int, int> terminal_size() {
  winsize ws{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) return {ws.ws_col, ws.ws_row};
  const auto from_env = [](const char* name, int fallback) {
    const char* v = std::getenv(name);
    if (v == nullptr) return fallback;
    char* end = nullptr;
    const long n = std::strtol(v, &end, 10);
    return end != v && *end == '\0' && n > 0 && n < 100000 ? static_cast<int>(n) : fallback;
  };
  return {from_env("COLUMNS", 80), from_env("LINES", 24)};
}

std::pair<int, int> plot_size(bool gnuplot, int width, int height, int min_width, int min_height) {
  if (width != 0 && height != 0) return {width, height};
  auto [columns, lines] = gnuplot ? std::pair{80, 20} : terminal_size();
  if (!gnuplot) {
    columns = std::clamp(columns, min_width, plot::max_plot_width);
    lines = std::clamp(lines - 1, min_height, plot::max_plot_height);
  }
  return {width != 0 ? width : columns, height != 0 ? height : lines};
}

plot::text_charset locale_charset() {
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') continue;
    // language[_territory][.codeset][@modifier]
    std::string_view locale{value};
    const auto dot = locale.find('.');
    if (dot == std::string_view::npos) return plot::text_charset::ascii;
    std::string codeset;
    for (const char c : locale.substr(dot + 1, locale.find('@', dot) - dot - 1))
      if (c != '-') codeset += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return codeset == "utf8" ? plot::text_charset::utf8 : plot::text_charset::ascii;
  }
  return plot::text_charset::ascii;
}

bool colour_wanted(const std::string& mode, const std::string& path) {
  if (mode != "auto") return mode == "always";
  if (!to_terminal(path)) return false;
  if (const char* no_colour = std::getenv("NO_COLOR"); no_colour != nullptr && *no_colour != '\0') return false;
  const char* term = std::getenv("TERM");
  return term != nullptr && std::string_view{term} != "dumb";
}

}  // namespace perfmail::cli
