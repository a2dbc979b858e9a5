#pragma once
// The trend plot for terminals: the good samples as a line of braille dots (2 x 4 dots per character,
// eight times the resolution of the gnuplot looks), the bad samples as `●`, the y axis labelled as
// gnuplot would label it, the sample index on the x axis, a legend, and optional ANSI colour. Unlike
// the gnuplot looks it promises no byte-exact layout; it is meant to be read on a screen.
//
// For example, 60 x 14 (tests/golden/plot_unicode_60x14.txt):
//
//                          vm-scalability.throughput
//    2.9e+07 ┤                     ●
//    2.8e+07 ┤
//    2.7e+07 ┤●                                  ●
//    2.6e+07 ┤       ●                    ●
//    2.5e+07 ┤              ●
//            │
//    2.4e+07 ┤
//    2.3e+07 ┤             ⢀⣀           ⣀⠤⠒⢄
//    2.2e+07 ┤⠒⠤⢄⡀     ⢀⡠⠔⠊⠁ ⠉⠑⠢⠤⣀⡀ ⣀⠤⠒⠉    ⠉⠢⡀        ⣀⠤⠤⠔⠒⠒⠒⠉⠉
//    2.1e+07 ┤   ⠈⠉⠒⠢⠔⠊⠁          ⠈⠉          ⠈⠢⢄  ⣀⠤⠒⠉
//      2e+07 ┤                                   ⠑⠉
//            └──────────────────────────────────────────────────
//             1          ⣀⣀ bisect-good  ● bisect-bad          8

#include "perfmail/error.hpp"
#include "perfmail/plot/axis.hpp"
#include "perfmail/plot/options.hpp"
#include "perfmail/text/utf8.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::plot {

/// What a cell of the unicode plot holds, and so which colour it takes.
enum class unicode_ink : std::uint8_t { none, axis, good, bad, title };

/// A grid of braille characters addressed by dot: width x height characters hold (2 * width) x
/// (4 * height) dots; dot y counts from the bottom. A cell may instead hold a symbol, which hides its
/// dots. Every cell remembers the ink of its last write.
class braille_grid {
 public:
  braille_grid(int width, int height)
      : width_(std::max(width, 1)),
        height_(std::max(height, 1)),
        cells_(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_)) {}

  [[nodiscard]] int dot_width() const noexcept { return 2 * width_; }
  [[nodiscard]] int dot_height() const noexcept { return 4 * height_; }

  /// Sets one dot; dots off the grid are ignored.
  void dot(int x, int y, unicode_ink ink) noexcept {
    if (x < 0 || y < 0 || x >= dot_width() || y >= dot_height()) return;
    static constexpr std::uint8_t bits[2][4] = {{0x40, 0x04, 0x02, 0x01}, {0x80, 0x20, 0x10, 0x08}};
    auto& c = cell(x / 2, height_ - 1 - y / 4);
    c.dots = static_cast<std::uint8_t>(c.dots | bits[x % 2][y % 4]);
    c.ink = ink;
  }

  /// A straight line of dots from (x0, y0) to (x1, y1), both ends included.
  void line(int x0, int y0, int x1, int y1, unicode_ink ink) noexcept {
    const int dx = std::abs(x1 - x0);
    const int dy = -std::abs(y1 - y0);
    const int sx = x0 < x1 ? 1 : -1;
    const int sy = y0 < y1 ? 1 : -1;
    int err = dx + dy;
    for (;;) {
      dot(x0, y0, ink);
      if (x0 == x1 && y0 == y1) return;
      const int e2 = 2 * err;
      if (e2 >= dy) {
        err += dy;
        x0 += sx;
      }
      if (e2 <= dx) {
        err += dx;
        y0 += sy;
      }
    }
  }

  /// Puts a symbol (one UTF-8 character) into the cell holding dot (x, y).
  void symbol_at_dot(int x, int y, std::string_view utf8, unicode_ink ink) {
    if (x < 0 || y < 0 || x >= dot_width() || y >= dot_height()) return;
    auto& c = cell(x / 2, height_ - 1 - y / 4);
    c.symbol = std::string{utf8};
    c.ink = ink;
  }

  /// Row r from the top: its characters and the ink of each.
  struct glyph {
    std::string text;
    unicode_ink ink;
  };
  [[nodiscard]] std::vector<glyph> row(int r) const {
    std::vector<glyph> out;
    out.reserve(static_cast<std::size_t>(width_));
    for (int x = 0; x < width_; ++x) {
      const auto& c = cells_[static_cast<std::size_t>(r * width_ + x)];
      if (!c.symbol.empty())
        out.push_back({c.symbol, c.ink});
      else if (c.dots == 0)
        out.push_back({" ", unicode_ink::none});
      else
        out.push_back({braille(c.dots), c.ink});
    }
    return out;
  }

  /// The braille character with these dot bits (U+2800 + bits) in UTF-8.
  [[nodiscard]] static std::string braille(std::uint8_t bits) {
    return {static_cast<char>(0xE2), static_cast<char>(0xA0 + (bits >> 6)), static_cast<char>(0x80 + (bits & 0x3F))};
  }

 private:
  struct cell_t {
    std::uint8_t dots = 0;
    unicode_ink ink = unicode_ink::none;
    std::string symbol;
  };
  cell_t& cell(int x, int r) noexcept { return cells_[static_cast<std::size_t>(r * width_ + x)]; }

  int width_;
  int height_;
  std::vector<cell_t> cells_;
};

namespace detail {

/// Writes text with the ANSI colour of its ink when colour is on.
class styled_line {
 public:
  explicit styled_line(bool colour) : colour_(colour) {}

  void add(std::string_view text, unicode_ink ink) {
    const bool blank = text.find_first_not_of(' ') == std::string_view::npos;
    if (colour_ && ink != current_ && !(blank && ink == unicode_ink::none)) {
      if (current_ != unicode_ink::none) out_ += "\x1b[0m";
      out_ += code(ink);
      current_ = ink;
    }
    out_ += text;
  }
  [[nodiscard]] std::string finish() {
    // trailing blanks carry no information on a terminal
    const auto last = out_.find_last_not_of(' ');
    out_.erase(last == std::string::npos ? 0 : last + 1);
    if (colour_ && current_ != unicode_ink::none) out_ += "\x1b[0m";
    current_ = unicode_ink::none;
    return std::move(out_);
  }

 private:
  static std::string_view code(unicode_ink ink) noexcept {
    switch (ink) {
      case unicode_ink::axis: return "\x1b[2m";     // dim
      case unicode_ink::good: return "\x1b[36m";    // cyan
      case unicode_ink::bad: return "\x1b[1;31m";   // bold red
      case unicode_ink::title: return "\x1b[1m";    // bold
      case unicode_ink::none: break;
    }
    return "";
  }

  bool colour_;
  unicode_ink current_ = unicode_ink::none;
  std::string out_;
};

/// Whether code point `c` takes two columns on a terminal: East Asian wide and fullwidth forms, and the
/// emoji blocks (the ranges of Markus Kuhn's wcwidth, plus emoji).
[[nodiscard]] constexpr bool is_wide(std::uint32_t c) noexcept {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2329 && c <= 0x232A) || (c >= 0x2E80 && c <= 0x303E) ||
         (c >= 0x3040 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFE10 && c <= 0xFE19) || (c >= 0xFE30 && c <= 0xFE6F) || (c >= 0xFF00 && c <= 0xFF60) ||
         (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) || (c >= 0x1F900 && c <= 0x1F9FF) ||
         (c >= 0x20000 && c <= 0x3FFFD);
}

/// Text cut to fit a terminal line, and how many columns it takes.
struct fitted_text {
  std::string text;
  int columns = 0;
};

/// `s` made to fit a terminal line: whole characters only, at most `max_columns` columns wide, every byte
/// outside well-formed UTF-8 replaced by U+FFFD.
[[nodiscard]] inline fitted_text fit_columns(std::string_view s, int max_columns) {
  fitted_text out;
  for (std::size_t i = 0; i < s.size();) {
    const text::utf8_sequence seq = text::decode_utf8(s, i);
    const int columns = seq.valid() && is_wide(seq.code) ? 2 : 1;
    if (out.columns + columns > max_columns) break;
    if (seq.valid())
      out.text.append(s.substr(i, seq.length));
    else
      out.text += "\uFFFD";
    out.columns += columns;
    i += seq.valid() ? seq.length : 1;
  }
  return out;
}

inline bool usable(double v) noexcept {
  return std::isfinite(v) && std::fabs(v) < std::numeric_limits<double>::max() / 2;
}

}  // namespace detail

/// Throws usage_error unless the unicode style can draw a plot of this size.
inline void check_unicode_size(int width, int height) {
  if (width < min_unicode_width || width > max_plot_width || height < min_unicode_height || height > max_plot_height)
    throw usage_error(fmt::format("plot size {}x{} is outside {}x{} .. {}x{} for the unicode style", width, height,
                                  min_unicode_width, min_unicode_height, max_plot_width, max_plot_height));
}

/// Draws the trend plot for a terminal: opts.height lines of opts.width columns at most (rows lose their
/// trailing blanks; a long title is cut after its last whole character that fits, wide characters
/// counting two columns, bytes that are not UTF-8 shown as U+FFFD), ANSI colour when opts.colour says so. Samples that are NaN, infinite or of
/// magnitude DBL_MAX / 2 or more are undefined: not drawn, and they break the good line. The outcomes
/// are those of the gnuplot looks.
[[nodiscard]] inline plot_result render_unicode(const trend_series& good, const trend_series& bad,
                                                const plot_options& opts) {
  check_unicode_size(opts.width, opts.height);
  check_plot_title(opts.title);
  if (!good && !bad) return {plot_outcome::no_series, {}};
  std::size_t n = 0;
  bool any = false;
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (const auto* s : {&good, &bad}) {
    if (!*s) continue;
    n = std::max(n, (*s)->size());
    for (double v : **s)
      if (detail::usable(v)) {
        any = true;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
  }
  if (!any) return {plot_outcome::no_defined_value, {}};

  const y_axis axis = make_y_axis(lo, hi, fixed_point_rule::span_or_min_below_10);
  const bool has_title = !opts.title.empty();
  const int plot_rows = opts.height - 2 - (has_title ? 1 : 0);
  const int label_width = axis.label_width();
  const int plot_cols = opts.width - label_width - 2;
  if (plot_rows < 2 || plot_cols < 4)
    throw usage_error(fmt::format("plot size {}x{} leaves no room for the unicode plot", opts.width, opts.height));

  braille_grid grid(plot_cols, plot_rows);
  const double span = axis.range.hi - axis.range.lo;
  const auto dot_y = [&](double v) -> int {
    const double f = std::isfinite(span) && span > 0 ? (v - axis.range.lo) / span : 0.5;
    return static_cast<int>(std::lround(std::clamp(f, 0.0, 1.0) * (grid.dot_height() - 1)));
  };
  const auto dot_x = [&](std::size_t i) -> int {  // sample i, 0-based, of n
    if (n <= 1) return grid.dot_width() / 2;
    return static_cast<int>(
        std::lround(static_cast<double>(i) * (grid.dot_width() - 1) / static_cast<double>(n - 1)));
  };

  if (good) {
    std::optional<std::pair<int, int>> previous;
    for (std::size_t i = 0; i < good->size(); ++i) {
      const double v = (*good)[i];
      if (!detail::usable(v)) {
        previous.reset();
        continue;
      }
      const int x = dot_x(i);
      const int y = dot_y(v);
      if (previous)
        grid.line(previous->first, previous->second, x, y, unicode_ink::good);
      else
        grid.dot(x, y, unicode_ink::good);
      previous = std::pair{x, y};
    }
  }
  if (bad)
    for (std::size_t i = 0; i < bad->size(); ++i)
      if (detail::usable((*bad)[i])) grid.symbol_at_dot(dot_x(i), dot_y((*bad)[i]), "\u25CF", unicode_ink::bad);

  // Labels on the rows their tics fall in; a row keeps the first label that reaches it.
  std::vector<std::string> row_label(static_cast<std::size_t>(plot_rows));
  for (const auto& t : axis.tics) {
    const int r = plot_rows - 1 - dot_y(t.value) / 4;
    auto& slot = row_label[static_cast<std::size_t>(r)];
    if (slot.empty()) slot = t.label;
  }

  const bool colour = opts.colour == colour_mode::always;
  std::vector<std::string> lines;
  if (has_title) {
    detail::styled_line l(colour);
    // centred over the plot area, moved left as far as it needs to fit, cut after the last whole
    // character that fits (widths in terminal columns)
    const int centre = label_width + 2 + plot_cols / 2;
    const auto title = detail::fit_columns(opts.title, opts.width);
    const int start = std::clamp(centre - title.columns / 2, 0, opts.width - title.columns);
    l.add(std::string(static_cast<std::size_t>(start), ' '), unicode_ink::none);
    l.add(title.text, unicode_ink::title);
    lines.push_back(l.finish());
  }
  for (int r = 0; r < plot_rows; ++r) {
    detail::styled_line l(colour);
    const auto& label = row_label[static_cast<std::size_t>(r)];
    l.add(std::string(static_cast<std::size_t>(label_width) - label.size(), ' ') + label, unicode_ink::none);
    l.add(label.empty() ? " │" : " ┤", unicode_ink::axis);
    for (const auto& g : grid.row(r)) l.add(g.text, g.ink);
    lines.push_back(l.finish());
  }
  {
    detail::styled_line l(colour);
    l.add(std::string(static_cast<std::size_t>(label_width) + 1, ' '), unicode_ink::none);
    std::string axis_line = "└";
    for (int i = 0; i < plot_cols; ++i) axis_line += "─";
    l.add(axis_line, unicode_ink::axis);
    lines.push_back(l.finish());
  }
  {
    // the first and last sample index under the ends of the axis, the legend centred between them
    detail::styled_line l(colour);
    const int left = label_width + 2;
    const std::string last = n > 1 ? std::to_string(n) : "";
    const int last_at = left + plot_cols - static_cast<int>(last.size());
    constexpr int legend_width = 28;  // "⣀⣀ bisect-good  ● bisect-bad"
    const int legend_at = left + (plot_cols - legend_width) / 2;
    l.add(std::string(static_cast<std::size_t>(left), ' ') + "1", unicode_ink::none);
    int used = left + 1;
    if (legend_at >= used + 2 && legend_at + legend_width + 2 <= (last.empty() ? opts.width : last_at)) {
      l.add(std::string(static_cast<std::size_t>(legend_at - used), ' '), unicode_ink::none);
      l.add(braille_grid::braille(0xC0) + braille_grid::braille(0xC0), unicode_ink::good);
      l.add(" bisect-good  ", unicode_ink::none);
      l.add("\u25CF", unicode_ink::bad);
      l.add(" bisect-bad", unicode_ink::none);
      used = legend_at + legend_width;
    }
    if (!last.empty() && last_at > used)
      l.add(std::string(static_cast<std::size_t>(last_at - used), ' ') + last, unicode_ink::none);
    lines.push_back(l.finish());
  }

  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i != 0) out += '\n';
    out += lines[i];
  }
  return {plot_outcome::drawn, std::move(out)};
}

}  // namespace perfmail::plot
