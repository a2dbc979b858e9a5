// The trend plot renderers (plot/trend_plot.hpp, plot/unicode_plot.hpp) on series, titles, sizes and
// styles drawn from the fuzz bytes, finite and non-finite samples alike. A plot is either drawn in the
// promised shape, or an outcome without text, or a usage_error for a size the style cannot draw.
//
// The shapes: gnuplot 5.x looks print exactly height lines of exactly width bytes; gnuplot 4.6 exactly
// height lines of at most width bytes (trailing blanks trimmed); unicode at most height lines of at most
// width columns (wide characters taking two), valid UTF-8 whatever the title and legend labels, with a
// legend that marks the bad set exactly when it has a defined sample. Legend labels with a gnuplot look are
// a usage_error.
#include "fuzz_support.hpp"

#include "perfmail/plot/trend_plot.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace {

using namespace perfmail;

plot::trend_series series_of(fuzz::byte_reader& in, bool finite_only) {
  if (in.below(8) == 0) return std::nullopt;  // an absent set
  plot::samples s(in.below(48));
  for (auto& v : s) v = in.number(finite_only);
  return s;
}

/// Whether code point `c` takes two columns on a terminal (East Asian wide and fullwidth forms, emoji).
bool wide(std::uint32_t c) {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2329 && c <= 0x232A) || (c >= 0x2E80 && c <= 0x303E) ||
         (c >= 0x3040 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFE10 && c <= 0xFE19) || (c >= 0xFE30 && c <= 0xFE6F) || (c >= 0xFF00 && c <= 0xFF60) ||
         (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) || (c >= 0x1F900 && c <= 0x1F9FF) ||
         (c >= 0x20000 && c <= 0x3FFFD);
}

/// Display columns of a unicode plot line: escape sequences take none, a wide character two, any other
/// character or stray byte one.
std::size_t columns_of(std::string_view line) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < line.size();) {
    const auto lead = static_cast<unsigned char>(line[i]);
    if (lead == 0x1b) {  // CSI: ESC [ parameters final-byte
      i += 2;
      while (i < line.size() && !(line[i] >= 0x40 && line[i] <= 0x7E)) ++i;
      ++i;
      continue;
    }
    std::size_t length = lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : (lead & 0xF8) == 0xF0 ? 4 : 1;
    if (length > 1 && !perfmail::text::is_valid_utf8(line.substr(i, length))) length = 1;
    std::uint32_t code = length == 1 ? lead : lead & (0xFFu >> (length + 1));
    for (std::size_t k = 1; k < length; ++k) code = (code << 6) | (static_cast<unsigned char>(line[i + k]) & 0x3Fu);
    n += wide(code) ? 2 : 1;
    i += length;
  }
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::byte_reader in(data, size);
  plot::plot_options opts;
  static constexpr plot::look looks[] = {plot::look::gnuplot_4_6,   plot::look::gnuplot_5_0,
                                         plot::look::gnuplot_5_2,   plot::look::gnuplot_5_4_0,
                                         plot::look::gnuplot_5_4_2, plot::look::gnuplot_5_4,
                                         plot::look::unicode};
  opts.style = in.pick(looks);
  // Mostly sizes near the limits and the defaults; sometimes any size, to reach the size checks.
  const auto size_byte = in.byte();
  if (size_byte < 16) {
    opts.width = static_cast<int>(static_cast<std::int16_t>(in.byte() << 8 | in.byte()));
    opts.height = static_cast<int>(static_cast<std::int16_t>(in.byte() << 8 | in.byte()));
  } else {
    opts.width = 16 + static_cast<int>(in.below(120));
    opts.height = 3 + static_cast<int>(in.below(40));
  }
  opts.colour = in.flag() ? plot::colour_mode::always : plot::colour_mode::never;
  const bool finite_only = in.flag();
  opts.title = in.flag() ? in.utf8_text(in.flag() ? 160 : 30) : in.text(in.flag() ? 200 : 24);
  const auto good = series_of(in, finite_only);
  const auto bad = series_of(in, finite_only);
  // Legend labels last, so that the stored inputs draw what they drew before labels existed.
  if (in.flag()) opts.good_label = in.utf8_text(40);
  if (in.flag()) opts.bad_label = in.text(40);

  plot::plot_result result;
  try {
    result = plot::render_trend(good, bad, opts);
  } catch (const usage_error&) {
    return 0;
  } catch (...) {
    fuzz::finding("an exception that is not a usage_error");
  }
  if (plot::is_gnuplot(opts.style) && (!opts.good_label.empty() || !opts.bad_label.empty()))
    fuzz::finding("a gnuplot look that accepted legend labels");
  if (!result.drawn()) {
    if (!result.text.empty()) fuzz::finding("text without a drawn plot");
    if (good && bad && (!good->empty() || !bad->empty()) && result.outcome == plot::plot_outcome::no_series)
      fuzz::finding("no_series for present series");
    return 0;
  }

  const auto lines = fuzz::split_lines(result.text);
  const auto width = static_cast<std::size_t>(opts.width);
  const auto height = static_cast<std::size_t>(opts.height);
  if (plot::is_gnuplot(opts.style)) {
    if (lines.size() != height) fuzz::finding("a gnuplot look with a line count other than the height");
    const bool trimmed = plot::traits(opts.style).trim_trailing_blanks;
    for (const auto line : lines) {
      if (line.size() > width) fuzz::finding("a gnuplot look with a line longer than the width");
      if (!trimmed && line.size() != width) fuzz::finding("a gnuplot 5 look with a line shorter than the width");
    }
  } else {
    if (lines.size() > height) fuzz::finding("a unicode plot with more lines than the height");
    for (const auto line : lines)
      if (columns_of(line) > width) fuzz::finding("a unicode plot with a line wider than the width");
    if (!perfmail::text::is_valid_utf8(result.text)) fuzz::finding("a unicode plot that is not valid UTF-8");
    // The legend (the last line) names only the sets drawn: the bad mark appears nowhere else on it.
    const auto defined = [](const plot::trend_series& s) {
      if (!s) return false;
      for (double v : *s)
        if (std::isfinite(v) && std::fabs(v) < std::numeric_limits<double>::max() / 2) return true;
      return false;
    };
    const bool plain_labels = opts.good_label.find("\u25CF") == std::string::npos &&
                              opts.bad_label.find("\u25CF") == std::string::npos;
    if (plain_labels && !lines.empty() && (lines.back().find("\u25CF") != std::string_view::npos) != defined(bad))
      fuzz::finding("a legend whose bad mark disagrees with the bad samples drawn");
  }
  return 0;
}
