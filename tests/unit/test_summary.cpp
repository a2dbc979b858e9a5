#include <doctest/doctest.h>

#include "perfmail/stats/sorted_copy.hpp"
#include "perfmail/stats/summary.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

using namespace perfmail;

// Reference values were computed independently with Python 3 (statistics.pstdev, math.fsum and plain
// float loops); the robot-arithmetic cases come from docs/FORMAT.md of the report format.

TEST_CASE("summarize: the robot's plain left-to-right mean") {
  const std::vector<double> xs{5721.666, 5759.41, 5686.69, 5719.15, 5793.084};
  const auto s = summarize(xs);
  // A compensated sum gives exactly 5736.0; the robot prints 5735 (%d truncates 5735.999999999999).
  CHECK(s.mean == 5735.999999999999);
  CHECK(static_cast<long>(s.mean) == 5735);
  CHECK(s.n == 5);
  CHECK(s.min == 5686.69);
  CHECK(s.max == 5793.084);
  CHECK(s.median == 5721.666);
  CHECK(s.upper_median == 5721.666);
}

TEST_CASE("summarize: population stddev as sqrt(S * (1.0 / n))") {
  const std::vector<double> xs{0, 0, 10382, 0, 0};
  const auto s = summarize(xs);
  CHECK(stddev_percent(s) == 200.0);  // sqrt(S / n) would give 199.99999999999997, printed 199%
  SUBCASE("matches the textbook value") {
    const std::vector<double> ys{2, 4, 4, 4, 5, 5, 7, 9};
    CHECK(summarize(ys).stddev == 2.0);
  }
}

TEST_CASE("summarize: medians") {
  SUBCASE("even count") {
    const auto s = summarize(std::vector<double>{4, 1, 3, 2});
    CHECK(s.median == 2.5);
    CHECK(s.upper_median == 3);
  }
  SUBCASE("odd count") { CHECK(summarize(std::vector<double>{9, 1, 5}).median == 5); }
}

TEST_CASE("median_of: the median summarize gives, alone") {
  const std::vector<std::vector<double>> cases{{},        {5},      {3, 1},         {4, 1, 3, 2},
                                               {1e308, 1.7e308},    {-0.0, 0.0, 0.0}, {2, 2, 1, 9, 9, 9}};
  for (const auto& xs : cases) {
    CHECK(median_of(xs) == summarize(xs).median);
  }
  CHECK(median_of(std::vector<double>{}) == 0);
  CHECK(median_of(std::vector<double>{4, 1, 3, 2}) == 2.5);
  CHECK(median_of(std::vector<double>{1e308, 1.7e308}) == 1.35e308);
  std::vector<double> many(1000);
  for (std::size_t i = 0; i < many.size(); ++i) many[i] = static_cast<double>((i * 7919) % 1000);
  CHECK(median_of(many) == summarize(many).median);
  CHECK(median_of(many) == 499.5);
}

TEST_CASE("summarize: edge cases") {
  SUBCASE("empty") {
    const auto s = summarize(std::vector<double>{});
    CHECK(s.empty());
    CHECK(s.mean == 0);
  }
  SUBCASE("one sample has no spread") {
    const auto s = summarize(std::vector<double>{42});
    CHECK(s.mean == 42);
    CHECK(s.stddev == 0);
    CHECK(s.median == 42);
  }
  SUBCASE("zeros") { CHECK(stddev_percent(summarize(std::vector<double>{0, 0, 0})) == 0); }
  SUBCASE("zero mean with spread") {
    const auto s = summarize(std::vector<double>{-1000, 1000});
    CHECK(s.mean == 0);
    CHECK(s.stddev == 1000);
    CHECK_FALSE(stddev_percent(s).has_value());  // a zero mean with spread has no percentage
  }
  SUBCASE("huge magnitudes do not overflow the sum of two") {
    const auto s = summarize(std::vector<double>{1e308, 1e308});
    CHECK(std::isinf(s.sum));  // the robot's arithmetic overflows too; callers see an infinite mean
    const auto t = summarize(std::vector<double>{1e308});
    CHECK(t.mean == 1e308);
  }
  SUBCASE("tiny magnitudes keep their precision") {
    const auto s = summarize(std::vector<double>{1e-300, 3e-300});
    CHECK(s.mean == doctest::Approx(2e-300).epsilon(1e-12));
  }
}

TEST_CASE("summarize: where the sum starts decides the sign of a zero mean") {
  const std::vector<double> negative_zeros{-0.0, -0.0};
  CHECK_FALSE(std::signbit(summarize(negative_zeros, sum_start::zero).mean));
  CHECK(std::signbit(summarize(negative_zeros, sum_start::first_sample).mean));
  const std::vector<double> mixed{-0.0, 1.0};
  CHECK(summarize(mixed, sum_start::first_sample).mean == 0.5);
}

TEST_CASE("summarize_sorted: the same summary as summarize, from a sorted copy") {
  // Deterministic pseudo-random series of every length up to 70, with ties and negative values, so that
  // both medians, odd and even counts and the stack and heap paths of summarize() are compared.
  unsigned state = 12345;
  const auto next = [&state] {
    state = state * 1103515245U + 12345U;
    return static_cast<double>((state >> 16) % 200) / 4.0 - 10.0;
  };
  for (std::size_t n = 1; n <= 70; ++n) {
    std::vector<double> xs(n);
    for (auto& x : xs) x = next();
    std::vector<double> sorted = xs;
    std::sort(sorted.begin(), sorted.end());
    CAPTURE(n);
    CHECK(summarize_sorted(xs, sorted) == summarize(xs));
    CHECK(summarize_sorted(xs, sorted, sum_start::first_sample) == summarize(xs, sum_start::first_sample));
  }
  CHECK(summarize_sorted({}, {}).empty());
}

TEST_CASE("summarize_sorted: from sorted_copy, the extremes keep the sign of zero that summarize picks") {
  // 0.0 and -0.0 compare equal, so only the order of equal samples decides which one is the minimum:
  // the first smallest and the last largest in run order, as std::minmax_element picks them. Lengths
  // on both sides of the rank sort's limit.
  for (const std::size_t n : {std::size_t{5}, rank_sort_limit, rank_sort_limit + 1, std::size_t{70}}) {
    for (unsigned pattern = 0; pattern < 16; ++pattern) {
      std::vector<double> xs(n);
      for (std::size_t i = 0; i < n; ++i) xs[i] = ((pattern >> (i % 4)) & 1U) != 0 ? -0.0 : 0.0;
      std::vector<double> sorted;
      sorted_copy(xs, sorted);
      const summary a = summarize_sorted(xs, sorted);
      const summary b = summarize(xs);
      CAPTURE(n);
      CAPTURE(pattern);
      CHECK(std::signbit(a.min) == std::signbit(b.min));
      CHECK(std::signbit(a.max) == std::signbit(b.max));
    }
  }
}

TEST_CASE("sorted_copy: the same doubles, bit for bit, as a stable sort") {
  // Columns of every length up to beyond the rank sort's limit, drawn from few values so that most hold
  // equal samples, 0.0 and -0.0 among them: a stable sort keeps equal samples in run order, which shows
  // in the bits only between the two zeros.
  const std::vector<double> values{-0.0, 0.0, 1.0, -1.0, 2.5, 1e300, -1e-300, 7.0};
  std::uint64_t state = 42;
  const auto next = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>(state >> 33);
  };
  std::vector<double> sorted;
  for (std::size_t n = 0; n <= rank_sort_limit + 3; ++n) {
    for (int trial = 0; trial < 200; ++trial) {
      std::vector<double> xs(n);
      const std::size_t spread = 1 + trial % values.size();  // few values: many ties
      for (double& x : xs) x = values[next() % spread];
      std::vector<double> expected = xs;
      std::stable_sort(expected.begin(), expected.end());
      sorted_copy(xs, sorted);
      CAPTURE(n);
      CAPTURE(trial);
      REQUIRE(sorted.size() == n);
      for (std::size_t i = 0; i < n; ++i) {
        REQUIRE(sorted[i] == expected[i]);
        REQUIRE(std::signbit(sorted[i]) == std::signbit(expected[i]));
      }
    }
  }
}

TEST_CASE("summary: the mean and spread stay finite and true where the robot's arithmetic fails") {
  SUBCASE("a sum beyond a double's range: the mean and the median are still doubles") {
    const summary s = summarize(std::vector<double>{1.5e308, 1.6e308});
    CHECK(s.mean == doctest::Approx(1.55e308));
    CHECK(s.median == doctest::Approx(1.55e308));
    CHECK(s.stddev == doctest::Approx(0.05e308));
    CHECK(std::isinf(s.sum));  // the sum itself is not a double; nothing prints it
  }
  SUBCASE("deviations whose squares overflow") {
    const summary s = summarize(std::vector<double>{-1.7e308, 1.7e308});
    CHECK(s.mean == 0);
    CHECK(s.stddev == doctest::Approx(1.7e308));
  }
  SUBCASE("samples near the smallest doubles: the spread the robot's squares lose to underflow") {
    const summary s = summarize(std::vector<double>{1e-200, 3e-200});
    CHECK(s.mean == doctest::Approx(2e-200));
    CHECK(s.stddev == doctest::Approx(1e-200));  // the robot's arithmetic gives 0
    CHECK(stddev_percent(s).value() == doctest::Approx(50));
    const summary subnormal = summarize(std::vector<double>{4e-320, 6e-320});
    CHECK(subnormal.stddev > 0);
  }
  SUBCASE("the ordinary range is the robot's arithmetic, bit for bit") {
    const std::vector<double> xs{5721.666, 5759.41, 5686.69, 5719.15, 5793.084};
    double sum = 0;
    for (double x : xs) sum += x;
    const double mean = sum / 5;
    double squares = 0;
    for (double x : xs) squares += (x - mean) * (x - mean);
    const summary s = summarize(xs);
    CHECK(s.mean == mean);
    CHECK(s.stddev == std::sqrt(squares * (1.0 / 5)));
  }
  SUBCASE("equal samples have no spread at any scale") {
    CHECK(summarize(std::vector<double>{1e-320, 1e-320}).stddev == 0);
    CHECK(summarize(std::vector<double>{1.7e308, 1.7e308, 1.7e308}).stddev == 0);
  }
}
