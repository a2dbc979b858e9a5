#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/analysis/comparison.hpp"
#include "support/rows.hpp"

#include <cmath>
#include <stdexcept>

using namespace perfmail;
using namespace perfmail::testing;

TEST_CASE("make_row computes each column's summary and each compared column's changes") {
  const auto r = row_of({ints("fio.x", {100, 110}), ints("fio.x", {150}), ints("fio.x", {0, 0, 0})});
  const comparison_row& row = r.row;
  REQUIRE(row.columns.size() == 3);
  CHECK(row.compared_columns() == 2);
  CHECK(row.name == "fio.x");
  CHECK(row.cls.own_metric);
  CHECK(row.columns[0].mean == 105);
  CHECK(row.columns[2].runs == 3);
  CHECK(row.change(1).relative.value() == doctest::Approx(100.0 * 45 / 105));
  CHECK(row.change(1).absolute == 45);
  CHECK(row.change(2).relative.value() == -100);
}

TEST_CASE("failure counts treat missing runs as zero and keep the run count") {
  metric_series head{"dmesg.x"};
  head.push_back(1, sample_kind::integer);
  head.push_missing();
  head.push_missing();
  const auto r = row_of({ints("dmesg.x", {0, 0, 0, 0}), head});
  CHECK(r.row.failure());
  CHECK(r.row.columns[1].failure_count == 1);
  CHECK(r.row.columns[1].runs == 3);
  CHECK(r.row.change(1).reproduction == doctest::Approx(100.0 / 3));
}

TEST_CASE("a zero base has no relative change; the modern table's divides by 1e-100") {
  const auto r = row_of({floats("x", {0.0}), floats("x", {5.0})});
  CHECK_FALSE(r.row.change(1).relative.has_value());
  CHECK(r.row.change(1).modern_relative == 100 * (5.0 - 1e-100) / 1e-100);
}

TEST_CASE("each dialect's spread: the classic shows none for one sample, the modern counts stddev -1") {
  const auto one = row_of({floats("x", {-25}), floats("x", {1})});
  CHECK_FALSE(one.row.columns[0].classic_spread().has_value());
  CHECK(one.row.columns[0].modern_spread() == 4);  // 100 * -1 / -25
  const auto two = row_of({floats("x", {100, 104.2}), floats("x", {1})});
  CHECK(two.row.columns[0].classic_spread().value() == doctest::Approx(2.058).epsilon(0.001));
}

TEST_CASE("a row's changes are of its compared columns only") {
  const auto r = row_of({ints("fio.x", {100}), ints("fio.x", {150})});
  CHECK_THROWS_AS((void)r.row.change(0), std::out_of_range);
  CHECK_THROWS_AS((void)r.row.change(2), std::out_of_range);
}

TEST_CASE("the classic table's mean keeps the sign of a column of -0.0 alone") {
  const auto r = row_of({floats("x", {-0.0, -0.0}), floats("x", {-0.0, 0.0})});
  CHECK(std::signbit(r.row.columns[0].first_sample_mean()));
  CHECK_FALSE(std::signbit(r.row.columns[0].mean));
  CHECK_FALSE(std::signbit(r.row.columns[1].first_sample_mean()));
}

TEST_CASE("make_row needs a base and a compared column") {
  const metric_series only{"x", {1.0}};
  const std::vector<series_view> one{only};
  CHECK_THROWS_AS((void)make_row(one), usage_error);
}
