#pragma once
// The trend plot for terminals: the good samples as a line of braille dots (2 x 4 dots per character,
// eight times the resolution of the gnuplot looks), the bad samples as `●`, the y axis labelled with
// gnuplot's tics, the sample index on the x axis, a legend, and optional ANSI colour. Unlike the gnuplot
// looks it promises no byte-exact layout; it is meant to be read on a screen. What it promises instead is
// a picture that never misleads: every y label on the row where a sample of its value is drawn, the top
// and bottom rows labelled, any finite span drawn, and a legend that names exactly the sets drawn
// (docs/PLOTS.md; tests/unit/test_plot_properties.cpp checks each over random cases).
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

#include "perfmail/plot/axis.hpp"
#include "perfmail/plot/options.hpp"

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

/// A unicode plot's text in ASCII, column for column, for a terminal whose locale is not UTF-8: a braille
/// cell becomes `'` (dots in its upper half only), `.` (lower half only) or `:` (both); `●` becomes `o`,
/// `┊` `!`, `│` `|`, `┤` and `└` `+`, `─` `-`, `…` `~`; any other character outside ASCII becomes `?`
/// (`??` where it takes two columns), so that no row moves. ANSI colour sequences are kept.
[[nodiscard]] std::string ascii_fallback(std::string_view unicode_text);

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
[[nodiscard]] fitted_text fit_columns(std::string_view s, int max_columns);

/// Whether the unicode looks draw a sample: every finite value is drawn (gnuplot's looks leave out
/// magnitudes of DBL_MAX / 2 or more, as gnuplot does; see options.hpp).
inline bool usable(double v) noexcept {
  return std::isfinite(v);
}

}  // namespace detail

/// Where values go vertically in the unicode plot. Samples and labels share it, so that a label always
/// stands on the row where a sample of its value is drawn. With lo..hi the y axis range and `rows` text
/// rows of 4 dots each, a value v has the fraction
///
///     f = (s*v - s*lo) / (s*hi - s*lo),  clamped to [0, 1],
///
/// where s is 1/2 when |lo| or |hi| reaches DBL_MAX / 4 and 1 otherwise: halving such magnitudes is exact,
/// and keeps the span finite where hi - lo itself would overflow (an axis from -1e308 to 1e308). Its dot
/// row is lround(f * (4 * rows - 1)) and its text row, counted from the bottom, the dot row divided by 4.
class unicode_rows {
 public:
  unicode_rows(value_range range, int rows) noexcept
      : lo_(range.lo),
        hi_(range.hi),
        rows_(std::max(rows, 1)),
        scale_(std::max(std::fabs(range.lo), std::fabs(range.hi)) >= std::numeric_limits<double>::max() / 4 ? 0.5
                                                                                                             : 1.0) {}

  /// The dot row of `v`, 0 at the bottom.
  [[nodiscard]] int dot(double v) const noexcept {
    const double span = scale_ * hi_ - scale_ * lo_;
    double f = (scale_ * v - scale_ * lo_) / span;
    if (!(span > 0) || std::isnan(f)) f = 0.5;  // no span to spread over: the middle
    return static_cast<int>(std::lround(std::clamp(f, 0.0, 1.0) * (4 * rows_ - 1)));
  }
  /// The text row of `v`, 0 at the bottom.
  [[nodiscard]] int row(double v) const noexcept { return dot(v) / 4; }

 private:
  double lo_;
  double hi_;
  int rows_;
  double scale_;
};

/// The y axis of the unicode plot for defined values lo..hi: gnuplot's (make_y_axis, the 5.2 label rule),
/// except where gnuplot's cannot be drawn:
///
///   * a range whose span overflows a double, or whose extension to whole steps would pass the largest
///     double (1.7e308 extends to 2e308), gets gnuplot's step for the span (found from a tenth of it) and
///     is extended only where that stays finite; its tics are the step's multiples inside it, where
///     gnuplot draws none;
///   * a constant at the largest double is widened by 1 % towards zero only;
///   * a span of a few units in the last place, which the extension to whole steps collapses to a single
///     value (gnuplot then divides by a zero span), is drawn over lo..hi itself, with a tic at each end;
///   * a constant too close to zero for gnuplot's 1 % widening to widen it (below about 5e-322) is drawn
///     on the axis of 0, -1..1.
[[nodiscard]] y_axis make_unicode_axis(double lo, double hi);

/// One y label of the unicode plot: the row it stands on (0 at the bottom) and its text.
struct unicode_label {
  int row = 0;
  std::string text;
};

/// The y labels of the unicode plot: a subset of the axis's tics on distinct rows, each printed so that the
/// value it reads as lies on its row and within half a step of its tic.
///
/// A tic within step / 100 of zero reads as 0 (as in gnuplot) and is placed where 0 is. The ends of the
/// range are tics even where gnuplot's repeated addition misses them. When the tics are more than the rows, every k-th tic is kept from the bottom for the smallest k that puts them on distinct
/// rows with the top tic kept as well (the last gap may be shorter than k steps, never longer), so the top
/// and bottom rows are always labelled. Labels are gnuplot's (`% g` or its fixed-point form) unless one of
/// them would read as a value of another row or of another tic (6 digits of 1e16 + 2; gnuplot's
/// fixed-point labels, which repeat and round 0.001835 to 0.00184, a step away; a tic on the border of two
/// rows): then all of them get the fewest further significant digits that fix every label, 17 at most,
/// which are exact.
[[nodiscard]] std::vector<unicode_label> make_unicode_labels(const y_axis& axis, const unicode_rows& map);

/// Throws usage_error unless the unicode style can draw a plot of this size.
void check_unicode_size(int width, int height);

/// Draws the trend plot for a terminal: opts.height lines of opts.width columns at most (rows lose their
/// trailing blanks; a long title is cut after its last whole character that fits, wide characters
/// counting two columns, bytes that are not UTF-8 shown as U+FFFD), ANSI colour when opts.colour says so.
/// Samples that are NaN or infinite are undefined: not drawn, and they break the good line. Every finite
/// sample is drawn, the largest doubles included (the gnuplot looks leave out magnitudes of DBL_MAX / 2
/// or more, as gnuplot does). Values map to rows as unicode_rows says, and the y labels are make_unicode_labels'.
/// The legend names the sets that have a defined sample, and only those, by opts.good_label and
/// opts.bad_label (bisect-good and bisect-bad when empty), cut with `…` when the line is too narrow for
/// them; the first and last sample index stand at the ends of the line when there is room for them too.
/// The outcomes are those of the gnuplot looks. Throws usage_error for a size, title or label it cannot
/// draw.
[[nodiscard]] plot_result render_unicode(const trend_series& good, const trend_series& bad,
                                         const plot_options& opts);

}  // namespace perfmail::plot
