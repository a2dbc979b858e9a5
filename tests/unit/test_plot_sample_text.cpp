#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/plot/sample_text.hpp"

#include <cmath>
#include <sstream>
#include <string>

using namespace perfmail;
using namespace perfmail::plot;

TEST_CASE("sample_text: numbers in every spelling the robot and gnuplot use") {
  CHECK(parse_sample("12") == 12.0);
  CHECK(parse_sample("  -3.5\r") == -3.5);
  CHECK(parse_sample("1.0e+20") == 1e20);
  CHECK(parse_sample("+7") == 7.0);
  CHECK(parse_sample("0x10") == 16.0);
  SUBCASE("NaN and infinities are undefined samples, not errors") {
    CHECK(std::isnan(*parse_sample("NaN")));
    CHECK(std::isnan(*parse_sample("nan")));
    CHECK(std::isinf(*parse_sample("Infinity")));
    CHECK(std::isinf(*parse_sample("-inf")));
    CHECK(std::isinf(*parse_sample("1e400")));
  }
  SUBCASE("garbage is rejected") {
    CHECK_FALSE(parse_sample("12abc"));
    CHECK_FALSE(parse_sample("1d5"));
    CHECK_FALSE(parse_sample("abc"));
    CHECK_FALSE(parse_sample("1 2"));
    CHECK_FALSE(parse_sample(""));
    CHECK_FALSE(parse_sample("   "));
  }
}

TEST_CASE("sample_text: read_samples skips blank lines and names the file and line of a bad number") {
  std::istringstream ok("1\n\n  2.5\nNaN\r\n");
  const auto s = read_samples(ok, "good.txt");
  REQUIRE(s.size() == 3);
  CHECK(s[0] == 1.0);
  CHECK(s[1] == 2.5);
  CHECK(std::isnan(s[2]));

  std::istringstream bad("1\n\n12abc\n3\n");
  try {
    (void)read_samples(bad, "bad.txt");
    FAIL("no exception");
  } catch (const input_error& e) {
    CHECK(e.file() == "bad.txt");
    CHECK(e.place().line == 3);
    CHECK(std::string{e.what()} == "bad.txt:3: not a number: \"12abc\"");
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
      CHECK(std::string{e.what()} == "many.txt:5: more than 3 samples (the limit of runs)");
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
