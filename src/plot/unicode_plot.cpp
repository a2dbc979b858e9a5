// The trend plot in the terminal's unicode style (plot/unicode_plot.hpp).

#include "perfmail/plot/unicode_plot.hpp"

#include "perfmail/error.hpp"
#include "perfmail/text/utf8.hpp"

#include "text_picture.hpp"

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

namespace detail {

fitted_text fit_columns(std::string_view s, int max_columns) {
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

}  // namespace detail

std::string ascii_fallback(std::string_view unicode_text) {
  std::string out;
  out.reserve(unicode_text.size());
  for (std::size_t i = 0; i < unicode_text.size();) {
    const text::utf8_sequence seq = text::decode_utf8(unicode_text, i);
    i += seq.valid() ? seq.length : 1;
    if (seq.valid() && seq.code < 0x80) {
      out += static_cast<char>(seq.code);
      continue;
    }
    if (seq.code >= 0x2800 && seq.code <= 0x28FF) {
      // The dot bits of U+2800 + bits: rows 1 and 2 are 0x01 0x02 (left) and 0x08 0x10 (right).
      const auto dots = static_cast<std::uint8_t>(seq.code - 0x2800);
      const bool upper = (dots & 0x1B) != 0;
      const bool lower = (dots & 0xE4) != 0;
      out += upper && lower ? ':' : upper ? '\'' : lower ? '.' : ' ';
      continue;
    }
    switch (seq.code) {
      case 0x25CF: out += 'o'; break;  // ●
      case 0x250A: out += '!'; break;  // ┊
      case 0x2502: out += '|'; break;  // │
      case 0x2524:                     // ┤
      case 0x2514: out += '+'; break;  // └
      case 0x2500: out += '-'; break;  // ─
      case 0x2026: out += '~'; break;  // …
      default: out += seq.valid() && detail::is_wide(seq.code) ? "??" : "?";
    }
  }
  return out;
}

namespace {

/// The axis of a range that reaches the end of the doubles: where the span (hi - lo) or its extension to
/// whole steps would overflow. The step is gnuplot's for the span, found from a tenth of it (a power of
/// ten apart, the same 1, 2 or 5); the range is extended to whole steps only where the extension stays
/// finite, and the tics are the step's multiples inside it, each computed as k * step so that none
/// overflows.
y_axis overflowing_axis(double lo, double hi) {
  y_axis a;
  constexpr double largest = std::numeric_limits<double>::max();
  const value_range wide = widen_empty(lo);  // a constant: its 1 % widening, kept to the doubles
  a.data = lo == hi ? value_range{std::max(wide.lo, -largest), std::min(wide.hi, largest)} : value_range{lo, hi};
  a.step = tick_step(a.data.hi / 10 - a.data.lo / 10) * 10;
  const double below = a.step * std::floor(a.data.lo / a.step);
  const double above = a.step * std::ceil(a.data.hi / a.step);
  a.range = {std::isfinite(below) ? below : a.data.lo, std::isfinite(above) ? above : a.data.hi};
  a.format = choose_label_format(a.range, fixed_point_rule::span_or_min_below_10);
  for (double k = std::ceil(a.range.lo / a.step); k * a.step <= a.range.hi && a.tics.size() < 1000; k += 1) {
    const double t = k * a.step;
    a.tics.push_back({t, format_label(std::fabs(t) < a.step / 100 ? 0.0 : t, a.format)});
  }
  return a;
}

}  // namespace

y_axis make_unicode_axis(double lo, double hi) {
  if (const value_range data = lo == hi ? widen_empty(lo) : value_range{lo, hi}; !std::isfinite(data.hi - data.lo))
    return overflowing_axis(lo, hi);
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
  // Whole steps past the largest double (1.7e308 extends to 2e308).
  if (!std::isfinite(a.range.lo) || !std::isfinite(a.range.hi)) return overflowing_axis(lo, hi);
  if (a.tics.empty()) {
    // At most a few dozen tics: the step is a twentieth of the span or more.
    const double end = a.range.hi + a.step / 100;
    for (double t = a.range.lo; t <= end && a.tics.size() < 1000; t += a.step)
      a.tics.push_back({t, format_label(std::fabs(t) < a.step / 100 ? 0.0 : t, a.format)});
  }
  return a;
}

std::vector<unicode_label> make_unicode_labels(const y_axis& axis, const unicode_rows& map) {
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

void check_unicode_size(int width, int height) {
  if (width < min_unicode_width || width > max_plot_width || height < min_unicode_height || height > max_plot_height)
    throw usage_error(fmt::format("plot size {}x{} is outside {}x{} .. {}x{} for the unicode style", width, height,
                                  min_unicode_width, min_unicode_height, max_plot_width, max_plot_height));
}

plot_result render_unicode(const trend_series& good, const trend_series& bad,
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

  // The look: the title centred over the plot area, the axis with its labels, the dots beside it, and
  // under the axis one row, the legend between the first and last sample index.
  const detail::unicode_frame frame =
      detail::unicode_frame_of(opts.width, opts.height, !opts.title.empty(), 1, make_unicode_axis(lo, hi));
  if (frame.rows < 2 || frame.columns < 4)
    throw usage_error(fmt::format("plot size {}x{} leaves no room for the unicode plot", opts.width, opts.height));
  const unicode_rows& map = frame.map;
  const int plot_cols = frame.columns;

  braille_grid dots(plot_cols, frame.rows);
  const auto dot_x = [&](std::size_t i) -> int {  // sample i, 0-based, of n
    if (n <= 1) return dots.dot_width() / 2;
    return static_cast<int>(
        std::lround(static_cast<double>(i) * (dots.dot_width() - 1) / static_cast<double>(n - 1)));
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
        dots.line(previous->first, previous->second, x, y, unicode_ink::good);
      else
        dots.dot(x, y, unicode_ink::good);
      previous = std::pair{x, y};
    }
  }
  if (bad)
    for (std::size_t i = 0; i < bad->size(); ++i)
      if (detail::usable((*bad)[i])) dots.symbol_at_dot(dot_x(i), map.dot((*bad)[i]), "\u25CF", unicode_ink::bad);

  const int left = frame.first_column;
  detail::text_grid picture(opts.width, opts.height);
  const detail::fitted_text title = detail::fit_title(picture, opts.title);
  detail::put_title(picture, title, left + plot_cols / 2 - title.columns / 2);
  detail::put_unicode_axis(picture, frame.axis_column, frame.top, frame.axis_row, frame.labels);
  picture.draw(left, frame.top, dots);
  {
    // The legend centred under the plot area, between the first and last sample index under the ends of
    // the axis; without the indices when it needs their room, with its labels cut when it needs more.
    std::vector<detail::legend_entry> entries;
    if (good_drawn)
      entries.push_back({braille_grid::braille(0xC0) + braille_grid::braille(0xC0), 2, unicode_ink::good,
                         opts.good_label.empty() ? "bisect-good" : opts.good_label});
    if (bad_drawn)
      entries.push_back({"\u25CF", 1, unicode_ink::bad, opts.bad_label.empty() ? "bisect-bad" : opts.bad_label});
    detail::legend_text legend = detail::cut_legend(entries, opts.width);
    const int row = frame.axis_row + 1;
    const std::string last = n > 1 ? std::to_string(n) : "";
    const int last_at = left + plot_cols - static_cast<int>(last.size());
    const int centred = left + (plot_cols - legend.columns) / 2;
    const int earliest = left + 1 + 2;  // after the "1" and two blanks
    const int latest = (last.empty() ? opts.width : last_at) - 2 - legend.columns;
    if (earliest <= latest) {
      picture.write(left, row, "1");
      picture.write(last_at, row, last);
      detail::put_legend(picture, row, std::clamp(centred, earliest, latest), entries, legend);
    } else {
      legend = detail::fit_legend(entries, opts.width);
      detail::put_legend(picture, row, std::clamp(centred, 0, std::max(0, opts.width - legend.columns)), entries,
                         legend);
    }
  }
  std::string out = picture.text(opts.colour == colour_mode::always);
  if (opts.charset == text_charset::ascii) out = ascii_fallback(out);
  return {plot_outcome::drawn, std::move(out)};
}

}  // namespace perfmail::plot
