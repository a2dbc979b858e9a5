// Point estimates, intervals and effect sizes (declared in include/perfmail/stats/estimate.hpp).

#include "perfmail/stats/estimate.hpp"

#include "perfmail/error.hpp"
#include "perfmail/stats/significance.hpp"
#include "stats/moments.hpp"
#include "stats/select.hpp"

#include <boost/container/small_vector.hpp>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail {

namespace {

/// The tail probability (1 - confidence) / 2, checked.
double half_tail(double confidence, std::string_view what) {
  if (!(confidence > 0 && confidence < 1)) throw usage_error(std::string{what} + ": confidence must lie between 0 and 1");
  return (1 - confidence) / 2;
}

/// The t above which Student's distribution with `df` degrees of freedom leaves `tail`.
double upper_t_quantile(double df, double tail) {
  return boost::math::quantile(boost::math::complement(boost::math::students_t_distribution<double>{df}, tail));
}

/// What the two intervals from the means (Welch's difference, Fieller's ratio) start from: both sides'
/// moments scaled by one power of two, and the interval's tail.
struct welch_start {
  detail::sample_moments head;
  detail::sample_moments base;
  int exponent = 0;
  double tail = 0;
};

/// The samples checked (finite, a confidence in (0, 1)) and their moments; nullopt below 2 samples a side.
std::optional<welch_start> welch_sides(std::span<const double> base, std::span<const double> head, double confidence,
                                       std::string_view what) {
  detail::require_finite(base, what);
  detail::require_finite(head, what);
  const double tail = half_tail(confidence, what);
  if (base.size() < 2 || head.size() < 2) return std::nullopt;
  const int exponent = detail::common_exponent({base, head});
  return welch_start{detail::moments_scaled(head, exponent), detail::moments_scaled(base, exponent), exponent, tail};
}

/// The largest k for which P(U <= k - 1) <= tail, U the Mann-Whitney statistic of sizes m and n without
/// ties; 0 when even P(U <= 0) exceeds it. Exact where mann_whitney_u is, else from the normal
/// approximation with continuity correction. The last answer is kept: a comparison asks for the same
/// sizes metric after metric.
std::size_t shift_interval_rank(std::size_t m, std::size_t n, double tail) {
  struct key {
    std::size_t m, n;
    double tail;
    bool operator==(const key&) const = default;
  };
  thread_local key last{0, 0, -1};
  thread_local std::size_t last_rank = 0;
  if (last == key{m, n, tail}) return last_rank;
  std::size_t k = 0;
  if (m <= mann_whitney_exact_limit / n) {
    const std::vector<double> pmf = detail::mann_whitney_u_null_pmf(m, n);
    double lower = 0;  // P(U <= k)
    while (k < pmf.size()) {
      lower += pmf[k];
      if (lower > tail) break;
      ++k;
    }
  } else {
    const auto a = static_cast<double>(m);
    const auto b = static_cast<double>(n);
    const double mean = a * b / 2;
    const double sigma = std::sqrt(a * b * (a + b + 1) / 12);
    const double z = boost::math::quantile(boost::math::normal_distribution<double>{}, tail);  // negative
    // P(U <= k - 1) ~ Phi((k - 1 + 0.5 - mean) / sigma) <= tail  <=>  k <= mean + 0.5 + z sigma.
    const double bound = std::floor(mean + 0.5 + z * sigma);
    k = bound > 0 ? static_cast<std::size_t>(bound) : 0;
  }
  last = {m, n, tail};
  last_rank = k;
  return k;
}

/// Room for the differences of up to 32 against 32 runs without the heap: the estimate is asked for
/// metric after metric.
using scratch_doubles = boost::container::small_vector<double, 1024>;

/// The largest of `xs` (not empty, no NaN), in four independent maxima: one chain of maxima waits on
/// each step's latency.
double largest_of(std::span<const double> xs) {
  double lanes[4] = {xs[0], xs[0], xs[0], xs[0]};
  std::size_t i = 0;
  for (; i + 4 <= xs.size(); i += 4)
    for (std::size_t lane = 0; lane < 4; ++lane) lanes[lane] = std::max(lanes[lane], xs[i + lane]);
  for (; i < xs.size(); ++i) lanes[0] = std::max(lanes[0], xs[i]);
  return std::max(std::max(lanes[0], lanes[1]), std::max(lanes[2], lanes[3]));
}

}  // namespace

namespace {

/// The checks every Hodges-Lehmann shift makes first, whichever way it finds the differences' order
/// statistics; gives the interval's tail. Differences of finite doubles can overflow: such a shift is not
/// a double. Rounding is monotonic, so the two extreme differences, max(head) - min(base) and
/// min(head) - max(base), are finite exactly when every difference is.
double checked_shift_tail(std::span<const double> base, std::span<const double> head, double confidence) {
  detail::require_finite(base, "hodges_lehmann_shift");
  detail::require_finite(head, "hodges_lehmann_shift");
  const double tail = half_tail(confidence, "hodges_lehmann_shift");
  if (base.empty() || head.empty()) throw usage_error("hodges_lehmann_shift: a sample is empty");
  const auto [base_low, base_high] = std::minmax_element(base.begin(), base.end());
  const auto [head_low, head_high] = std::minmax_element(head.begin(), head.end());
  if (!std::isfinite(*head_high - *base_low) || !std::isfinite(*head_low - *base_high))
    throw value_error("hodges_lehmann_shift: a difference of two samples is beyond the range of a double");
  return tail;
}

/// The n1 n2 differences head_j - base_i of two sorted samples, never stored: a matrix whose rows follow
/// head in ascending order and whose columns follow base in descending order, so that every row and
/// every column grows. Each entry is the one subtraction the pairwise code makes, and rounding is
/// monotonic, so the rounded entries keep that order: the order statistics are the pairwise code's.
class difference_matrix {
 public:
  difference_matrix(std::span<const double> base, std::span<const double> head)
      : base_(base.begin(), base.end()), head_(head.begin(), head.end()) {
    std::sort(base_.begin(), base_.end(), std::greater<>{});
    std::sort(head_.begin(), head_.end());
  }

  [[nodiscard]] std::uint64_t size() const { return std::uint64_t{head_.size()} * base_.size(); }

  /// The `rank`-th smallest entry (from 0), +0 for a zero of either sign.
  [[nodiscard]] double order_statistic(std::uint64_t rank) const;

  /// The (rank + 1)-th smallest entry given the rank-th, `value` (rank + 1 < size()): `value` again if
  /// more than rank + 1 entries are at most it, else the least entry above it, one row's first after
  /// the entries at most `value`. One count, not a second selection.
  [[nodiscard]] double next_order_statistic(std::uint64_t rank, double value) const {
    std::vector<std::size_t> through(head_.size());
    if (count<true>(value, through) > rank + 1) return value;
    double least = std::numeric_limits<double>::infinity();
    for (std::size_t row = 0; row < head_.size(); ++row)
      if (through[row] < base_.size()) least = std::min(least, at(row, through[row]));
    return least + 0.0;
  }

 private:
  [[nodiscard]] double at(std::size_t row, std::size_t column) const { return head_[row] - base_[column]; }

  /// How many entries of each row are below `value` (at most `value` when `inclusive`), into `per_row`,
  /// and their sum. A row's count never exceeds the one above it, so one column index walks down once
  /// over all rows: O(rows + columns).
  template <bool inclusive>
  std::uint64_t count(double value, std::vector<std::size_t>& per_row) const {
    std::size_t column = base_.size();
    std::uint64_t total = 0;
    for (std::size_t row = 0; row < head_.size(); ++row) {
      if constexpr (inclusive) {
        while (column > 0 && at(row, column - 1) > value) --column;
      } else {
        while (column > 0 && !(at(row, column - 1) < value)) --column;
      }
      per_row[row] = column;
      total += column;
    }
    return total;
  }

  /// In one sweep, how many entries of each row are below `low` and how many at most `high`, and the
  /// sums: two independent walks, so that the second overlaps the first's latency.
  std::pair<std::uint64_t, std::uint64_t> count_both(double low, double high, std::vector<std::size_t>& below_low,
                                                     std::vector<std::size_t>& through_high) const {
    std::size_t low_column = base_.size();
    std::size_t high_column = base_.size();
    std::uint64_t below = 0;
    std::uint64_t through = 0;
    for (std::size_t row = 0; row < head_.size(); ++row) {
      while (low_column > 0 && !(at(row, low_column - 1) < low)) --low_column;
      while (high_column > 0 && at(row, high_column - 1) > high) --high_column;
      below_low[row] = low_column;
      through_high[row] = high_column;
      below += low_column;
      through += high_column;
    }
    return {below, through};
  }

  std::vector<double> base_;  // descending
  std::vector<double> head_;  // ascending
};

double difference_matrix::order_statistic(std::uint64_t rank) const {
  const std::size_t rows = head_.size();
  const std::size_t columns = base_.size();
  // The entries still possible in each row, [first[r], last[r]): everything left of them is below the
  // answer, everything right of it above, so the answer is the (rank - below)-th of them.
  std::vector<std::size_t> first(rows, 0);
  std::vector<std::size_t> last(rows, columns);
  std::uint64_t below = 0;
  std::uint64_t candidates = size();
  // Few enough candidates are gathered and selected directly; before that, each round draws a random
  // sample of the candidates and brackets the rank between two of its order statistics (Floyd and
  // Rivest's idea), which leaves about a tenth of the candidates a round. The pivots depend on the
  // seed; the answer, an order statistic, does not.
  const std::uint64_t gather_limit = std::max<std::uint64_t>(4 * std::uint64_t{rows + columns}, 4096);
  constexpr std::size_t sample_size = 1024;
  std::mt19937_64 random{0x9e3779b97f4a7c15};
  std::vector<std::uint64_t> positions(sample_size);
  std::vector<double> drawn(sample_size);
  std::vector<std::size_t> below_low(rows), through_low(rows), below_high(rows), through_high(rows);
  while (candidates > gather_limit) {
    std::uniform_int_distribution<std::uint64_t> pick{0, candidates - 1};
    for (auto& p : positions) p = pick(random);
    std::sort(positions.begin(), positions.end());
    std::size_t row = 0;
    std::uint64_t row_start = 0;  // the position of row `row`'s first candidate among all candidates
    for (std::size_t i = 0; i < sample_size; ++i) {
      while (positions[i] >= row_start + (last[row] - first[row])) {
        row_start += last[row] - first[row];
        ++row;
      }
      drawn[i] = at(row, first[row] + static_cast<std::size_t>(positions[i] - row_start));
    }
    std::sort(drawn.begin(), drawn.end());
    // Where the rank falls in the sample, give or take three standard deviations of that place.
    const double fraction = static_cast<double>(rank - below) / static_cast<double>(candidates);
    const double centre = fraction * sample_size;
    const double margin = 3 * std::sqrt(sample_size * fraction * (1 - fraction)) + 2;
    const auto clamp_index = [](double i) {
      return static_cast<std::size_t>(std::clamp(i, 0.0, static_cast<double>(sample_size - 1)));
    };
    const double low = drawn[clamp_index(std::floor(centre - margin))];
    const double high = drawn[clamp_index(std::ceil(centre + margin))];
    const auto recount = [&] {
      const std::uint64_t before = candidates;
      below = 0;
      candidates = 0;
      for (std::size_t r = 0; r < rows; ++r) {
        below += first[r];
        candidates += last[r] - first[r];
      }
      return candidates < before;
    };
    // Below `low` and at most `high`, counted in one sweep. The rank below the bracket or above it
    // removes the pivot's own candidate; within it, the candidates between the pivots stay, pivots included.
    const auto [under, through] = count_both(low, high, below_low, through_high);
    if (rank < under) {
      for (std::size_t r = 0; r < rows; ++r) last[r] = std::min(last[r], below_low[r]);
    } else if (rank >= through) {
      for (std::size_t r = 0; r < rows; ++r) first[r] = std::max(first[r], through_high[r]);
    } else {
      for (std::size_t r = 0; r < rows; ++r) {
        first[r] = std::max(first[r], below_low[r]);
        last[r] = std::min(last[r], through_high[r]);
      }
    }
    if (recount()) continue;
    // Nothing left the bracket: every candidate lies in [low, high] (ties). The rank is then at a pivot
    // or strictly between them, and either way the pivots' own entries go, so every round makes progress.
    if (rank < count<true>(low, through_low)) return low + 0.0;
    if (rank >= count<false>(high, below_high)) return high + 0.0;
    for (std::size_t r = 0; r < rows; ++r) {
      first[r] = std::max(first[r], through_low[r]);
      last[r] = std::min(last[r], below_high[r]);
    }
    recount();
  }
  std::vector<double> rest;
  rest.reserve(static_cast<std::size_t>(candidates));
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = first[r]; c < last[r]; ++c) rest.push_back(at(r, c));
  const auto nth = static_cast<std::size_t>(rank - below);
  detail::select_nth(rest, nth);
  return rest[nth] + 0.0;
}

/// At most this many pairs, the differences are held and selected in place: faster than sorting both
/// samples and counting, and without the heap up to scratch_doubles' capacity.
constexpr std::size_t pairwise_limit = 4096;

}  // namespace

namespace detail {

shift_estimate hodges_lehmann_shift_pairwise(std::span<const double> base, std::span<const double> head,
                                             double confidence) {
  const double tail = checked_shift_tail(base, head, confidence);
  // The extreme differences are finite (checked): the loop below has nothing to test and vectorises.
  scratch_doubles differences(base.size() * head.size(), boost::container::default_init);
  double* row = differences.data();
  for (const double h : head) {
    for (std::size_t i = 0; i < base.size(); ++i) row[i] = h - base[i];
    row += base.size();
  }
  // Three order statistics of the differences, not all of them: selection around the middle, then on
  // each side of it. A zero comes out as +0, whichever sign the selection met first.
  const std::span<double> all{differences.data(), differences.size()};
  const std::size_t count = all.size();
  const std::size_t mid = count / 2;
  detail::select_nth(all, mid);
  const double upper_middle = all[mid] + 0.0;
  shift_estimate out;
  out.estimate = count % 2 == 1 ? upper_middle : largest_of(all.first(mid)) / 2 + upper_middle / 2;
  // The i-th smallest (from 0): everything before `mid` is at most the middle, everything after it at least.
  const auto order_statistic = [&](std::size_t i) {
    if (i == mid) return upper_middle;
    if (i < mid) {
      detail::select_nth(all.first(mid), i);
    } else {
      detail::select_nth(all.subspan(mid + 1), i - mid - 1);
    }
    return all[i] + 0.0;
  };
  const std::size_t k = shift_interval_rank(base.size(), head.size(), tail);
  if (k >= 1 && k <= count - k + 1) out.ci = interval{order_statistic(k - 1), order_statistic(count - k)};
  return out;
}

shift_estimate hodges_lehmann_shift_by_selection(std::span<const double> base, std::span<const double> head,
                                                 double confidence) {
  const double tail = checked_shift_tail(base, head, confidence);
  const difference_matrix differences{base, head};
  const std::uint64_t count = differences.size();
  const std::uint64_t mid = count / 2;
  shift_estimate out;
  // The pairwise code's convention for an even count: each middle halved, then added.
  if (count % 2 == 1) {
    out.estimate = differences.order_statistic(mid);
  } else {
    const double lower_middle = differences.order_statistic(mid - 1);
    out.estimate = lower_middle / 2 + differences.next_order_statistic(mid - 1, lower_middle) / 2;
  }
  const std::size_t k = shift_interval_rank(base.size(), head.size(), tail);
  if (k >= 1 && k <= count - k + 1)
    out.ci = interval{differences.order_statistic(k - 1), differences.order_statistic(count - k)};
  return out;
}

}  // namespace detail

shift_estimate hodges_lehmann_shift(std::span<const double> base, std::span<const double> head, double confidence) {
  if (!base.empty() && head.size() <= pairwise_limit / base.size())
    return detail::hodges_lehmann_shift_pairwise(base, head, confidence);
  return detail::hodges_lehmann_shift_by_selection(base, head, confidence);
}

std::optional<shift_estimate> welch_difference(std::span<const double> base, std::span<const double> head,
                                               double confidence) {
  const auto sides = welch_sides(base, head, confidence, "welch_difference");
  if (!sides) return std::nullopt;
  const auto& [x, y, exponent, tail] = *sides;
  const double difference = x.mean - y.mean;
  const double squared_error = x.variance / x.n + y.variance / y.n;
  shift_estimate out;
  out.estimate = std::scalbn(difference, exponent);
  if (!(squared_error > 0)) {
    out.ci = interval{out.estimate, out.estimate};
  } else {
    const double df = detail::welch_degrees_of_freedom(x, y);
    const double t = upper_t_quantile(df, tail);
    const double half_width = t * std::sqrt(squared_error);
    out.ci = interval{std::scalbn(difference - half_width, exponent), std::scalbn(difference + half_width, exponent)};
  }
  if (!std::isfinite(out.estimate) || !std::isfinite(out.ci->low) || !std::isfinite(out.ci->high))
    throw value_error("welch_difference: the difference of the means is beyond the range of a double");
  return out;
}

std::optional<ratio_estimate> fieller_ratio(std::span<const double> base, std::span<const double> head,
                                           double confidence) {
  // One power of two scales both sides: the ratio and the interval do not change.
  const auto sides = welch_sides(base, head, confidence, "fieller_ratio");
  if (!sides) return std::nullopt;
  const auto& [x, y, exponent, tail] = *sides;
  if (y.mean == 0) return std::nullopt;
  ratio_estimate out;
  out.estimate = x.mean / y.mean;
  if (!std::isfinite(out.estimate)) return std::nullopt;
  const double vx = x.variance / x.n;  // squared standard errors of the means
  const double vy = y.variance / y.n;
  if (vx == 0 && vy == 0) {
    out.ci = interval{out.estimate, out.estimate};
    return out;
  }
  // The Welch-Satterthwaite degrees of freedom of mean(head) - R mean(base) at R = the estimate.
  const double df = detail::satterthwaite_degrees_of_freedom(vx, x.n, out.estimate * out.estimate * vy, y.n);
  if (!std::isfinite(df) || !(df > 0)) return out;
  const double t = upper_t_quantile(df, tail);
  // (mx - R my)^2 <= t^2 (vx + R^2 vy) is a quadratic in R: a R^2 - 2 mx my R + c <= 0 with
  // a = my^2 - t^2 vy. Bounded exactly when a > 0, the base mean clearly away from zero.
  const double t2 = t * t;
  const double a = y.mean * y.mean - t2 * vy;
  if (!(a > 0)) return out;
  const double discriminant = std::max(0.0, vx * y.mean * y.mean + vy * x.mean * x.mean - t2 * vx * vy);
  const double centre = x.mean * y.mean;
  const double half_width = t * std::sqrt(discriminant);
  const interval ratios{(centre - half_width) / a, (centre + half_width) / a};
  if (std::isfinite(ratios.low) && std::isfinite(ratios.high)) out.ci = ratios;
  return out;
}

std::optional<ratio_estimate> hodges_lehmann_ratio(std::span<const double> base, std::span<const double> head,
                                                   double confidence) {
  detail::require_finite(base, "hodges_lehmann_ratio");
  detail::require_finite(head, "hodges_lehmann_ratio");
  const auto positive = [](double v) { return v > 0; };
  if (!std::all_of(base.begin(), base.end(), positive) || !std::all_of(head.begin(), head.end(), positive))
    return std::nullopt;
  boost::container::small_vector<double, 64> log_base(base.size(), boost::container::default_init);
  boost::container::small_vector<double, 64> log_head(head.size(), boost::container::default_init);
  std::transform(base.begin(), base.end(), log_base.begin(), [](double v) { return std::log(v); });
  std::transform(head.begin(), head.end(), log_head.begin(), [](double v) { return std::log(v); });
  const shift_estimate shift =
      hodges_lehmann_shift({log_base.data(), log_base.size()}, {log_head.data(), log_head.size()}, confidence);
  // Logs of positive doubles lie within +-745: their differences and exponentials are finite, short of
  // ratios beyond a double's range, which come out as infinity and are refused below.
  ratio_estimate out;
  out.estimate = std::exp(shift.estimate);
  if (shift.ci) out.ci = interval{std::exp(shift.ci->low), std::exp(shift.ci->high)};
  if (!std::isfinite(out.estimate) || (out.ci && !std::isfinite(out.ci->high)))
    throw value_error("hodges_lehmann_ratio: the ratio is beyond the range of a double");
  return out;
}

double cliffs_delta(std::span<const double> base, std::span<const double> head) {
  if (base.empty() || head.empty()) return 0;
  return cliffs_delta_of_u(mann_whitney_u(head, base).statistic, base.size(), head.size());
}

std::optional<double> hedges_g(std::span<const double> base, std::span<const double> head) {
  detail::require_finite(base, "hedges_g");
  detail::require_finite(head, "hedges_g");
  if (base.size() < 2 || head.size() < 2) return std::nullopt;
  const int exponent = detail::common_exponent({base, head});  // g is scale-free
  const detail::sample_moments x = detail::moments_scaled(head, exponent);
  const detail::sample_moments y = detail::moments_scaled(base, exponent);
  const double df = x.n + y.n - 2;
  const double pooled = std::sqrt(((x.n - 1) * x.variance + (y.n - 1) * y.variance) / df);
  if (!(pooled > 0)) return std::nullopt;
  const double correction = std::exp(std::lgamma(df / 2) - std::lgamma((df - 1) / 2)) / std::sqrt(df / 2);
  return (x.mean - y.mean) / pooled * correction;
}

std::size_t median_interval_rank(std::size_t n, double confidence) {
  const double tail = half_tail(confidence, "median_interval");
  if (n == 0) return 0;
  // Asked for column after column with the same run count: the last answer is kept.
  thread_local std::size_t kept_n = 0;
  thread_local double kept_tail = -1;
  thread_local std::size_t kept_rank = 0;
  if (kept_n == n && kept_tail == tail) return kept_rank;
  const boost::math::binomial_distribution<double> b(static_cast<double>(n), 0.5);
  // P(B <= k - 1) grows with k: the largest k (at most (n + 1) / 2) with P(B <= k - 1) <= tail.
  std::size_t low = 0;                // known to satisfy (k = 0: nothing below)
  std::size_t high = (n + 1) / 2 + 1; // known not to, or beyond the middle
  while (high - low > 1) {
    const std::size_t mid = low + (high - low) / 2;
    if (boost::math::cdf(b, static_cast<double>(mid - 1)) <= tail) low = mid;
    else high = mid;
  }
  kept_n = n;
  kept_tail = tail;
  kept_rank = low;
  return low;
}

std::optional<interval> median_interval(std::span<const double> sorted, double confidence) {
  const std::size_t k = median_interval_rank(sorted.size(), confidence);
  if (k == 0) return std::nullopt;
  return interval{sorted[k - 1], sorted[sorted.size() - k]};
}

}  // namespace perfmail
