#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/table/quantity.hpp"
#include "perfmail/table/render.hpp"
#include "support/seeds.hpp"

#include <limits>
#include <sstream>
#include <string_view>

using namespace perfmail;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

void check_seed(const std::string& number) {
  const auto seed = test::load_seed(number);
  const std::string table = render_table(seed.dialect, seed.header, seed.rows);
  const std::string expected =
      test::read_text(std::filesystem::path(PERFMAIL_GOLDEN_DIR) / ("seed_" + number + ".table.txt"));
  const auto got = lines_of(table);
  const auto want = lines_of(expected);
  for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
    CAPTURE(i);
    CHECK(got[i] == want[i]);
  }
  CHECK(got.size() == want.size());
  CHECK(table == expected);

  // The whole seed email, whitespace collapsed, contains the table collapsed the same way.
  const auto email = test::collapse_whitespace(
      test::read_text(std::filesystem::path(PERFMAIL_TEST_DATA_DIR) / "seeds" / (number + ".email.txt")));
  CHECK(email.find(test::collapse_whitespace(table)) != std::string::npos);
}

}  // namespace

TEST_CASE("seed 000: the classic table with a fail:runs section in the middle comes out exactly") {
  check_seed("000");
}
TEST_CASE("seed 001: the modern table comes out exactly") { check_seed("001"); }
TEST_CASE("seed 002: the classic table with blank changes comes out exactly") { check_seed("002"); }
TEST_CASE("seed 003: the classic table with -100% and 14149% comes out exactly") { check_seed("003"); }

TEST_CASE("printed_change quotes the table's change cell without padding") {
  const auto classic_seed = test::load_seed("000");
  const auto& bw = classic_seed.rows.at(2);
  REQUIRE(bw.name == "fio.write_bw_MBps");
  CHECK(printed_change(table_dialect::classic, bw) == "24%");
  CHECK(relative_change_of(bw).value() == doctest::Approx(24.1213577));
  const auto modern_seed = test::load_seed("001");
  CHECK(printed_change(table_dialect::modern, modern_seed.rows.at(0)) == "+8.2%");
  SUBCASE("a blank classic cell is an empty string") {
    // A row views the comparison that made it: keep the seed alive while the row is used.
    const auto blank_seed = test::load_seed("002");
    const auto& blank = blank_seed.rows.at(1);
    REQUIRE(blank.name == "blogbench.write_score");
    CHECK(printed_change(table_dialect::classic, blank).empty());
  }
}

TEST_CASE("render_table refuses a header whose commit count does not match the columns") {
  auto seed = test::load_seed("002");
  seed.header.commits.pop_back();
  CHECK_THROWS_AS((void)render_table(seed.dialect, seed.header, seed.rows), usage_error);
}

TEST_CASE("values of other tools' results print with four significant digits and a scaled unit") {
  const auto unit = [](std::string_view text) { return *unit_of(text); };
  CHECK(format_quantity(3909, unit("ns/op")) == "3.909\u00b5s");
  CHECK(format_quantity(30.1, unit("ms")) == "30.1ms");
  CHECK(format_quantity(0.0201, unit("s")) == "20.1ms");
  CHECK(format_quantity(1.5, unit("s")) == "1.5s");
  CHECK(format_quantity(41.2, unit("ns")) == "41.2ns");
  CHECK(format_quantity(261.94, unit("MB/s")) == "261.9MB/s");
  CHECK(format_quantity(1553398058.3, unit("bytes_per_second")) == "1.553GB/s");
  CHECK(format_quantity(8, unit("allocs/op")) == "8 allocs");
  CHECK(format_quantity(1024, unit("B/op")) == "1.024kB");
  CHECK(format_quantity(999.96, unit("B/op")) == "1kB");  // rounded to four digits: the next prefix up
  CHECK(format_quantity(0, unit("ns/op")) == "0s");
  CHECK(format_quantity(-2500, unit("ns/op")) == "-2.5\u00b5s");
  CHECK(format_quantity(831300, unit("items_per_second")) == "831.3k/s");
  // A plain number keeps its digits below 1 and names only its thousands.
  CHECK(format_quantity(0.831, metric_unit{}) == "0.831");
  CHECK(format_quantity(182300, metric_unit{}) == "182.3k");
  CHECK(format_quantity(12, metric_unit{}) == "12");
  CHECK(format_quantity(1041, metric_unit{}) == "1041");
  // Past a thousand of the largest prefix, an exponent and no prefix: the number as it is.
  CHECK(format_quantity(999.9e12, metric_unit{}) == "999.9T");
  CHECK(format_quantity(1.001e306, metric_unit{}) == "1.001e+306");
  CHECK(format_quantity(-2e300, unit("ns/op")) == "-2e+291s");
  CHECK(format_quantity(3e18, unit("B/op")) == "3e+18B");
  CHECK_THROWS((void)format_quantity(std::numeric_limits<double>::infinity(), metric_unit{}));
}
