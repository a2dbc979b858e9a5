#pragma once
// The looks a trend plot can take: the gnuplot releases whose `dumb` output the robot's e-mails show,
// and a style for terminals. Each gnuplot look is a set of parameters for the canvas, the axis and the
// composition; nothing else differs between them.

#include "perfmail/plot/axis.hpp"
#include "perfmail/plot/canvas.hpp"
#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace perfmail::plot {

enum class look : std::uint8_t {
  gnuplot_4_6,    ///< gnuplot 4.6 (2017 e-mails): `++` ticks, `*` good samples, trimmed rows
  gnuplot_5_0,    ///< gnuplot 5.0 (2018 e-mails): `+-+` ticks, ranked cells, long titles wrap
  gnuplot_5_2,    ///< gnuplot 5.2: last write wins, `|-+` ticks
  gnuplot_5_4_0,  ///< gnuplot 5.4.0 and 5.4.1: the title directly above the frame
  gnuplot_5_4_2,  ///< gnuplot 5.4.2: segments rounded half away from zero
  gnuplot_5_4,    ///< gnuplot 5.4.3 and later (Debian's 5.4.4): text may start in column 0
  unicode,        ///< for terminals: braille dots, optional colour (unicode_plot.hpp)
};

/// How a look reads samples that are not finite numbers.
enum class undefined_samples : std::uint8_t {
  skipped,      ///< gnuplot 5: not drawn, they break the good line, their x still counts
  bogus_point,  ///< gnuplot 4.6: sample i becomes the point (i - 1, i)
};

/// The parameters of a gnuplot look (those of 5.4 for look::unicode, which does not use them).
struct gnuplot_traits {
  overlap cells = overlap::last_wins;
  int tick_length = 2;                 ///< columns right of the frame: 1 gives `++`, 2 gives `+-+`
  char good_mark = '\0';               ///< drawn at every good sample; '\0' draws nothing
  bool trim_trailing_blanks = false;   ///< rows printed without their trailing blanks
  fixed_point_rule labels = fixed_point_rule::span_or_min_below_10;
  undefined_samples undefined = undefined_samples::skipped;
  segment_rounding rounding = segment_rounding::half_away_from_zero;
  bool title_above_gap = false;        ///< title one row above the gap over the frame, drawn before the data
  text_rules text{};
};

/// The parameters of a gnuplot look (those of 5.4 for look::unicode, which does not use them).
[[nodiscard]] constexpr gnuplot_traits traits(look l) noexcept {
  gnuplot_traits t;
  switch (l) {
    case look::gnuplot_4_6:
      t.cells = overlap::ranked;
      t.tick_length = 1;
      t.good_mark = '*';
      t.trim_trailing_blanks = true;
      t.labels = fixed_point_rule::span_up_to_14;
      t.undefined = undefined_samples::bogus_point;
      t.rounding = segment_rounding::truncate_half_up;
      t.title_above_gap = true;
      t.text = {1, text_overflow::cut, text_write::as_ranked};
      break;
    case look::gnuplot_5_0:
      t.cells = overlap::ranked;
      t.labels = fixed_point_rule::span_or_min_up_to_14;
      t.rounding = segment_rounding::truncate_half_up;
      t.title_above_gap = true;
      t.text = {1, text_overflow::wrap, text_write::unconditional};
      break;
    case look::gnuplot_5_2:
      t.rounding = segment_rounding::truncate_half_up;
      t.title_above_gap = true;
      t.text = {1, text_overflow::cut, text_write::as_ranked};
      break;
    case look::gnuplot_5_4_0:
      t.rounding = segment_rounding::truncate_half_up;
      t.text = {1, text_overflow::cut, text_write::as_ranked};
      break;
    case look::gnuplot_5_4_2:
      t.text = {1, text_overflow::cut, text_write::as_ranked};
      break;
    case look::gnuplot_5_4:
    case look::unicode:
      t.text = {0, text_overflow::cut, text_write::as_ranked};
      break;
  }
  return t;
}

[[nodiscard]] constexpr bool is_gnuplot(look l) noexcept { return l != look::unicode; }

/// A style name and the look it selects.
struct look_name {
  std::string_view name;
  look value;
};

/// Every accepted style name; the first name of each look is its canonical one.
inline constexpr std::array<look_name, 9> look_names{{
    {"gnuplot-5.4", look::gnuplot_5_4},
    {"gnuplot", look::gnuplot_5_4},
    {"gnuplot-5.4.2", look::gnuplot_5_4_2},
    {"gnuplot-5.4.0", look::gnuplot_5_4_0},
    {"gnuplot-5.2", look::gnuplot_5_2},
    {"gnuplot-5.0", look::gnuplot_5_0},
    {"gnuplot-4.6", look::gnuplot_4_6},
    {"classic", look::gnuplot_4_6},
    {"unicode", look::unicode},
}};

/// The look a style name selects, if any.
[[nodiscard]] constexpr std::optional<look> parse_look(std::string_view name) noexcept {
  for (const auto& n : look_names)
    if (n.name == name) return n.value;
  return std::nullopt;
}

/// The canonical style name of a look.
[[nodiscard]] constexpr std::string_view name_of(look l) noexcept {
  for (const auto& n : look_names)
    if (n.value == l) return n.name;
  return {};
}
using perfmail::operator<<;  // a look prints its canonical name

static_assert(parse_look("gnuplot") == look::gnuplot_5_4);
static_assert(parse_look("classic") == look::gnuplot_4_6);
static_assert(name_of(look::gnuplot_4_6) == "gnuplot-4.6");
static_assert(!parse_look("gnuplot-5.1"));
static_assert(traits(look::gnuplot_4_6).tick_length == 1 && traits(look::gnuplot_5_0).tick_length == 2);

}  // namespace perfmail::plot
