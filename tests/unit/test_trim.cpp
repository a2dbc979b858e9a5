#include <doctest/doctest.h>

#include "perfmail/stats/sorted_copy.hpp"
#include "perfmail/stats/trim.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
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

TEST_CASE("trim_sorted and sort_and_trim_into: the same samples as sort_and_trim") {
  const std::vector<double> xs{9, -1, 4, 4, 7, -1, 1, 3, 8, 2, 6, 5, 0, 12, 11, 10, 13, 14, 15, 16, 17, 18, 19, 20,
                               21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, -3, 40, 41, 42};
  for (const std::optional<std::size_t> margin : {std::optional<std::size_t>{}, std::optional<std::size_t>{0},
                                                  std::optional<std::size_t>{1}, std::optional<std::size_t>{3}}) {
    const auto expected = sort_and_trim(xs, margin);
    std::vector<double> buffer{99, 98};  // stale contents must not matter
    const auto kept = sort_and_trim_into(xs, buffer, margin);
    CHECK(std::vector<double>(kept.begin(), kept.end()) == expected);
    std::vector<double> sorted = xs;
    std::sort(sorted.begin(), sorted.end());
    const auto trimmed = trim_sorted(sorted, margin);
    CHECK(std::vector<double>(trimmed.begin(), trimmed.end()) == expected);
  }
  std::vector<double> buffer;
  CHECK(sort_and_trim_into(std::vector<double>{}, buffer).empty());
  CHECK(trim_sorted(std::vector<double>{-1, -1}).empty());
}

TEST_CASE("sorted_copy: ascending, for columns short and long, with ties, signs and both zeros") {
  unsigned state = 2026;
  const auto next = [&state] {
    state = state * 1664525U + 1013904223U;
    return static_cast<double>(static_cast<int>((state >> 20) % 41) - 20) * 0.5;  // many ties
  };
  std::vector<double> out{7, 7, 7};  // stale contents must not matter
  for (std::size_t n = 0; n <= 2 * rank_sort_limit + 1; ++n) {
    std::vector<double> xs(n);
    for (auto& x : xs) x = next();
    if (n > 3) xs[1] = -0.0;
    std::vector<double> expected = xs;
    std::sort(expected.begin(), expected.end());
    sorted_copy(xs, out);
    CAPTURE(n);
    CHECK(out == expected);
  }
}
