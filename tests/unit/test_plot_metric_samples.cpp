// What a trend plot takes from result sets (plot/metric_samples.hpp), and what a gnuplot look leaves
// out of it (plot/trend_plot.hpp).

#include <doctest/doctest.h>

#include "perfmail/model/matrix.hpp"
#include "perfmail/model/series.hpp"
#include "perfmail/plot/metric_samples.hpp"
#include "perfmail/plot/trend_plot.hpp"

#include <cmath>
#include <limits>
#include <optional>

using namespace perfmail;

TEST_CASE("plot samples: a metric's runs in run order, a missing run an undefined sample in its place") {
  metric_series lat("lat");
  lat.push_back(3, sample_kind::floating);
  lat.push_missing();
  lat.push_back(5, sample_kind::integer);
  matrix results;
  results.add(lat);
  results.add_textual("host");
  const plot::trend_series samples = plot::metric_samples(results, "lat");
  REQUIRE(samples);
  REQUIRE(samples->size() == 3);
  CHECK((*samples)[0] == 3);
  CHECK(std::isnan((*samples)[1]));
  CHECK((*samples)[2] == 5);
  CHECK_FALSE(plot::metric_samples(results, "host"));  // text: nothing to plot
  CHECK_FALSE(plot::metric_samples(results, "none"));
}

TEST_CASE("plot samples: a gnuplot look leaves out the finite samples from half the largest double on") {
  constexpr double from = plot::gnuplot_undefined_from;
  constexpr double inf = std::numeric_limits<double>::infinity();
  CHECK(from == std::numeric_limits<double>::max() / 2);
  const plot::trend_series good = plot::samples{1, from, -from, std::nextafter(from, 0.0), inf,
                                                std::numeric_limits<double>::quiet_NaN()};
  const plot::trend_series bad = plot::samples{std::numeric_limits<double>::max(), -2};
  // NaN and the infinities are undefined in every look: not counted.
  CHECK(plot::gnuplot_undefined_count(good, bad) == 3);
  CHECK(plot::gnuplot_undefined_count(good, std::nullopt) == 2);
  CHECK(plot::gnuplot_undefined_count(std::nullopt, std::nullopt) == 0);
}
