#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/plot/sample_text.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <string>

using namespace perfmail;
using namespace perfmail::plot;

TEST_CASE("sample_text: a value is a number in JSON's grammar or a word for an undefined sample") {
  CHECK(parse_sample("12") == 12.0);
  CHECK(parse_sample("-3.5") == -3.5);
  CHECK(parse_sample("1.0e+20") == 1e20);
  CHECK(parse_sample("-0") == 0.0);
  SUBCASE("NaN and infinities are undefined samples, not errors") {
    CHECK(std::isnan(*parse_sample("NaN")));
    CHECK(std::isnan(*parse_sample("nan")));
    CHECK(*parse_sample("Infinity") == std::numeric_limits<double>::infinity());
    CHECK(*parse_sample("-inf") == -std::numeric_limits<double>::infinity());
    CHECK(std::isinf(*parse_sample("1e400")));
  }
  SUBCASE("anything else is refused, including what strtod would read") {
    for (const char* token : {"12abc", "1d5", "abc", "1 2", "", "+7", "0x10", "0123", ".5", "1.", "1e", "-", "NAN",
                              "infinity", " 1"}) {
      CAPTURE(token);
      CHECK_FALSE(parse_sample(token));
    }
  }
}

TEST_CASE("sample_text: values separated by white space or commas, with comments") {
  SUBCASE("one per line, several per line, commas, blank lines, comments, CRLF") {
    const auto s = parse_samples("1\n\n  2.5 3,4 , 5\r\n# a comment\nNaN # undefined\n6,7", "good.txt");
    REQUIRE(s.size() == 8);
    CHECK(s[0] == 1.0);
    CHECK(s[1] == 2.5);
    CHECK(s[4] == 5.0);
    CHECK(std::isnan(s[5]));
    CHECK(s[7] == 7.0);
  }
  SUBCASE("a bad token is named with its line and column, cut to a readable length") {
    CHECK_THROWS_WITH_AS((void)parse_samples("1\n\n  12abc\n3\n", "bad.txt"), "bad.txt:3:3: not a number: \"12abc\"",
                         input_error);
    CHECK_THROWS_WITH_AS((void)parse_samples("1 0x4000", "bad.txt"), "bad.txt:1:3: not a number: \"0x4000\"", input_error);
    const std::string long_token(2'000'000, '7');
    CHECK_THROWS_WITH_AS((void)parse_samples("x" + long_token, "bad.txt"),
                         ("bad.txt:1:1: not a number: \"x" + std::string(39, '7') + "...\"").c_str(), input_error);
  }
  SUBCASE("a comma needs a value on each side") {
    CHECK_THROWS_WITH_AS((void)parse_samples("1,,2", "c.txt"), "c.txt:1:3: a comma with no value before it", input_error);
    CHECK_THROWS_WITH_AS((void)parse_samples(", 1", "c.txt"), "c.txt:1:1: a comma with no value before it", input_error);
    CHECK_THROWS_WITH_AS((void)parse_samples("1, 2,\n", "c.txt"), "c.txt:1:5: a comma with no value after it",
                         input_error);
  }
}

TEST_CASE("sample_text: read_samples reads a stream whole and names the file of a bad number") {
  std::istringstream ok("1\n\n  2.5\nNaN\r\n");
  const auto s = read_samples(ok, "good.txt");
  REQUIRE(s.size() == 3);
  CHECK(std::isnan(s[2]));
  std::istringstream bad("1\n\n12abc\n3\n");
  try {
    (void)read_samples(bad, "bad.txt");
    FAIL("no exception");
  } catch (const input_error& e) {
    CHECK(e.file() == "bad.txt");
    CHECK(e.place().line == 3);
    CHECK(std::string{e.what()} == "bad.txt:3:1: not a number: \"12abc\"");
  }
}

TEST_CASE("sample_text: an empty stream is an empty set") {
  std::istringstream empty("\n \n");
  CHECK(read_samples(empty, "x").empty());
}

TEST_CASE("sample_text: text and samples beyond the limits are refused while reading") {
  SUBCASE("more samples than the limit names the line of the first one too many") {
    std::istringstream in("1\n2\n\n3\n4\n");
    try {
      (void)read_samples(in, "many.txt", {1024, 3});
      FAIL("no exception");
    } catch (const input_error& e) {
      CHECK(std::string{e.what()} == "many.txt:5:1: more than 3 samples (the limit of runs)");
    }
    std::istringstream exact("1\n2\n3\n");
    CHECK(read_samples(exact, "x", {1024, 3}).size() == 3);
  }
  SUBCASE("more bytes than the limit, even on one endless line") {
    std::istringstream line(std::string(200000, '1'));
    CHECK_THROWS_WITH_AS((void)read_samples(line, "<stdin>", {100000, 10}),
                         "<stdin>: more than 100000 bytes (the limit of input size)", input_error);
    std::istringstream fits("12\n");
    CHECK(read_samples(fits, "x", {3, 10}).size() == 1);
  }
  SUBCASE("a line without a newline at the end is read") {
    std::istringstream last("1\n2");
    CHECK(read_samples(last, "x").size() == 2);
  }
}
