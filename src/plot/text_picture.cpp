// The decorations of the text pictures (src/plot/text_picture.hpp).

#include "text_picture.hpp"

#include "perfmail/text/utf8.hpp"

#include <algorithm>
#include <climits>
#include <cstddef>
#include <utility>

namespace perfmail::plot::detail {

text_grid::text_grid(int width, int height)
    : width_(width),
      rows_(static_cast<std::size_t>(std::max(height, 0)), std::vector<text_cell>(static_cast<std::size_t>(std::max(width, 0)))) {}

void text_grid::put(int x, int y, std::string glyph, unicode_ink ink) {
  if (x < 0 || y < 0 || x >= width_ || y >= height()) return;
  rows_[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = {std::move(glyph), ink};
}

void text_grid::write(int x, int y, std::string_view text, unicode_ink ink) {
  for (std::size_t i = 0; i < text.size();) {
    const text::utf8_sequence seq = text::decode_utf8(text, i);
    const std::size_t length = seq.valid() ? seq.length : 1;
    put(x++, y, std::string(text.substr(i, length)), ink);
    if (seq.valid() && is_wide(seq.code)) put(x++, y, "", ink);
    i += length;
  }
}

void text_grid::write_wide(int x, int y, const fitted_text& text, unicode_ink ink) {
  put(x, y, text.text, ink);
  for (int i = 1; i < text.columns; ++i) put(x + i, y, "", ink);
}

void text_grid::draw(int x, int y, const braille_grid& dots) {
  for (int r = 0; r < dots.dot_height() / 4; ++r) {
    int column = x;
    for (const auto& g : dots.row(r)) put(column++, y + r, g.text, g.ink);
  }
}

std::string text_grid::text(bool colour) const {
  std::string out;
  for (std::size_t r = 0; r < rows_.size(); ++r) {
    styled_line line(colour);
    for (const text_cell& c : rows_[r]) line.add(c.glyph, c.ink);
    out += line.finish();
    if (r + 1 < rows_.size()) out += '\n';
  }
  return out;
}

fitted_text fit_title(const text_grid& grid, std::string_view title) {
  return fit_columns(title, grid.width());
}

void put_title(text_grid& grid, const fitted_text& title, int start) {
  if (title.columns == 0) return;
  grid.write_wide(std::clamp(start, 0, grid.width() - title.columns), 0, title, unicode_ink::title);
}

int label_columns(std::span<const y_label> labels) {
  int widest = 0;
  for (const y_label& l : labels) widest = std::max(widest, fit_columns(l.text, INT_MAX).columns);
  return widest;
}

namespace {

/// Each label right-aligned to end two columns before `column`.
void put_labels(text_grid& grid, int column, std::span<const y_label> labels) {
  for (const y_label& l : labels) {
    const fitted_text text = fit_columns(l.text, std::max(column - 1, 0));
    grid.write(column - 1 - text.columns, l.row, text.text);
  }
}

}  // namespace

void put_unicode_axis(text_grid& grid, int column, int top, int axis_row, std::span<const y_label> labels) {
  for (int y = top; y < axis_row; ++y) {
    grid.put(column - 1, y, " ", unicode_ink::axis);
    grid.put(column, y, "│", unicode_ink::axis);
  }
  put_labels(grid, column, labels);
  for (const y_label& l : labels) grid.put(column, l.row, "┤", unicode_ink::axis);
  grid.put(column, axis_row, "└", unicode_ink::axis);
  for (int x = column + 1; x < grid.width(); ++x) grid.put(x, axis_row, "─", unicode_ink::axis);
}

void put_ascii_box(text_grid& grid, int left, int right, int top, int bottom, std::span<const y_label> labels) {
  for (int x = left; x <= right; ++x) {
    grid.put(x, top, x == left || x == right ? "+" : "-");
    grid.put(x, bottom, x == left || x == right ? "+" : "-");
  }
  for (int y = top + 1; y < bottom; ++y) {
    grid.put(left, y, "|");
    grid.put(right, y, "|");
  }
  put_labels(grid, left, labels);
  for (const y_label& l : labels) grid.put(left, l.row, "+");
}

fitted_text cut_label(std::string_view label, int columns) {
  fitted_text whole = fit_columns(label, columns);
  if (whole.text.size() == label.size() || columns < 1) return whole;
  fitted_text out = fit_columns(label, columns - 1);
  out.text += "\u2026";
  out.columns += 1;
  return out;
}

legend_text cut_legend(std::span<const legend_entry> entries, int label_columns) {
  legend_text out;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    out.labels.push_back(cut_label(entries[i].label, label_columns));
    out.columns += (i == 0 ? 0 : 2) + entries[i].mark_columns + 1 + out.labels.back().columns;
  }
  return out;
}

legend_text fit_legend(std::span<const legend_entry> entries, int columns) {
  legend_text cut = cut_legend(entries, columns);
  if (cut.columns <= columns || entries.empty()) return cut;
  int fixed = 0;  // the marks, the blank after each, the two between entries
  for (const legend_entry& e : entries) fixed += e.mark_columns + 1;
  fixed += 2 * (static_cast<int>(entries.size()) - 1);
  return cut_legend(entries, std::max(1, (columns - fixed) / static_cast<int>(entries.size())));
}

void put_legend(text_grid& grid, int row, int x, std::span<const legend_entry> entries, const legend_text& text) {
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i != 0) x += 2;
    grid.write_wide(x, row, {entries[i].mark, entries[i].mark_columns}, entries[i].ink);
    x += entries[i].mark_columns;
    // The blank and the label as one cell: the mark's ink ends with the mark.
    grid.write_wide(x, row, {" " + text.labels[i].text, text.labels[i].columns + 1});
    x += text.labels[i].columns + 1;
  }
}

}  // namespace perfmail::plot::detail
