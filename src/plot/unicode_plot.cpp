// The trend plot in the terminal's unicode style (plot/unicode_plot.hpp).

#include "perfmail/plot/unicode_plot.hpp"

#include "perfmail/error.hpp"
#include "perfmail/text/utf8.hpp"

#include "text_look.hpp"

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

namespace {

/// What of the two sets is drawn: the samples' count of the longer set (the x axis), whether each has a
/// defined sample, and the range of the defined samples.
struct drawn_sets {
  std::size_t n = 0;
  bool good = false;
  bool bad = false;
  value_range values{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
};

drawn_sets drawn_of(const trend_series& good, const trend_series& bad) {
  drawn_sets out;
  for (const auto* s : {&good, &bad}) {
    if (!*s) continue;
    out.n = std::max(out.n, (*s)->size());
    for (double v : **s)
      if (detail::usable(v)) {
        (s == &good ? out.good : out.bad) = true;
        out.values.lo = std::min(out.values.lo, v);
        out.values.hi = std::max(out.values.hi, v);
      }
  }
  return out;
}

/// The good samples as a line of dots, broken where a sample is undefined, and the bad ones as `●`, on
/// the plot area of `frame`: sample i of n at its dot column, the first and last at the area's ends.
braille_grid trend_dots(const trend_series& good, const trend_series& bad, std::size_t n,
                        const detail::text_frame& frame) {
  braille_grid dots(frame.columns, frame.rows);
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
      const int y = frame.map.dot(v);
      if (previous)
        dots.line(previous->first, previous->second, x, y, unicode_ink::good);
      else
        dots.dot(x, y, unicode_ink::good);
      previous = std::pair{x, y};
    }
  }
  if (bad)
    for (std::size_t i = 0; i < bad->size(); ++i)
      if (detail::usable((*bad)[i]))
        dots.symbol_at_dot(dot_x(i), frame.map.dot((*bad)[i]), detail::sample_mark, unicode_ink::bad);
  return dots;
}

/// The look: the title centred over the plot area, the unicode axis, and under it one row, the legend
/// between the first and last sample index, naming the sets drawn and only those.
detail::text_look trend_look(const drawn_sets& drawn, const plot_options& opts) {
  detail::text_look look{.width = opts.width,
                         .height = opts.height,
                         .title = opts.title,
                         .title_at = detail::title_centre::plot_area,
                         .frame = detail::frame_kind::unicode_axis,
                         .below = {detail::row_below::ends_and_legend},
                         .colour = opts.colour == colour_mode::always,
                         .ascii = opts.charset == text_charset::ascii};
  if (drawn.good)
    look.legend.push_back({std::string(detail::line_mark), 2, unicode_ink::good,
                           opts.good_label.empty() ? "bisect-good" : opts.good_label});
  if (drawn.bad)
    look.legend.push_back({std::string(detail::sample_mark), 1, unicode_ink::bad,
                           opts.bad_label.empty() ? "bisect-bad" : opts.bad_label});
  return look;
}

}  // namespace

plot_result render_unicode(const trend_series& good, const trend_series& bad,
                           const plot_options& opts) {
  check_unicode_size(opts.width, opts.height);
  check_plot_title(opts.title);
  check_legend_label("good", opts.good_label);
  check_legend_label("bad", opts.bad_label);
  if (!good && !bad) return {plot_outcome::no_series, {}};
  const drawn_sets drawn = drawn_of(good, bad);
  if (!drawn.good && !drawn.bad) return {plot_outcome::no_defined_value, {}};
  const detail::text_look look = trend_look(drawn, opts);
  const detail::text_frame frame = detail::frame_of(look, drawn.values);
  if (frame.rows < 2 || frame.columns < 4)
    throw usage_error(fmt::format("plot size {}x{} leaves no room for the unicode plot", opts.width, opts.height));
  const detail::text_layers layers{.dots = trend_dots(good, bad, drawn.n, frame),
                                   .first = "1",
                                   .last = drawn.n > 1 ? std::to_string(drawn.n) : ""};
  return {plot_outcome::drawn, detail::compose_picture(look, frame, layers)};
}

}  // namespace perfmail::plot
