#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/text/ruby_format.hpp"

#include <fmt/core.h>

#include <cstdlib>
#include <fstream>
#include <limits>
#include <string>

using perfmail::text::ruby_format;

TEST_CASE("ruby_format rounds a value within a few ulps of a decimal tie half to even") {
  CHECK(ruby_format("%.2f", 2.675) == "2.68");  // binary 2.67499999..., C prints 2.67
  CHECK(ruby_format("%.2f", 1.3650000000000002) == "1.36");
  CHECK(ruby_format("%.2f", 0.1250000000000001) == "0.12");
  CHECK(ruby_format("%.0f", 18188.500000000007) == "18188");
}

TEST_CASE("ruby_format agrees with C away from ties") {
  CHECK(ruby_format("%.2f", 2.6751) == "2.68");
  CHECK(ruby_format("%.2f", 2.6749) == "2.67");
  CHECK(ruby_format("%10.4g", 1.231e8) == " 1.231e+08");
  CHECK(ruby_format("%9.0g ", 185856.0) == "    2e+05 ");
  CHECK(ruby_format("%+10.1f%% ", 8.18) == "      +8.2% ");
  CHECK(ruby_format("%+10.2g%% ", 1.1e5) == "  +1.1e+05% ");
  CHECK(ruby_format("%8.0f%%", -100.0) == "    -100%");
}

TEST_CASE("ruby_format keeps trailing zeros where Ruby's %g does") {
  SUBCASE("above the tie, rounded down to an even digit") { CHECK(ruby_format("%+10.2g", 3050000.0000000005) == "  +3.0e+06"); }
  SUBCASE("an integer exactly on the tie") { CHECK(ruby_format("%+10.2g", 605000.0) == "  +6.0e+05"); }
  SUBCASE("below the tie the zeros go") { CHECK(ruby_format("%10.4g", 1268.5000000000007) == "      1268"); }
}

TEST_CASE("%d truncates toward zero, never prints -0, and handles values beyond 64 bits") {
  CHECK(ruby_format("%10d", 442.91) == "       442");
  CHECK(ruby_format("%10d", -48906828.499999985) == " -48906828");
  CHECK(ruby_format("%d", -0.5) == "0");
  CHECK(ruby_format("%d", 1e20) == "100000000000000000000");
}

TEST_CASE("ruby_format spells infinities and NaN as Ruby does") {
  CHECK(ruby_format("%5.1f", std::numeric_limits<double>::infinity()) == "  Inf");
  CHECK(ruby_format("%+.1f", -std::numeric_limits<double>::infinity()) == "-Inf");
  CHECK(ruby_format("%.1f", std::numeric_limits<double>::quiet_NaN()) == "NaN");
}

TEST_CASE("ruby_format refuses patterns it cannot honour") {
  CHECK_THROWS_AS((void)ruby_format("%s", 1.0), perfmail::usage_error);
  CHECK_THROWS_AS((void)ruby_format("no conversion", 1.0), perfmail::usage_error);
  CHECK_THROWS_AS((void)ruby_format("%d %d", 1.0), perfmail::usage_error);
}

TEST_CASE("ruby_format reproduces stored answers of Ruby's format near decimal ties") {
  // Written by tests/differential/format_vs_ruby.rb --write (Ruby 3.1); replayed here without Ruby.
  std::ifstream in(std::string(PERFMAIL_TEST_DATA_DIR) + "/ruby_format_vectors.tsv");
  REQUIRE(in);
  std::size_t checked = 0;
  std::size_t differs_from_c = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto tab1 = line.find('\t');
    const auto tab2 = line.find('\t', tab1 + 1);
    const std::string pattern = line.substr(0, tab1);
    const double value = std::strtod(line.substr(tab1 + 1, tab2 - tab1 - 1).c_str(), nullptr);
    const std::string want = line.substr(tab2 + 2, line.size() - tab2 - 3);
    CAPTURE(line);
    CHECK(ruby_format(pattern, value) == want);
    if (pattern.back() != 'd' && fmt::format(fmt::runtime(perfmail::text::detail::fmt_field(
                                                 perfmail::text::parse_printf_spec(pattern), pattern.back(),
                                                 perfmail::text::parse_printf_spec(pattern).precision)),
                                             value) != want)
      ++differs_from_c;
    ++checked;
  }
  CHECK(checked == 4000);
  CHECK(differs_from_c > 20);  // the file does exercise the cases where Ruby and C disagree
}
