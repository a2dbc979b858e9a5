// The selection behind the Hodges-Lehmann estimates (src/stats/select.hpp): the same value as a sort at
// every index, on random values with and without ties, and on the patterns that defeat a median-of-three
// pivot or an unsplit run of equal values.

#include "stats/select.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <random>
#include <vector>

namespace {

/// Selects each index of `values` in a fresh copy and checks the value and the partition around it.
void check_every_index(const std::vector<double>& values) {
  std::vector<double> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t nth = 0; nth < values.size(); ++nth) {
    std::vector<double> xs = values;
    perfmail::detail::select_nth(xs, nth);
    REQUIRE(xs[nth] == sorted[nth]);
    for (std::size_t i = 0; i < nth; ++i) REQUIRE(!(xs[nth] < xs[i]));
    for (std::size_t i = nth + 1; i < xs.size(); ++i) REQUIRE(!(xs[i] < xs[nth]));
    std::sort(xs.begin(), xs.end());
    REQUIRE(xs == sorted);  // a permutation: nothing lost or duplicated
  }
}

}  // namespace

TEST_CASE("select_nth: the sorted value at every index of random values, with and without ties") {
  std::mt19937_64 random{20261204};
  for (const std::size_t n : {1, 2, 3, 16, 17, 40, 100, 401}) {
    std::vector<double> continuous(n);
    std::normal_distribution<double> noise{100, 15};
    for (double& x : continuous) x = noise(random);
    check_every_index(continuous);
    std::vector<double> tied(n);
    std::uniform_int_distribution<int> few{-3, 3};
    for (double& x : tied) x = few(random);
    check_every_index(tied);
  }
}

TEST_CASE("select_nth: patterns that keep a simple pivot at an end") {
  constexpr std::size_t n = 300;
  std::vector<double> ascending(n);
  for (std::size_t i = 0; i < n; ++i) ascending[i] = static_cast<double>(i);
  check_every_index(ascending);
  std::vector<double> descending(ascending.rbegin(), ascending.rend());
  check_every_index(descending);
  check_every_index(std::vector<double>(n, 7.0));
  std::vector<double> organ_pipe(n);
  for (std::size_t i = 0; i < n; ++i) organ_pipe[i] = static_cast<double>(std::min(i, n - 1 - i));
  check_every_index(organ_pipe);
  // Two values only, and zeros of both signs: equal values, whichever lands at the index.
  std::vector<double> two(n);
  for (std::size_t i = 0; i < n; ++i) two[i] = i % 3 == 0 ? 1.0 : (i % 2 == 0 ? 0.0 : -0.0);
  check_every_index(two);
}

TEST_CASE("select_nth: a million equal values") {
  // Equal values are gathered beside the pivot, so the answer comes after one partition; were that lost,
  // the partition budget would still hand the rest to std::nth_element. Either way the value is checked.
  std::vector<double> xs(1'000'000, 2.5);
  perfmail::detail::select_nth(xs, 123'456);
  CHECK(xs[123'456] == 2.5);
}
