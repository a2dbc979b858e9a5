#include <doctest/doctest.h>

#include "perfmail/table/row.hpp"

using namespace perfmail;

TEST_CASE("make_row computes each column's summary and each compared column's changes") {
  const auto row = make_row("fio.x",
                            {metric_series{"fio.x", {100, 110}, sample_kind::integer},
                             metric_series{"fio.x", {150}, sample_kind::integer},
                             metric_series{"fio.x", {0, 0, 0}, sample_kind::integer}},
                            false);
  REQUIRE(row.stats.size() == 3);
  REQUIRE(row.changes.size() == 2);
  CHECK(row.compared_columns() == 2);
  CHECK(row.stats[0].stats.mean == 105);
  CHECK(row.stats[2].runs == 3);
  CHECK(row.changes[0].relative.value() == doctest::Approx(100.0 * 45 / 105));
  CHECK(row.changes[0].absolute == 45);
  CHECK(row.changes[1].relative.value() == -100);
}

TEST_CASE("failure counts treat missing runs as zero and keep the run count") {
  metric_series head{"dmesg.x"};
  head.push_back(1, sample_kind::integer);
  head.push_missing();
  head.push_missing();
  const auto row = make_row("dmesg.x", {metric_series{"dmesg.x", {0, 0, 0, 0}, sample_kind::integer}, head}, true);
  CHECK(row.stats[1].failure_count == 1);
  CHECK(row.stats[1].runs == 3);
  CHECK(row.changes[0].reproduction == doctest::Approx(100.0 / 3));
}

TEST_CASE("a zero base has no relative change") {
  const auto row = make_row("x", {metric_series{"x", {0.0}}, metric_series{"x", {5.0}}}, false);
  CHECK_FALSE(row.changes[0].relative.has_value());
}

TEST_CASE("make_row needs a base and a compared column") {
  CHECK_THROWS_AS((void)make_row("x", {metric_series{"x", {1.0}}}, false), usage_error);
}
