#include <doctest/doctest.h>

#include "perfmail/error.hpp"

#include <string>

using perfmail::input_error;
using perfmail::input_place;

TEST_CASE("input_error names the file, the place and the problem") {
  SUBCASE("line and column") {
    const input_error e("base/matrix.json", input_place::at(3, 17), "truncated JSON");
    CHECK(std::string{e.what()} == "base/matrix.json:3:17: truncated JSON");
    CHECK(e.file() == "base/matrix.json");
    CHECK(e.place().line == 3);
    CHECK(e.problem() == "truncated JSON");
  }
  SUBCASE("line without column") {
    CHECK(std::string{input_error("good.txt", input_place::at(12), "not a number: \"12abc\"").what()} ==
          "good.txt:12: not a number: \"12abc\"");
  }
  SUBCASE("a named item") {
    CHECK(std::string{input_error("m.json", input_place::named("metric \"x\""), "has 3 samples").what()} ==
          "m.json: metric \"x\": has 3 samples");
  }
  SUBCASE("no place") { CHECK(std::string{input_error("m.json", "no such file").what()} == "m.json: no such file"); }
  SUBCASE("no file name") { CHECK(std::string{input_error("", "empty").what()} == "<input>: empty"); }
}

TEST_CASE("every perfmail exception is a perfmail::error") {
  CHECK_THROWS_AS(throw input_error("f", "p"), perfmail::error);
  CHECK_THROWS_AS(throw perfmail::usage_error("bad style"), perfmail::error);
}

TEST_CASE("messages are one printable line whatever input they quote") {
  SUBCASE("control characters are escaped") {
    CHECK(std::string{input_error("good.txt", input_place::at(3), "not a number: \"22\x1d" "0\"").what()} ==
          "good.txt:3: not a number: \"22\\x1D0\"");
    CHECK(std::string{perfmail::usage_error("unknown policy \"a\nb\tc\x7f\"").what()} ==
          "unknown policy \"a\\x0Ab\\x09c\\x7F\"");
  }
  SUBCASE("bytes outside well-formed UTF-8 are escaped, UTF-8 text is kept") {
    CHECK(perfmail::printable_message("\xC3\xA9 \xC3 \xE2\x82 \xF0\x9F\x98\x80 \xED\xA0\x80") ==
          "\xC3\xA9 \\xC3 \\xE2\\x82 \xF0\x9F\x98\x80 \\xED\\xA0\\x80");
    CHECK(perfmail::printable_message("\xC0\x80") == "\\xC0\\x80");  // an overlong NUL
  }
  SUBCASE("a long message is cut by bytes, at a character boundary") {
    // Two-byte characters: a cut by characters would let the message grow to twice the bound.
    std::string wide;
    for (int i = 0; i < 3000; ++i) wide += "\xC3\xA9";
    const std::string message = perfmail::printable_message(wide);
    CHECK(message.size() <= perfmail::max_message_bytes + 3);
    CHECK(message.ends_with("..."));
    CHECK(message.substr(0, message.size() - 3) == wide.substr(0, perfmail::max_message_bytes));
  }
  SUBCASE("a file name is escaped too") {
    CHECK(std::string{input_error("a\nb.json", "no such file").what()} == "a\\x0Ab.json: no such file");
  }
}
