// Text wrapped to a width (declared in perfmail/text/wrap.hpp).

#include "perfmail/text/lines.hpp"
#include "perfmail/text/wrap.hpp"

#include "perfmail/text/utf8.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

namespace perfmail::text {

namespace {

/// The first `n` columns of `s`, never cutting a UTF-8 sequence.
std::size_t bytes_of_columns(std::string_view s, std::size_t n) {
  std::size_t columns = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      if (columns == n) return i;
      ++columns;
    }
  }
  return s.size();
}

void wrap_line(std::string_view line, std::size_t width, std::size_t hang, std::string& out) {
  const std::size_t indent = std::min(line.find_first_not_of(' '), line.size());
  if (columns_of(line) <= width || indent >= line.size()) {
    out.append(line);
    out += '\n';
    return;
  }
  std::string current(indent, ' ');
  std::size_t current_columns = indent;
  bool empty = true;  // no word on the current line yet
  const std::size_t continuation = std::min(indent + hang, width / 2);
  const auto flush = [&] {
    out += current;
    out += '\n';
    current.assign(continuation, ' ');
    current_columns = continuation;
    empty = true;
  };
  // Words keep the spaces before them (two after a sentence's full stop, columns of a list) unless
  // they begin a line.
  std::size_t at = indent;
  while (at < line.size()) {
    const std::size_t word_at = std::min(line.find_first_not_of(' ', at), line.size());
    if (word_at == line.size()) break;
    const std::size_t gap = word_at - at;
    const std::size_t end = std::min(line.find(' ', word_at), line.size());
    std::string_view word = line.substr(word_at, end - word_at);
    at = end;
    while (!word.empty()) {
      const std::size_t need = columns_of(word) + (empty ? 0 : gap);
      if (current_columns + need <= width) {
        if (!empty) current.append(gap, ' ');
        current += word;
        current_columns += need;
        empty = false;
        break;
      }
      if (!empty) {
        flush();
        continue;
      }
      // A word wider than a whole line: cut it.
      const std::size_t fits = bytes_of_columns(word, width - current_columns);
      current += word.substr(0, fits);
      word.remove_prefix(fits);
      empty = false;
      flush();
    }
  }
  if (!empty) {
    out += current;
    out += '\n';
  }
}

}  // namespace

std::string wrap_text(std::string_view text, int width, int hang) {
  std::string out;
  for (const line l : lines(text))
    wrap_line(l.text, static_cast<std::size_t>(std::max(width, 20)), static_cast<std::size_t>(std::max(hang, 0)), out);
  // wrap_line ends every line; the text may not have ended its last.
  if (!text.empty() && text.back() != '\n' && !out.empty()) out.pop_back();
  return out;
}

}  // namespace perfmail::text
