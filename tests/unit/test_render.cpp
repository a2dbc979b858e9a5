#include <doctest/doctest.h>

#include "perfmail/table/render.hpp"
#include "support/seeds.hpp"

#include <sstream>

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
