// Properties of the unicode trend plot over many random series, checked on the printed text alone:
// what a reader sees must agree with the samples. Each property is one that a past bug broke:
//
//   * every y label stands on the row its value maps to, and no row has two (labels were dropped when two
//     tics shared a row, so the top label 300 of a sine from 100 to 300 went missing at 70 x 12; a tic
//     near zero printed as 0 stood a row below where 0 is drawn);
//   * the top and bottom rows carry a label, and the tics at the ends of the axis are labelled (they went
//     missing the same way);
//   * the labels are every k-th tic from the bottom, and the top tic (2.6e+07 vanished at 40 x 12 while
//     its neighbours stayed: a gap of two steps among gaps of one);
//   * every defined sample is drawn in the cell its value and index map to (a fall from 8.9e307 to
//     -8.9e307 was drawn flat: max - min overflowed);
//   * a strictly monotone series of two or more values is not drawn on a single row (the same bug);
//   * the legend lists exactly the sets that are drawn (it always showed bisect-bad, and at narrow widths
//     showed nothing).
//
// Run with other seeds, the same properties then found four cases of the fixed renderer, now kept as
// cases of their own: a span of one unit in the last place, which gnuplot's range collapses to a point;
// a fixed-point label a whole step from its tic (0.001835 printed 0.00184); a top tic that gnuplot's
// repeated addition overshoots and drops; tics that drift rows short of the top.
//
// The mapping, as unicode_plot.hpp defines it (unicode_rows): with lo and hi the y axis range (make_y_axis
// over the defined samples of both sets, the gnuplot 5.2 label rule) and R plot rows of 4 dots each, a
// value v has the fraction f = (s*v - s*lo) / (s*hi - s*lo), where s is 1/2 when |lo| or |hi| reaches
// DBL_MAX / 4 and 1 otherwise, clamped to [0, 1]; its dot row is lround(f * (4R - 1)) and its text row
// (from the bottom) that divided by 4. Sample i (0-based) of n has the dot column
// lround(i * (2C - 1) / (n - 1)), or C when n is 1, for C columns of plot area; its text column is that
// divided by 2. The test restates the mapping rather than calling unicode_rows, so that it checks the
// renderer against the documented rule.
//
// The series are drawn from a seeded generator of our own (the standard distributions differ between
// standard libraries), so every run checks the same cases.

#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/plot/axis.hpp"
#include "perfmail/plot/trend_plot.hpp"
#include "perfmail/plot/unicode_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

using namespace perfmail;
using namespace perfmail::plot;

// A CHECK that is counted only when it fails: the random cases make hundreds of thousands of checks, and
// doctest's bookkeeping of each passing one would take most of the run time of a Debug build.
#define PROPERTY(...)                      \
  do {                                     \
    if (!(__VA_ARGS__)) CHECK(__VA_ARGS__);   \
  } while (false)
#define REQUIRED(...)                        \
  do {                                       \
    if (!(__VA_ARGS__)) REQUIRE(__VA_ARGS__);   \
  } while (false)

namespace {

constexpr double qnan = std::numeric_limits<double>::quiet_NaN();
constexpr double largest = std::numeric_limits<double>::max();

/// splitmix64: small, fast, and the same sequence everywhere.
class generator {
 public:
  explicit generator(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  /// Uniform in lo..hi, both included.
  int between(int lo, int hi) { return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1)); }
  bool chance(double p) { return unit() < p; }
  /// 10 to a uniform power in lo..hi.
  double decade(double lo, double hi) { return std::pow(10.0, lo + (hi - lo) * unit()); }

 private:
  std::uint64_t state_;
};

/// Whether the unicode plot draws this sample (unicode_plot.hpp: every finite value).
bool defined(double v) { return std::isfinite(v); }

bool any_defined(const trend_series& s) {
  return s && std::any_of(s->begin(), s->end(), [](double v) { return defined(v); });
}

/// A series of `n` samples around `centre` spread over `span`, in one of several shapes.
samples make_series(generator& g, int n, double centre, double span) {
  samples s(static_cast<std::size_t>(n));
  const int shape = g.between(0, 6);
  const double phase = g.unit() * 6.3;
  double walk = 0;
  for (int i = 0; i < n; ++i) {
    const double t = n > 1 ? static_cast<double>(i) / (n - 1) : 0.5;
    double u = 0;  // in -1..1
    switch (shape) {
      case 0: u = 0; break;                                                    // constant
      case 1: u = 2 * g.unit() - 1; break;                                     // noise
      case 2: walk = std::clamp(walk + (g.unit() - 0.5) * 0.4, -1.0, 1.0); u = walk; break;  // random walk
      case 3: u = 2 * t - 1; break;                                            // rising
      case 4: u = 1 - 2 * t; break;                                            // falling
      case 5: u = std::sin(phase + 2 * std::numbers::pi * t); break;           // a sine
      default: u = t < 0.5 ? -1 + 0.1 * g.unit() : 1 - 0.1 * g.unit(); break;  // a step
    }
    // Half the span on each side (span / 2 first, so that nothing overflows), kept to the finite doubles.
    s[static_cast<std::size_t>(i)] = std::clamp(centre + u * (span / 2), -largest, largest);
  }
  return s;
}

trend_series make_set(generator& g) {
  const double p = g.unit();
  if (p < 0.12) return std::nullopt;
  if (p < 0.17) return samples{};
  const int n = g.chance(0.1) ? 1 : g.chance(0.1) ? g.between(100, 300) : g.between(2, 60);
  // Spans from 1e-300 to 1e308, centres from 1e-300 to 1e308 of either sign or 0; a centre up to 1e17
  // times the span now and then, for spans at the edge of double precision.
  const double span = g.chance(0.05) ? 0 : g.decade(-300, 308.25);
  double centre = g.chance(0.2) ? 0 : g.decade(std::max(-300.0, std::log10(span) - (g.chance(0.2) ? 17 : 2)),
                                               std::min(308.25, std::log10(span) + 1));
  if (g.chance(0.3)) centre = -centre;
  samples s = make_series(g, n, centre, span);
  if (g.chance(0.15))  // gaps
    for (auto& v : s)
      if (g.chance(0.15)) v = g.chance(0.8) ? qnan : (g.chance(0.5) ? 1.0 : -1.0) * std::numeric_limits<double>::infinity();
  return s;
}

/// The UTF-8 characters of a line, one string each.
std::vector<std::string> characters(std::string_view line) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < line.size();) {
    const auto lead = static_cast<unsigned char>(line[i]);
    const std::size_t length = lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : 4;
    out.emplace_back(line.substr(i, length));
    i += length;
  }
  return out;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const auto end = text.find('\n', start);
    out.push_back(text.substr(start, end - start));
    if (end == std::string::npos) return out;
    start = end + 1;
  }
}

/// The braille dot bit of dot (x, y) within its cell (x % 2, y % 4 counted from the cell's bottom).
unsigned braille_bit(int x, int y) {
  static constexpr unsigned bits[2][4] = {{0x40, 0x04, 0x02, 0x01}, {0x80, 0x20, 0x10, 0x08}};
  return bits[x % 2][y % 4];
}

/// The dot bits of a braille character, or nullopt for any other character.
std::optional<unsigned> braille_bits(const std::string& c) {
  if (c.size() != 3 || static_cast<unsigned char>(c[0]) != 0xE2) return std::nullopt;
  const auto b1 = static_cast<unsigned char>(c[1]);
  const auto b2 = static_cast<unsigned char>(c[2]);
  if (b1 < 0xA0 || b1 > 0xA3) return std::nullopt;
  return ((b1 - 0xA0u) << 6) | (b2 - 0x80u);
}

/// The y mapping of the header comment above.
struct vertical_map {
  double lo;
  double hi;
  int rows;

  [[nodiscard]] int dot(double v) const {
    const double s = std::max(std::fabs(lo), std::fabs(hi)) >= largest / 4 ? 0.5 : 1.0;
    const double f = std::clamp((s * v - s * lo) / (s * hi - s * lo), 0.0, 1.0);
    return static_cast<int>(std::lround(f * (4 * rows - 1)));
  }
  [[nodiscard]] int row(double v) const { return dot(v) / 4; }
};

struct drawn_case {
  trend_series good;
  trend_series bad;
  plot_options opts;
};

/// The picture of one case, taken apart: labels by row (top row first), plot cells, legend line.
struct picture {
  std::vector<std::string> labels;
  std::vector<std::vector<std::string>> cells;  // plot rows top first, each padded to the plot width
  std::string legend;
  int plot_columns = 0;
};

picture take_apart(const std::string& text, const plot_options& opts) {
  picture p;
  const auto lines = split_lines(text);
  REQUIRED(lines.size() == static_cast<std::size_t>(opts.height));
  const std::size_t first = opts.title.empty() ? 0 : 1;
  const std::size_t rows = lines.size() - 2 - first;
  int label_width = -1;
  for (std::size_t r = 0; r < rows; ++r) {
    const auto chars = characters(lines[first + r]);
    const auto axis = std::find_if(chars.begin(), chars.end(), [](const std::string& c) { return c == "┤" || c == "│"; });
    REQUIRED(axis != chars.end());
    const auto at = static_cast<int>(axis - chars.begin());
    if (label_width < 0) label_width = at - 1;
    REQUIRED(at - 1 == label_width);  // every axis character in one column
    std::string label;
    for (auto it = chars.begin(); it != axis; ++it) label += *it;
    const auto start = label.find_first_not_of(' ');
    const auto end = label.find_last_not_of(' ');
    p.labels.push_back(start == std::string::npos ? std::string{} : label.substr(start, end - start + 1));
    PROPERTY((*axis == "┤") == !p.labels.back().empty());  // a tick exactly where a label is
    std::vector<std::string> row(axis + 1, chars.end());
    p.plot_columns = opts.width - label_width - 2;
    REQUIRED(static_cast<int>(row.size()) <= p.plot_columns);
    row.resize(static_cast<std::size_t>(p.plot_columns), " ");
    p.cells.push_back(std::move(row));
  }
  p.legend = lines.back();
  return p;
}

/// Checks every property on one case; returns false when the plot was refused as too small.
bool check_case(const drawn_case& c) {
  plot_result result;
  try {
    result = render_trend(c.good, c.bad, c.opts);
  } catch (const usage_error& e) {
    // Only for labels too wide for a narrow plot.
    PROPERTY(std::string{e.what()}.find("leaves no room") != std::string::npos);
    PROPERTY(c.opts.width < 40);
    return false;
  }
  const bool good_drawn = any_defined(c.good);
  const bool bad_drawn = any_defined(c.bad);
  if (!c.good && !c.bad) {
    PROPERTY(result.outcome == plot_outcome::no_series);
    return true;
  }
  if (!good_drawn && !bad_drawn) {
    PROPERTY(result.outcome == plot_outcome::no_defined_value);
    return true;
  }
  REQUIRED(result.drawn());
  const picture p = take_apart(result.text, c.opts);
  const int rows = static_cast<int>(p.labels.size());

  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  std::size_t n = 0;
  for (const auto* s : {&c.good, &c.bad}) {
    if (!*s) continue;
    n = std::max(n, (*s)->size());
    for (double v : **s)
      if (defined(v)) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
  }
  // gnuplot's axis, or where its range collapses to one value (a span of a few units in the last place),
  // the data range itself (make_unicode_axis; the test never draws the constants below 5e-322 that it
  // puts on -1..1).
  // Where the span or its extension to whole steps passes the largest double, gnuplot's step for the span
  // (from a tenth of it) over the data range extended only where that stays finite.
  const value_range wide = widen_empty(lo);
  const value_range data = lo == hi ? value_range{std::max(wide.lo, -largest), std::min(wide.hi, largest)}
                                    : value_range{lo, hi};
  y_axis axis;
  if (std::isfinite(data.hi - data.lo)) {
    axis = make_y_axis(lo, hi, fixed_point_rule::span_or_min_below_10);
    if (!(axis.range.hi > axis.range.lo)) {
      axis.range = {lo, hi};
      axis.step = hi - lo;
      axis.precision_stall = true;
    }
  }
  if (!std::isfinite(data.hi - data.lo) || !std::isfinite(axis.range.lo) || !std::isfinite(axis.range.hi)) {
    axis.step = tick_step(data.hi / 10 - data.lo / 10) * 10;
    const double below = axis.step * std::floor(data.lo / axis.step);
    const double above = axis.step * std::ceil(data.hi / axis.step);
    axis.range = {std::isfinite(below) ? below : data.lo, std::isfinite(above) ? above : data.hi};
    axis.precision_stall = false;
  }
  const vertical_map map{axis.range.lo, axis.range.hi, rows};

  // Labels: numbers, each on the row of its value, on the top and bottom rows, every k-th tic.
  std::vector<long double> tic_index;  // of each label, bottom up
  for (int r = rows - 1; r >= 0; --r) {
    const std::string& label = p.labels[static_cast<std::size_t>(r)];
    if (label.empty()) continue;
    char* end = nullptr;
    const double value = std::strtod(label.c_str(), &end);
    INFO("label \"", label, "\" on row ", rows - 1 - r, " from the bottom");
    REQUIRED(end == label.c_str() + label.size());
    PROPERTY(map.row(value) == rows - 1 - r);
    // In long double, whose range holds the span of any two doubles.
    tic_index.push_back(std::round((static_cast<long double>(value) - axis.range.lo) / axis.step));
  }
  PROPERTY(!p.labels.back().empty());   // the bottom row
  PROPERTY(!p.labels.front().empty());  // the top row
  // Tic indices are read back from label values, which needs tics evenly spaced in value: a step of a
  // thousand units in the last place or more. (Below that the repeated addition rounds each tic by up to
  // half a unit, and gnuplot's tics are as uneven as the doubles there.)
  const double magnitude = std::max(std::fabs(axis.range.lo), std::fabs(axis.range.hi));
  const bool even_tics = !axis.precision_stall && axis.step >= 1000 * (std::nextafter(magnitude, largest) - magnitude);
  if (even_tics && !tic_index.empty()) {
    // The ends of the axis, tics 0 and (hi - lo) / step, are among the labels.
    PROPERTY(tic_index.front() == 0);
    PROPERTY(tic_index.back() ==
             std::round((static_cast<long double>(axis.range.hi) - axis.range.lo) / axis.step));
  }
  if (even_tics && tic_index.size() >= 3) {
    const long double k = tic_index[1] - tic_index[0];
    INFO("tic indices of the labels, bottom up: ", [&] {
      std::string s;
      for (auto i : tic_index) s += std::to_string(static_cast<long long>(i)) + " ";
      return s;
    }());
    PROPERTY(k > 0);
    for (std::size_t i = 1; i + 1 < tic_index.size(); ++i) PROPERTY(tic_index[i] - tic_index[i - 1] == k);
    const long double last = tic_index.back() - tic_index[tic_index.size() - 2];
    PROPERTY(last > 0);
    PROPERTY(last <= k);
  }

  // Samples: each defined one in the cell (and for the good line, the dot) that its value maps to.
  const int dot_columns = 2 * p.plot_columns;
  const auto dot_x = [&](std::size_t i) {
    if (n <= 1) return dot_columns / 2;
    return static_cast<int>(std::lround(static_cast<double>(i) * (dot_columns - 1) / static_cast<double>(n - 1)));
  };
  const auto cell = [&](int dx, int dy) -> const std::string& {
    return p.cells[static_cast<std::size_t>(rows - 1 - dy / 4)][static_cast<std::size_t>(dx / 2)];
  };
  std::vector<bool> row_has_good(static_cast<std::size_t>(rows), false);
  if (c.bad)
    for (std::size_t i = 0; i < c.bad->size(); ++i) {
      const double v = (*c.bad)[i];
      if (!defined(v)) continue;
      INFO("bad sample ", i, " = ", v);
      PROPERTY(cell(dot_x(i), map.dot(v)) == "●");
    }
  if (c.good)
    for (std::size_t i = 0; i < c.good->size(); ++i) {
      const double v = (*c.good)[i];
      if (!defined(v)) continue;
      const int dx = dot_x(i);
      const int dy = map.dot(v);
      const std::string& at = cell(dx, dy);
      INFO("good sample ", i, " = ", v, " at dot (", dx, ", ", dy, "), cell \"", at, "\"");
      const auto bits = braille_bits(at);
      PROPERTY((at == "●" || (bits && (*bits & braille_bit(dx, dy)) != 0)));
      if (bits) row_has_good[static_cast<std::size_t>(dy / 4)] = true;
    }
  if (c.good && !c.bad && rows >= 2) {
    std::vector<double> defined_values;
    for (double v : *c.good)
      if (defined(v)) defined_values.push_back(v);
    const bool rising = std::adjacent_find(defined_values.begin(), defined_values.end(),
                                           [](double a, double b) { return !(a < b); }) == defined_values.end();
    const bool falling = std::adjacent_find(defined_values.begin(), defined_values.end(),
                                            [](double a, double b) { return !(a > b); }) == defined_values.end();
    if (defined_values.size() >= 2 && (rising || falling))
      PROPERTY(std::count(row_has_good.begin(), row_has_good.end(), true) >= 2);
  }

  // The legend: the mark of each drawn set, and only of those, with its label.
  INFO("legend line: ", p.legend);
  PROPERTY((p.legend.find("⣀⣀") != std::string::npos) == good_drawn);
  PROPERTY((p.legend.find("●") != std::string::npos) == bad_drawn);
  if (c.opts.width >= 60) {
    PROPERTY((p.legend.find("⣀⣀ bisect-good") != std::string::npos) == good_drawn);
    PROPERTY((p.legend.find("● bisect-bad") != std::string::npos) == bad_drawn);
  }
  return true;
}

plot_options unicode(int width, int height, std::string title = {}) {
  plot_options o;
  o.style = look::unicode;
  o.width = width;
  o.height = height;
  o.title = std::move(title);
  return o;
}

}  // namespace

TEST_CASE("unicode properties: the cases of the bug reports") {
  samples sine(40);
  for (std::size_t i = 0; i < sine.size(); ++i)
    sine[i] = 200 + 100 * std::sin(2 * std::numbers::pi * static_cast<double>(i) / 39);
  const samples good{22e6, 21e6, 22.5e6, 21.5e6, 23e6, 20.5e6, 21.8e6, 22.4e6};
  const samples bad{27e6, 26e6, 25.5e6, 28.5e6, 26.5e6, 27.2e6};
  SUBCASE("a sine from 100 to 300 at 70 x 12") { check_case({sine, std::nullopt, unicode(70, 12, "sine")}); }
  SUBCASE("the throughput example at 40 x 12") { check_case({good, bad, unicode(40, 12, "vm-scalability")}); }
  SUBCASE("a fall from 8.9e307 to -8.9e307") { check_case({samples{8.9e307, 0, -8.9e307}, std::nullopt, unicode(60, 14)}); }
  SUBCASE("no bad samples") { check_case({good, std::nullopt, unicode(80, 20)}); }
  SUBCASE("bad samples that are all undefined") { check_case({good, samples{qnan, qnan}, unicode(80, 20)}); }
  SUBCASE("no good samples") { check_case({std::nullopt, bad, unicode(80, 20)}); }
  SUBCASE("a narrow plot still names its sets") { check_case({good, bad, unicode(20, 8)}); }
  // Found by these properties with other seeds:
  SUBCASE("a span of one unit in the last place, which gnuplot's extension collapses") {
    check_case({samples{-1.2272773474841586e-54, -1.2272773474841585e-54}, std::nullopt, unicode(37, 36)});
  }
  SUBCASE("a fixed-point label a step away from its tic (0.001835 printed 0.00184)") {
    check_case({std::nullopt, samples(59, 0.0018544118075099114), unicode(50, 5, "metric")});
  }
  SUBCASE("a step of 75 units in the last place, where gnuplot's tics overshoot the top of the range") {
    check_case({samples{-4.4831072053936024e+177, -4.4831072053938327e+177}, std::nullopt, unicode(86, 17, "metric")});
  }
  SUBCASE("a step below a unit in the last place, where gnuplot's tics stop rows short of the top") {
    check_case({samples{1.8434605336465207e-93, 1.843460533646517e-93}, std::nullopt, unicode(152, 40)});
  }
}

TEST_CASE("unicode properties: random series, sizes and gaps") {
  generator g(20261202);
  int drawn = 0;
  int refused = 0;
  for (int i = 0; i < 1000; ++i) {
    drawn_case c;
    c.good = make_set(g);
    c.bad = make_set(g);
    const int width = g.chance(0.02) ? g.between(200, max_plot_width) : g.between(min_unicode_width, 160);
    const int height = g.chance(0.02) ? g.between(60, 120) : g.between(min_unicode_height, 40);
    c.opts = unicode(width, height, g.chance(0.5) ? "metric" : "");
    CAPTURE(i);
    CAPTURE(width);
    CAPTURE(height);
    if (check_case(c))
      ++drawn;
    else
      ++refused;
  }
  // The generator reaches what it should: most cases are drawn.
  CHECK(drawn > 850);
  CHECK(refused < 40);
}
