// How a double is spelled in perfmail's JSON (src/io/json_number.hpp), against spellings made by
// tests/reference/json_number_reference.py from Python's shortest digits, and read back.

#include "io/json_number.hpp"

#include <doctest/doctest.h>

#include <bit>
#include <charconv>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

struct json_number_case {
  std::uint64_t bits;
  const char* text;
};

#include "reference/json_number_reference.inc"

std::string spelled(double x) {
  char buffer[perfmail::io::detail::json_double_room];
  return {buffer, perfmail::io::detail::json_double(buffer, x)};
}

}  // namespace

TEST_CASE("a double in JSON is spelled as the reference spells it from the shortest digits") {
  REQUIRE(json_number_cases.size() > 400);
  for (const json_number_case& c : json_number_cases) {
    const auto x = std::bit_cast<double>(c.bits);
    CAPTURE(c.text);
    CHECK(spelled(x) == c.text);
  }
}

TEST_CASE("a double in JSON reads back as the same double, within the room it is given") {
  std::mt19937_64 engine(7);
  for (int i = 0; i < 200000; ++i) {
    const auto x = std::bit_cast<double>(engine());
    if (!(x - x == 0)) continue;  // not finite: refused before it is written
    const std::string text = spelled(x);
    CAPTURE(text);
    REQUIRE(text.size() <= perfmail::io::detail::json_double_room);
    double back = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), back);
    CHECK(r.ptr == text.data() + text.size());
    CHECK(std::bit_cast<std::uint64_t>(back) == std::bit_cast<std::uint64_t>(x));
  }
}

TEST_CASE("a double JSON cannot hold is written null, as the tree library writes it") {
  CHECK(spelled(std::numeric_limits<double>::quiet_NaN()) == "null");
  CHECK(spelled(std::numeric_limits<double>::infinity()) == "null");
  CHECK(spelled(-std::numeric_limits<double>::infinity()) == "null");
}
