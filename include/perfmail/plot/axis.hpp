#pragma once
// The y axis of a trend plot as gnuplot computes it: the empty-range widening, the tick step, the
// extension of the range to whole steps, the tics (accumulated by repeated addition, with the
// precision-stall fallback), their labels in `% g` or the fixed-point form, the left margin, and the
// mapping of values to cells. Everything is plain double arithmetic in gnuplot's order: the borderline
// cases depend on it, so none of these formulas may be "simplified".

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace perfmail::plot {

/// A closed range of values, lo <= hi.
struct value_range {
  double lo = 0;
  double hi = 0;
  bool operator==(const value_range&) const = default;
};

/// The range gnuplot uses when all values are equal to v: v -/+ 1 % of |v|, or -1..1 when v is 0.
[[nodiscard]] inline value_range widen_empty(double v) noexcept {
  if (v == 0) return {-1.0, 1.0};
  const double d = 0.01 * std::fabs(v);
  return {v - d, v + d};
}

/// The tick step for a range of this span (gnuplot's guide of 20 tics): a power of ten times 0.2, 0.5
/// or 1 as span / power is below 2, below 5 or below 10 (the other factors only occur at the
/// edges of double precision).
[[nodiscard]] inline double tick_step(double span) noexcept {
  const double power = std::pow(10.0, std::floor(std::log10(span)));
  const double xnorm = span / power;
  const double posns = 20.0 / xnorm;
  double factor = 0;
  if (posns > 40)
    factor = 0.05;
  else if (posns > 20)
    factor = 0.1;
  else if (posns > 10)
    factor = 0.2;
  else if (posns > 4)
    factor = 0.5;
  else if (posns > 2)
    factor = 1;
  else if (posns > 0.5)
    factor = 2;
  else
    factor = std::ceil(xnorm);
  return power * factor;
}

/// The range rounded outward to whole multiples of step.
[[nodiscard]] inline value_range extend_to_steps(value_range r, double step) noexcept {
  return {step * std::floor(r.lo / step), step * std::ceil(r.hi / step)};
}

/// The tic values of an extended range, bottom up.
struct tic_values {
  std::vector<double> values;
  bool precision_stall = false;  ///< the step does not move the accumulated value: only the two end tics
};

/// Enumerates the tics of the extended range r with the given step. The values are accumulated by
/// repeated addition, so a tic may be 0.15000000000000002 rather than 0.15. If an addition ever leaves
/// the value unchanged, gnuplot falls back to exactly two tics, at the start and at the end. A range
/// whose span overflows (beyond about 1.8e308) has no tics.
[[nodiscard]] inline tic_values enumerate_tics(value_range r, double step) {
  tic_values out;
  // No tics at all when the extended range is wider than the largest double (gnuplot draws none).
  if (!(step > 0) || !std::isfinite(step) || !std::isfinite(r.hi - r.lo)) return out;
  const double start = step * std::floor(r.lo / step);
  const double end = step * std::ceil(r.hi / step) + step / 100;
  for (double t = start; t <= end;) {
    const double next = t + step;
    if (next == t) {
      out.precision_stall = true;
      out.values = {start, end};
      return out;
    }
    t = next;
  }
  double imin = r.lo;
  double imax = r.hi;
  if (step < std::fabs(r.lo) + std::fabs(r.hi)) {
    imin = r.lo - step / 100;
    imax = r.hi + step / 100;
  }
  for (double t = start; t <= end; t += step) {
    if (t > imax) break;
    if (t < imin) continue;
    out.values.push_back(t);
  }
  return out;
}

/// When tic labels switch from `% g` to a fixed number of decimals (tiny ranges that exclude 0).
enum class fixed_point_rule : std::uint8_t {
  span_up_to_14,         ///< gnuplot 4.6: p = ceil(-log10(span)), used when p > 4, at most 14 decimals
  span_or_min_up_to_14,  ///< gnuplot 5.0: p = ceil(-log10(min(span, |lo|))), used when p > 4, at most 14
  span_or_min_below_10,  ///< gnuplot 5.2 and later: the same p, used only when 4 < p < 10
};

/// A tic label format: `% g`, or `%.Nf` with N decimals.
struct label_format {
  int decimals = -1;  ///< -1 means `% g`
  bool operator==(const label_format&) const = default;
};

/// The label format gnuplot picks for the extended range r.
[[nodiscard]] inline label_format choose_label_format(value_range r, fixed_point_rule rule) noexcept {
  if (!(r.lo * r.hi > 0)) return {};
  const double span = r.hi - r.lo;
  const double p = rule == fixed_point_rule::span_up_to_14 ? std::ceil(-std::log10(span))
                                                            : std::ceil(-std::log10(std::min(span, std::fabs(r.lo))));
  if (!(p > 4)) return {};
  if (rule == fixed_point_rule::span_or_min_below_10) {
    if (!(p < 10)) return {};
    return {static_cast<int>(p)};
  }
  return {static_cast<int>(std::min(p, 14.0))};
}

/// A value printed the C way as `% g`: 6 significant digits, a blank before non-negative values.
[[nodiscard]] inline std::string format_g(double v) {
  char buf[64];
  const int n = std::snprintf(buf, sizeof buf, "% g", v);
  return {buf, static_cast<std::size_t>(std::clamp(n, 0, static_cast<int>(sizeof buf) - 1))};
}

/// A value printed the C way as `%.Nf`, without a leading blank.
[[nodiscard]] inline std::string format_fixed(double v, int decimals) {
  const int n = std::snprintf(nullptr, 0, "%.*f", decimals, v);
  std::string out(static_cast<std::size_t>(std::max(n, 0)) + 1, '\0');
  std::snprintf(out.data(), out.size(), "%.*f", decimals, v);
  out.resize(static_cast<std::size_t>(std::max(n, 0)));
  return out;
}

/// A tic label in the given format.
[[nodiscard]] inline std::string format_label(double v, label_format f) {
  return f.decimals < 0 ? format_g(v) : format_fixed(v, f.decimals);
}

/// One tic: its accumulated value (which places it) and its label.
struct tic {
  double value = 0;
  std::string label;
};

/// A complete y axis for data from lo to hi.
struct y_axis {
  value_range data;      ///< the data range after widening an empty range
  double step = 0;       ///< the tick step
  value_range range;     ///< the data range extended to whole steps: what the plot box spans
  label_format format;   ///< how labels are printed
  bool precision_stall = false;
  std::vector<tic> tics;

  /// The length of the longest label.
  [[nodiscard]] int label_width() const noexcept {
    std::size_t w = 0;
    for (const auto& t : tics) w = std::max(w, t.label.size());
    return static_cast<int>(w);
  }
  /// The column of the left frame: the widest label, a blank and the tick.
  [[nodiscard]] int left_margin() const noexcept { return label_width() + 2; }
};

/// The y axis for defined values spanning lo..hi (lo <= hi). A tic within step/100 of zero is labelled 0.
[[nodiscard]] inline y_axis make_y_axis(double lo, double hi, fixed_point_rule rule) {
  y_axis a;
  a.data = lo == hi ? widen_empty(lo) : value_range{lo, hi};
  a.step = tick_step(a.data.hi - a.data.lo);
  a.range = extend_to_steps(a.data, a.step);
  a.format = choose_label_format(a.range, rule);
  auto values = enumerate_tics(a.range, a.step);
  a.precision_stall = values.precision_stall;
  a.tics.reserve(values.values.size());
  for (double t : values.values) {
    const double shown = std::fabs(t) < a.step / 100 ? 0.0 : t;
    a.tics.push_back({t, format_label(shown, a.format)});
  }
  return a;
}

/// Maps values linearly onto cells: `lo` to cell `first`, `hi` to cell `last`, rounding half up
/// (gnuplot's `(int)(first + (v - lo) * scale + 0.5)`, the scale being the integer cell difference
/// divided by the value difference). Far-off values are clamped to a cell well off any canvas; a
/// position that is not a number (an overflowing range) maps to no cell, and nothing is drawn there.
struct cell_scale {
  double lo = 0;
  int first = 0;
  double scale = 0;

  cell_scale() = default;
  cell_scale(value_range r, int first_cell, int last_cell) noexcept
      : lo(r.lo), first(first_cell), scale(static_cast<double>(last_cell - first_cell) / (r.hi - r.lo)) {}

  [[nodiscard]] std::optional<int> operator()(double v) const noexcept {
    constexpr double far = 1 << 20;
    const double c = first + (v - lo) * scale + 0.5;
    if (std::isnan(c)) return std::nullopt;
    if (c < -far) return -static_cast<int>(far);
    if (c > far) return static_cast<int>(far);
    return static_cast<int>(c);
  }
};

}  // namespace perfmail::plot
