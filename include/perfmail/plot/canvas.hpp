#pragma once
// A grid of character cells in the manner of gnuplot's `dumb` terminal. It knows cells, pens and text
// placement, nothing about data: callers map their values to cells first (see trend_plot.hpp).
//
// Coordinates follow gnuplot: x is the column counted from the left, y the row counted from the
// bottom. The cells form one linear buffer of width x height characters (index = width * y + x), so a
// write at x == width lands in column 0 of the row above; writes outside the buffer are ignored.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::plot {

/// Which write wins when two writes hit the same cell.
enum class overlap : std::uint8_t {
  ranked,     ///< gnuplot 4.6 and 5.0: a write replaces a cell only if its rank is strictly higher
  last_wins,  ///< gnuplot 5.2 and later: every write replaces the cell
};

/// The rank of a write under overlap::ranked. Equal ranks keep the first write.
enum class rank : std::uint8_t { blank = 0, line = 1, frame = 2, point = 4, text = 5 };

/// The characters a pen draws a segment with.
struct pen {
  char end;         ///< both end cells, and every cell of a zero-length segment
  char horizontal;  ///< interior cells of a mostly horizontal segment
  char vertical;    ///< interior cells of a mostly vertical segment
  char diagonal;    ///< every cell of an exact diagonal
};

/// The frame and tick pen: `+`, `-`, `|`.
inline constexpr pen frame_pen{'+', '-', '|', '+'};
/// The dotted pen (gnuplot's line type 0): `+`, `.`, `:`.
inline constexpr pen dotted_pen{'+', '.', ':', '+'};

/// How an interior cell of a segment is rounded from its exact offset.
enum class segment_rounding : std::uint8_t {
  truncate_half_up,      ///< (int)(v + 0.5): up to gnuplot 5.4.1; biased toward zero for negative v
  half_away_from_zero,   ///< round(v): gnuplot 5.4.2 and later
};

/// What happens to text that runs past the last column.
enum class text_overflow : std::uint8_t {
  cut,   ///< characters past the last column are dropped
  wrap,  ///< characters continue in the linear buffer: column 0, 1, ... of the row above (gnuplot 5.0)
};

/// How text is written into cells.
enum class text_write : std::uint8_t {
  as_ranked,       ///< like any other write, with rank::text (gnuplot 4.6; and every last_wins canvas)
  unconditional,   ///< always written, the cell's rank left as it was (gnuplot 5.0)
};

/// Where text may go and how it is written.
struct text_rules {
  int min_position = 1;                      ///< text starting left of this column, or below this row, is dropped
  text_overflow overflow = text_overflow::cut;
  text_write write = text_write::as_ranked;
};

/// Rounds an interior segment offset as the given rule says.
[[nodiscard]] inline int round_offset(double v, segment_rounding r) noexcept {
  if (r == segment_rounding::half_away_from_zero) return static_cast<int>(std::round(v));
  return static_cast<int>(v + 0.5);
}

class canvas {
 public:
  /// A blank canvas; width and height are at least 1.
  canvas(int width, int height, overlap policy)
      : width_(std::max(width, 1)),
        height_(std::max(height, 1)),
        policy_(policy),
        cells_(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), ' '),
        ranks_(cells_.size(), rank::blank) {}

  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] overlap policy() const noexcept { return policy_; }

  /// The character at (x, y), or a blank outside the buffer.
  [[nodiscard]] char at(int x, int y) const noexcept {
    const auto i = index(x, y);
    return i < 0 ? ' ' : cells_[static_cast<std::size_t>(i)];
  }

  /// Writes one cell under the canvas's overlap policy. Returns whether the cell changed hands.
  bool set(int x, int y, char c, rank r) noexcept {
    const auto i = index(x, y);
    if (i < 0) return false;
    const auto k = static_cast<std::size_t>(i);
    if (policy_ == overlap::ranked) {
      if (r <= ranks_[k]) return false;
      ranks_[k] = r;
    }
    cells_[k] = c;
    return true;
  }

  /// A point symbol: one cell with rank::point.
  void point(int x, int y, char symbol) noexcept { set(x, y, symbol, rank::point); }

  /// A segment from (x0, y0) to (x1, y1) with the dumb terminal's rules: end cells get pen.end; the
  /// interior of a mostly horizontal segment gets pen.horizontal on the row rounded from the exact
  /// ratio, that of a mostly vertical one pen.vertical; an exact diagonal (or a single cell) is all
  /// pen.diagonal.
  void segment(int x0, int y0, int x1, int y1, const pen& p, rank r, segment_rounding rounding) noexcept {
    const long dx = static_cast<long>(x1) - x0;
    const long dy = static_cast<long>(y1) - y0;
    const long adx = std::labs(dx);
    const long ady = std::labs(dy);
    const int sx = dx >= 0 ? 1 : -1;
    const int sy = dy >= 0 ? 1 : -1;
    if (adx == ady) {
      for (long d = 0; d <= adx; ++d) set(x0 + static_cast<int>(d) * sx, y0 + static_cast<int>(d) * sy, p.diagonal, r);
      return;
    }
    set(x0, y0, p.end, r);
    if (adx > ady) {
      for (long d = 1; d < adx; ++d) {
        const double v = static_cast<double>(dy) * static_cast<double>(d) / static_cast<double>(adx);
        set(x0 + static_cast<int>(d) * sx, y0 + round_offset(v, rounding), p.horizontal, r);
      }
    } else {
      for (long d = 1; d < ady; ++d) {
        const double v = static_cast<double>(dx) * static_cast<double>(d) / static_cast<double>(ady);
        set(x0 + round_offset(v, rounding), y0 + static_cast<int>(d) * sy, p.vertical, r);
      }
    }
    set(x1, y1, p.end, r);
  }

  /// Text starting at column `start` of row `y`. It is dropped whole unless start and y lie on the page
  /// (from rules.min_position up to the last column or row); text running past the right edge is first
  /// moved left to end in the last column (but not past column 0), then cut or wrapped.
  void text(int start, int y, std::string_view s, const text_rules& rules) noexcept {
    if (start < rules.min_position || start >= width_ || y < rules.min_position || y >= height_) return;
    const auto len = static_cast<long>(s.size());
    if (start + len > width_) start = static_cast<int>(std::max(0L, width_ - len));
    for (std::size_t k = 0; k < s.size(); ++k) {
      const long x = start + static_cast<long>(k);
      if (x >= width_ && rules.overflow == text_overflow::cut) break;
      const long i = static_cast<long>(width_) * y + x;
      if (i >= static_cast<long>(cells_.size())) break;
      const auto ki = static_cast<std::size_t>(i);
      if (rules.write == text_write::unconditional || policy_ == overlap::last_wins) {
        cells_[ki] = s[k];
      } else if (rank::text > ranks_[ki]) {
        cells_[ki] = s[k];
        ranks_[ki] = rank::text;
      }
    }
  }

  /// Row y (counted from the bottom) as width characters.
  [[nodiscard]] std::string_view row(int y) const noexcept {
    if (y < 0 || y >= height_) return {};
    return {cells_.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(width_),
            static_cast<std::size_t>(width_)};
  }

  /// The picture top row first, rows joined by '\n' with no newline after the last one; with
  /// trim_trailing_blanks, every row loses its trailing blanks (gnuplot 4.6).
  [[nodiscard]] std::string str(bool trim_trailing_blanks = false) const {
    std::string out;
    out.reserve(cells_.size() + static_cast<std::size_t>(height_));
    for (int y = height_ - 1; y >= 0; --y) {
      std::string_view r = row(y);
      if (trim_trailing_blanks) {
        const auto last = r.find_last_not_of(' ');
        r = last == std::string_view::npos ? std::string_view{} : r.substr(0, last + 1);
      }
      out += r;
      if (y > 0) out += '\n';
    }
    return out;
  }

 private:
  // The linear-buffer rule: 0 <= x <= width and 0 <= y <= height are accepted, and the index must lie
  // inside the buffer. Returns -1 for a rejected write.
  [[nodiscard]] long index(int x, int y) const noexcept {
    if (x < 0 || x > width_ || y < 0 || y > height_) return -1;
    const long i = static_cast<long>(width_) * y + x;
    return i < static_cast<long>(cells_.size()) ? i : -1;
  }

  int width_;
  int height_;
  overlap policy_;
  std::string cells_;
  std::vector<rank> ranks_;
};

}  // namespace perfmail::plot
