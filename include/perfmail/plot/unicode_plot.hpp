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

#include "perfmail/error.hpp"
#include "perfmail/plot/axis.hpp"
#include "perfmail/plot/options.hpp"
#include "perfmail/text/utf8.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
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
///   * a range whose span overflows a double gets its tics all the same, by the same repeated addition
///     (every partial sum lies inside the range, so none overflows), where gnuplot draws none;
///   * a span of a few units in the last place, which the extension to whole steps collapses to a single
///     value (gnuplot then divides by a zero span), is drawn over lo..hi itself, with a tic at each end;
///   * a constant too close to zero for gnuplot's 1 % widening to widen it (below about 5e-322) is drawn
///     on the axis of 0, -1..1.
[[nodiscard]] inline y_axis make_unicode_axis(double lo, double hi) {
  y_axis a = make_y_axis(lo, hi, fixed_point_rule::span_or_min_below_10);
  if (!(a.step > 0) || !std::isfinite(a.step) || !(a.range.hi > a.range.lo)) {
    if (lo < hi) {
      a.data = a.range = {lo, hi};
      a.step = hi - lo;
      a.format = {};
      a.precision_stall = true;
      a.tics = {{lo, format_g(lo)}, {hi, format_g(hi)}};
      return a;
    }
    a = make_y_axis(0, 0, fixed_point_rule::span_or_min_below_10);
  }
  if (a.tics.empty()) {
    // At most a few dozen tics: the step is a twentieth of the span or more.
    const double end = a.range.hi + a.step / 100;
    for (double t = a.range.lo; t <= end && a.tics.size() < 1000; t += a.step)
      a.tics.push_back({t, format_label(std::fabs(t) < a.step / 100 ? 0.0 : t, a.format)});
  }
  return a;
}

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
[[nodiscard]] inline std::vector<unicode_label> make_unicode_labels(const y_axis& axis, const unicode_rows& map) {
  std::vector<double> shown;
  std::vector<int> rows;
  const auto add = [&](double t) {
    shown.push_back(std::fabs(t) < axis.step / 100 ? 0.0 : t);
    rows.push_back(map.row(shown.back()));
  };
  for (const auto& t : axis.tics) add(t.value);
  std::vector<unicode_label> out;
  if (shown.empty()) return out;
  // Where the step is within a few dozen units in the last place, gnuplot's repeated addition drifts: its
  // tics may stop rows short of the top of the range, or overshoot it and drop the top tic. The ends of
  // the axis are labelled all the same.
  if (rows.front() > map.row(axis.range.lo)) {
    add(axis.range.lo);
    std::rotate(shown.begin(), shown.end() - 1, shown.end());
    std::rotate(rows.begin(), rows.end() - 1, rows.end());
  }
  if (rows.back() < map.row(axis.range.hi)) add(axis.range.hi);
  const std::size_t n = shown.size();

  std::vector<std::size_t> picks;
  const auto every = [&](std::size_t k) {
    picks.clear();
    for (std::size_t i = 0; i < n; i += k) picks.push_back(i);
    if (picks.back() != n - 1) {
      if (rows[picks.back()] == rows[n - 1]) return false;  // the top tic would push out its neighbour
      picks.push_back(n - 1);
    }
    for (std::size_t i = 1; i < picks.size(); ++i)
      if (rows[picks[i]] <= rows[picks[i - 1]]) return false;
    return true;
  };
  std::size_t k = 1;
  while (k < n - 1 && !every(k)) ++k;
  // k = n - 1 keeps the bottom and top tics alone; only rows that cannot tell them apart leave the bottom one.
  if (k >= n - 1 && !every(std::max<std::size_t>(k, 1))) picks = {0};

  const auto reads_as_its_tic = [&](const std::string& text, std::size_t i) {
    const double v = std::strtod(text.c_str(), nullptr);
    return map.row(v) == rows[i] && std::fabs(v - shown[i]) <= axis.step / 2;
  };
  bool all_read_as_their_tics = true;
  for (const std::size_t i : picks) {
    out.push_back({rows[i], format_label(shown[i], axis.format)});
    all_read_as_their_tics = all_read_as_their_tics && reads_as_its_tic(out.back().text, i);
  }
  for (int digits = 7; !all_read_as_their_tics && digits <= 17; ++digits) {
    all_read_as_their_tics = true;
    for (std::size_t j = 0; j < picks.size(); ++j) {
      char buf[64];
      const int len = std::snprintf(buf, sizeof buf, "% .*g", digits, shown[picks[j]]);
      out[j].text.assign(buf, static_cast<std::size_t>(std::clamp(len, 0, static_cast<int>(sizeof buf) - 1)));
      all_read_as_their_tics = all_read_as_their_tics && reads_as_its_tic(out[j].text, picks[j]);
    }
  }
  return out;
}

/// Throws usage_error unless the unicode style can draw a plot of this size.
inline void check_unicode_size(int width, int height) {
  if (width < min_unicode_width || width > max_plot_width || height < min_unicode_height || height > max_plot_height)
    throw usage_error(fmt::format("plot size {}x{} is outside {}x{} .. {}x{} for the unicode style", width, height,
                                  min_unicode_width, min_unicode_height, max_plot_width, max_plot_height));
}

namespace detail {

/// One entry of the legend: the mark of a set as the plot draws it, and its name.
struct legend_entry {
  std::string mark;
  int mark_columns;
  unicode_ink ink;
  std::string label;
};

/// `label` in at most `columns` terminal columns: whole, or cut with `…` (one column) after the last whole
/// character that fits.
[[nodiscard]] inline fitted_text cut_label(std::string_view label, int columns) {
  fitted_text whole = fit_columns(label, columns);
  if (whole.text.size() == label.size() || columns < 1) return whole;
  fitted_text out = fit_columns(label, columns - 1);
  out.text += "\u2026";
  out.columns += 1;
  return out;
}

}  // namespace detail

/// Draws the trend plot for a terminal: opts.height lines of opts.width columns at most (rows lose their
/// trailing blanks; a long title is cut after its last whole character that fits, wide characters
/// counting two columns, bytes that are not UTF-8 shown as U+FFFD), ANSI colour when opts.colour says so.
/// Samples that are NaN, infinite or of magnitude DBL_MAX / 2 or more are undefined: not drawn, and they
/// break the good line. Values map to rows as unicode_rows says, and the y labels are make_unicode_labels'.
/// The legend names the sets that have a defined sample, and only those, by opts.good_label and
/// opts.bad_label (bisect-good and bisect-bad when empty), cut with `…` when the line is too narrow for
/// them; the first and last sample index stand at the ends of the line when there is room for them too.
/// The outcomes are those of the gnuplot looks. Throws usage_error for a size, title or label it cannot
/// draw.
[[nodiscard]] inline plot_result render_unicode(const trend_series& good, const trend_series& bad,
                                                const plot_options& opts) {
  check_unicode_size(opts.width, opts.height);
  check_plot_title(opts.title);
  check_legend_label("good", opts.good_label);
  check_legend_label("bad", opts.bad_label);
  if (!good && !bad) return {plot_outcome::no_series, {}};
  std::size_t n = 0;
  bool good_drawn = false;
  bool bad_drawn = false;
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (const auto* s : {&good, &bad}) {
    if (!*s) continue;
    n = std::max(n, (*s)->size());
    for (double v : **s)
      if (detail::usable(v)) {
        (s == &good ? good_drawn : bad_drawn) = true;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
  }
  if (!good_drawn && !bad_drawn) return {plot_outcome::no_defined_value, {}};

  const bool has_title = !opts.title.empty();
  const int plot_rows = opts.height - 2 - (has_title ? 1 : 0);
  if (plot_rows < 2)
    throw usage_error(fmt::format("plot size {}x{} leaves no room for the unicode plot", opts.width, opts.height));
  const y_axis axis = make_unicode_axis(lo, hi);
  const unicode_rows map(axis.range, plot_rows);
  const std::vector<unicode_label> labels = make_unicode_labels(axis, map);
  std::size_t widest = 0;
  for (const auto& l : labels) widest = std::max(widest, l.text.size());
  const int label_width = static_cast<int>(widest);
  const int plot_cols = opts.width - label_width - 2;
  if (plot_cols < 4)
    throw usage_error(fmt::format("plot size {}x{} leaves no room for the unicode plot", opts.width, opts.height));

  braille_grid grid(plot_cols, plot_rows);
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
      const int y = map.dot(v);
      if (previous)
        grid.line(previous->first, previous->second, x, y, unicode_ink::good);
      else
        grid.dot(x, y, unicode_ink::good);
      previous = std::pair{x, y};
    }
  }
  if (bad)
    for (std::size_t i = 0; i < bad->size(); ++i)
      if (detail::usable((*bad)[i])) grid.symbol_at_dot(dot_x(i), map.dot((*bad)[i]), "\u25CF", unicode_ink::bad);

  std::vector<std::string> row_label(static_cast<std::size_t>(plot_rows));
  for (const auto& l : labels) row_label[static_cast<std::size_t>(plot_rows - 1 - l.row)] = l.text;

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
    // The legend centred under the plot area, between the first and last sample index under the ends of
    // the axis; without the indices when it needs their room, with its labels cut when it needs more.
    std::vector<detail::legend_entry> entries;
    if (good_drawn)
      entries.push_back({braille_grid::braille(0xC0) + braille_grid::braille(0xC0), 2, unicode_ink::good,
                         opts.good_label.empty() ? "bisect-good" : opts.good_label});
    if (bad_drawn)
      entries.push_back({"\u25CF", 1, unicode_ink::bad, opts.bad_label.empty() ? "bisect-bad" : opts.bad_label});
    int fixed = 0;  // the marks, the blank after each, the two between entries
    for (const auto& e : entries) fixed += e.mark_columns + 1;
    fixed += 2 * (static_cast<int>(entries.size()) - 1);
    std::vector<detail::fitted_text> cut;
    int legend_width = 0;
    const auto cut_labels = [&](int label_columns) {
      cut.clear();
      legend_width = fixed;
      for (const auto& e : entries) {
        cut.push_back(detail::cut_label(e.label, label_columns));
        legend_width += cut.back().columns;
      }
    };
    cut_labels(opts.width);

    detail::styled_line l(colour);
    const int left = label_width + 2;
    const std::string last = n > 1 ? std::to_string(n) : "";
    const int last_at = left + plot_cols - static_cast<int>(last.size());
    const int centred = left + (plot_cols - legend_width) / 2;
    const int earliest = left + 1 + 2;  // after the "1" and two blanks
    const int latest = (last.empty() ? opts.width : last_at) - 2 - legend_width;
    int used = 0;
    int legend_at = 0;
    if (earliest <= latest) {
      legend_at = std::clamp(centred, earliest, latest);
      l.add(std::string(static_cast<std::size_t>(left), ' ') + "1", unicode_ink::none);
      used = left + 1;
    } else {
      if (legend_width > opts.width)
        cut_labels(std::max(1, (opts.width - fixed) / static_cast<int>(entries.size())));
      legend_at = std::clamp(centred, 0, std::max(0, opts.width - legend_width));
    }
    l.add(std::string(static_cast<std::size_t>(legend_at - used), ' '), unicode_ink::none);
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (i != 0) l.add("  ", unicode_ink::none);
      l.add(entries[i].mark, entries[i].ink);
      l.add(" " + cut[i].text, unicode_ink::none);
    }
    used = legend_at + legend_width;
    if (earliest <= latest && !last.empty())
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
