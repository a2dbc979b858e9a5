#include <doctest/doctest.h>

#include "perfmail/plot/axis.hpp"

#include <cmath>
#include <string>
#include <vector>

using namespace perfmail::plot;

namespace {

std::vector<std::string> labels(const y_axis& a) {
  std::vector<std::string> out;
  for (const auto& t : a.tics) out.push_back(t.label);
  return out;
}

}  // namespace

TEST_CASE("axis: an empty range is widened by 1 % of the value, or to -1..1 at zero") {
  CHECK(widen_empty(5) == value_range{4.95, 5.05});
  CHECK(widen_empty(-200) == value_range{-202, -198});
  CHECK(widen_empty(0) == value_range{-1, 1});
}

TEST_CASE("axis: the tick step is 0.2, 0.5 or 1 times a power of ten") {
  CHECK(tick_step(8e6) == 1e6);
  CHECK(tick_step(72500) == 10000);
  CHECK(tick_step(0.42) == doctest::Approx(0.05));
  CHECK(tick_step(10) == 2);
  SUBCASE("the thresholds are strict: span / power of exactly 2 or 5 takes the next factor") {
    CHECK(tick_step(2) == 0.5);
    CHECK(tick_step(std::nextafter(2.0, 0.0)) == doctest::Approx(0.2));
    CHECK(tick_step(5) == 1);
    CHECK(tick_step(std::nextafter(5.0, 0.0)) == 0.5);
  }
  SUBCASE("floating point decides the borderline: a span a hair below 0.1 takes step 0.01") {
    CHECK(tick_step(0.09999999999999964) == doctest::Approx(0.01));
  }
}

TEST_CASE("axis: the range is extended outward to whole steps in plain double arithmetic") {
  CHECK(extend_to_steps({2.05e7, 2.85e7}, 1e6) == value_range{2e7, 2.9e7});
  CHECK(extend_to_steps({-6, 4}, 2) == value_range{-6, 4});
  SUBCASE("0.3 / 0.1 is 2.9999999999999996, so a minimum of 0.3 extends down to 0.2") {
    CHECK(extend_to_steps({0.3, 0.9}, 0.1).lo == doctest::Approx(0.2));
  }
}

TEST_CASE("axis: tics are accumulated by repeated addition") {
  const auto t = enumerate_tics({0, 0.45}, 0.05);
  REQUIRE(t.values.size() == 10);
  CHECK_FALSE(t.precision_stall);
  CHECK(t.values[3] == 0.05 + 0.05 + 0.05);  // 0.15000000000000002, not 0.15
  CHECK(t.values[3] != 0.15);
}

TEST_CASE("axis: a step that no longer moves the value leaves exactly two tics") {
  SUBCASE("1e16 .. 1e16 + 2 stalls") {
    const auto a = make_y_axis(10000000000000000.0, 10000000000000002.0, fixed_point_rule::span_or_min_below_10);
    CHECK(a.precision_stall);
    CHECK(labels(a) == std::vector<std::string>{" 1e+16", " 1e+16"});
  }
  SUBCASE("a step below the spacing of doubles that still moves the value is not a stall") {
    const auto t = enumerate_tics({6e16, 6e16 + 16}, 5);
    CHECK_FALSE(t.precision_stall);
    CHECK(t.values == std::vector<double>{6e16, 6e16 + 8, 6e16 + 16});
  }
}

TEST_CASE("axis: a range whose span overflows has no tics") {
  const auto a = make_y_axis(-8.9e307, 7e307, fixed_point_rule::span_or_min_below_10);
  CHECK(std::isinf(a.range.hi - a.range.lo));
  CHECK(a.tics.empty());
  CHECK(a.left_margin() == 2);
  CHECK_FALSE(make_y_axis(-8.9e307, 5e307, fixed_point_rule::span_or_min_below_10).tics.empty());
}

TEST_CASE("axis: labels are printed like C's % g") {
  CHECK(format_g(0) == " 0");
  CHECK(format_g(0.45) == " 0.45");
  CHECK(format_g(450000) == " 450000");
  CHECK(format_g(1e6) == " 1e+06");
  CHECK(format_g(2.9e7) == " 2.9e+07");
  CHECK(format_g(-0.5) == "-0.5");
  CHECK(format_g(1.35e-11) == " 1.35e-11");
}

TEST_CASE("axis: the fixed-point label rule differs between looks") {
  SUBCASE("1.1e-5 .. 1.45e-5: six decimals in every look, repeated labels, no leading blank") {
    for (auto rule : {fixed_point_rule::span_up_to_14, fixed_point_rule::span_or_min_up_to_14,
                      fixed_point_rule::span_or_min_below_10}) {
      const auto a = make_y_axis(1.1e-5, 1.45e-5, rule);
      CHECK(a.format.decimals == 6);
      CHECK(a.tics.front().label == "0.000011");
      CHECK(a.tics.at(1).label == "0.000012");
      CHECK(a.tics.at(2).label == "0.000012");
    }
  }
  SUBCASE("around 1e-11: 4.6 and 5.0 print 12 decimals, 5.2 and later fall back to % g") {
    CHECK(choose_label_format({1.1e-11, 1.5e-11}, fixed_point_rule::span_up_to_14).decimals == 12);
    CHECK(choose_label_format({1.1e-11, 1.5e-11}, fixed_point_rule::span_or_min_up_to_14).decimals == 12);
    CHECK(choose_label_format({1e-16, 1e-15}, fixed_point_rule::span_or_min_up_to_14).decimals == 14);
    CHECK(choose_label_format({1.1e-11, 1.5e-11}, fixed_point_rule::span_or_min_below_10).decimals == -1);
  }
  SUBCASE("4.6 looks at the span alone; 5.x also at the distance from zero") {
    const value_range r{1e-6, 1e-3};
    CHECK(choose_label_format(r, fixed_point_rule::span_up_to_14).decimals == -1);
    CHECK(choose_label_format(r, fixed_point_rule::span_or_min_up_to_14).decimals == 6);
    CHECK(choose_label_format(r, fixed_point_rule::span_or_min_below_10).decimals == 6);
  }
  SUBCASE("a range containing zero always uses % g") {
    CHECK(choose_label_format({-1e-7, 1e-7}, fixed_point_rule::span_up_to_14).decimals == -1);
  }
}

TEST_CASE("axis: worked examples give their labels and left margin") {
  SUBCASE("2.05e7 .. 2.85e7") {
    const auto a = make_y_axis(2.05e7, 2.85e7, fixed_point_rule::span_or_min_below_10);
    CHECK(a.step == 1e6);
    CHECK(a.range == value_range{2e7, 2.9e7});
    CHECK(a.tics.size() == 10);
    CHECK(a.tics.front().label == " 2e+07");
    CHECK(a.tics.back().label == " 2.9e+07");
    CHECK(a.left_margin() == 10);
  }
  SUBCASE("a constant 0 gives -1 .. 1 in halves") {
    const auto a = make_y_axis(0, 0, fixed_point_rule::span_or_min_below_10);
    CHECK(labels(a) == std::vector<std::string>{"-1", "-0.5", " 0", " 0.5", " 1"});
    CHECK(a.left_margin() == 6);
  }
  SUBCASE("a constant 5 gives 4.95 .. 5.05 in hundredths") {
    const auto a = make_y_axis(5, 5, fixed_point_rule::span_or_min_below_10);
    CHECK(a.tics.size() == 11);
    CHECK(a.tics.front().label == " 4.95");
    CHECK(a.tics.at(5).label == " 5");
  }
  SUBCASE("a tic within a hundredth of a step of zero is labelled 0") {
    const auto a = make_y_axis(-0.3, 0.3, fixed_point_rule::span_or_min_below_10);
    bool zero = false;
    for (const auto& t : a.tics) zero = zero || t.label == " 0";
    CHECK(zero);
  }
}

TEST_CASE("axis: cell_scale rounds half up and clamps far-off values") {
  const cell_scale rows({0, 14}, 2, 16);
  CHECK(rows(0) == 2);
  CHECK(rows(14) == 16);
  CHECK(rows(6.5) == 9);  // exactly half way goes up
  CHECK(rows(6.4) == 8);
  CHECK(rows(1e300) == 1 << 20);
  CHECK(rows(-1e300) == -(1 << 20));
  SUBCASE("a position that is not a number maps to no cell") {
    const cell_scale flat({-1e308, 8e307}, 2, 16);  // the span overflows: the scale is 0
    CHECK(flat(0) == 2);
    CHECK_FALSE(flat(8.9e307));  // (8.9e307 + 1e308) * 0 is NaN
  }
}
