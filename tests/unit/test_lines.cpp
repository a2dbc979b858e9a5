// The lines of a text (perfmail/text/lines.hpp).

#include "perfmail/text/lines.hpp"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

std::vector<std::pair<std::string, std::size_t>> lines_of(std::string_view s) {
  std::vector<std::pair<std::string, std::size_t>> out;
  for (const perfmail::text::line l : perfmail::text::lines(s)) out.emplace_back(std::string(l.text), l.offset);
  return out;
}

using lines = std::vector<std::pair<std::string, std::size_t>>;

}  // namespace

TEST_CASE("a text's lines: each without its break, with its offset, none after a final break") {
  CHECK(lines_of("").empty());
  CHECK(lines_of("a") == lines{{"a", 0}});
  CHECK(lines_of("a\n") == lines{{"a", 0}});
  CHECK(lines_of("\n") == lines{{"", 0}});
  CHECK(lines_of("\n\n") == lines{{"", 0}, {"", 1}});
  CHECK(lines_of("ab\n\ncd") == lines{{"ab", 0}, {"", 3}, {"cd", 4}});
  CHECK(lines_of("ab\r\ncd\n") == lines{{"ab\r", 0}, {"cd", 4}});
}
