#pragma once
// The inputs and the result of a trend plot, shared by every style.

#include "perfmail/error.hpp"
#include "perfmail/plot/look.hpp"
#include "perfmail/text/printable.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::plot {

/// The samples of one commit, in run order; sample i (1-based) is drawn at x = i. A NaN or an infinity
/// is an undefined sample: it is not drawn, breaks the good line and keeps its x. The gnuplot looks read
/// a value of magnitude DBL_MAX / 2 or more as undefined too, as gnuplot 5.4 does; the unicode looks
/// draw every finite value. The 4.6 look instead draws a NaN or an infinity where
/// gnuplot 4.6 draws the line `i NaN`, at the point (i - 1, i).
using samples = std::vector<double>;

/// A data set that may be absent (the robot's nil) as opposed to empty (its empty array). The two
/// draw the same picture; only "both absent" differs from "both empty" (see plot_outcome).
using trend_series = std::optional<samples>;

/// When the unicode style uses ANSI colour. The gnuplot looks never do.
enum class colour_mode : std::uint8_t { never, always };

/// The characters the unicode looks draw with: UTF-8 (braille dots, box drawing, `●`), or ASCII only, for a
/// terminal whose locale is not UTF-8 (the same picture: `.` `'` `:` for the dots, `o` for `●`, `|` `+`
/// `-` for the frame; plot/unicode_plot.hpp, ascii_fallback). The gnuplot looks are ASCII already.
enum class text_charset : std::uint8_t { utf8, ascii };

/// The smallest and largest sizes the gnuplot looks accept; below the minimum gnuplot itself warns that
/// the canvas is too small and its layout degenerates.
inline constexpr int min_gnuplot_width = 32;
inline constexpr int min_gnuplot_height = 8;
inline constexpr int min_unicode_width = 20;
inline constexpr int min_unicode_height = 5;
inline constexpr int max_plot_width = 1000;
inline constexpr int max_plot_height = 500;

struct plot_options {
  look style = look::gnuplot_5_4;
  int width = 80;   ///< characters per row (the e-mail default)
  int height = 20;  ///< rows
  std::string title;  ///< printed as is; an empty title leaves no room for one (the frame moves up)
  colour_mode colour = colour_mode::never;  ///< unicode style only
  text_charset charset = text_charset::utf8;  ///< unicode style only
  /// The unicode legend's names of the good and bad sets; empty: `bisect-good` and `bisect-bad`. The
  /// gnuplot styles refuse them: the robot's plot has no legend (its plot command says `notitle`), and
  /// gnuplot's own key would change the picture in ways no stored output of gnuplot checks.
  std::string good_label;
  std::string bad_label;
};

/// Throws usage_error unless `title` is one line of printable text: a control character (a newline, a
/// tab, an escape, a C1 control, a bidirectional override; text/printable.hpp) would break the plot's rows
/// or the terminal's picture of them.
inline void check_plot_title(std::string_view title) {
  if (const auto at = text::first_unsafe(title); at != std::string_view::npos)
    throw usage_error("the plot title holds a control character or a byte outside UTF-8 (byte " +
                      std::to_string(at + 1) + "); a title is one line of text");
}

/// Throws usage_error unless a legend label (`which` set's: "good" or "bad") is one line of printable text,
/// as check_plot_title requires of a title and for the same reason.
inline void check_legend_label(std::string_view which, std::string_view label) {
  if (const auto at = text::first_unsafe(label); at != std::string_view::npos)
    throw usage_error("the " + std::string{which} + " label holds a control character or a byte outside UTF-8 (byte " +
                      std::to_string(at + 1) + "); a label is one line of text");
}

/// Whether a plot was drawn.
enum class plot_outcome : std::uint8_t {
  drawn,            ///< text holds the picture
  no_series,        ///< both series absent: the robot makes no plot (and never calls gnuplot)
  no_defined_value, ///< no defined sample in either series: gnuplot reports an error and prints nothing
};

struct plot_result {
  plot_outcome outcome = plot_outcome::drawn;
  std::string text;  ///< the picture without a final newline; empty unless drawn

  [[nodiscard]] bool drawn() const noexcept { return outcome == plot_outcome::drawn; }
  explicit operator bool() const noexcept { return drawn(); }
};

}  // namespace perfmail::plot
