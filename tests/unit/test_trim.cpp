#include <doctest/doctest.h>

#include "perfmail/stats/trim.hpp"

#include <numeric>
#include <vector>

using namespace perfmail;

TEST_CASE("sort_and_trim: no margin below 32 samples") {
  const std::vector<double> xs{3, 1, 2};
  CHECK(sort_and_trim(xs) == std::vector<double>{1, 2, 3});
  CHECK(sort_and_trim(std::vector<double>{}).empty());
}

TEST_CASE("sort_and_trim: n >> 5 samples cut from each end, capped by the margin") {
  std::vector<double> xs(64);
  std::iota(xs.begin(), xs.end(), 0.0);
  const auto two_each = sort_and_trim(xs);
  CHECK(two_each.size() == 60);
  CHECK(two_each.front() == 2);
  CHECK(two_each.back() == 61);
  const auto one_each = sort_and_trim(xs, 1);
  CHECK(one_each.size() == 62);
  CHECK(sort_and_trim(xs, 0).size() == 64);
}

TEST_CASE("sort_and_trim: leading -1 values are the robot's empty data points") {
  CHECK(sort_and_trim(std::vector<double>{5, -1, 3, -1}) == std::vector<double>{3, 5});
  CHECK(sort_and_trim(std::vector<double>{5, -1, -2}) == std::vector<double>{-2, -1, 5});
}

TEST_CASE("range_of_sorted: ends and upper median") {
  const std::vector<double> sorted{1, 2, 3, 4};
  const auto r = range_of_sorted(sorted);
  CHECK(r.min == 1);
  CHECK(r.median == 3);
  CHECK(r.max == 4);
  CHECK(r.length() == 3);
  CHECK(range_of_sorted(std::vector<double>{}).n == 0);
}
