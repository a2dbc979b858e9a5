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
