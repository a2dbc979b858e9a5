// Change points over a history of commits (declared in include/perfmail/analysis/history.hpp; the method
// and its measured error rates are in docs/STATISTICS.md, "Change points over a history").

#include "perfmail/analysis/history.hpp"

#include "perfmail/analysis/decide.hpp"
#include "perfmail/analysis/policy.hpp"
#include "perfmail/analysis/verdict.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "stats/moments.hpp"
#include "stats/one_way_anova.hpp"
#include "perfmail/stats/summary.hpp"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <utility>
#include <vector>

namespace perfmail {

namespace {

// --- Seeded permutations -------------------------------------------------------------------------------

/// SplitMix64: a small generator whose output is the same on every platform and standard library (the
/// distributions of <random> are not), so that a seed gives the same change points everywhere.
class splitmix64 {
 public:
  explicit splitmix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() noexcept {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31U);
  }
  /// A uniform draw from [0, bound), without the bias of a plain remainder (rejection of the short tail).
  std::size_t below(std::size_t bound) noexcept {
    const auto b = static_cast<std::uint64_t>(bound);
    const std::uint64_t threshold = (0 - b) % b;
    for (;;)
      if (const std::uint64_t r = next(); r >= threshold) return static_cast<std::size_t>(r % b);
  }

 private:
  std::uint64_t state_;
};

/// A generator of its own for one use: the seed mixed with every part of what the use depends on (a
/// null's segment length and stage, a segment's place for breaking its ties), so that a p does not depend
/// on the order in which segments or metrics are tested, nor on which of them drew a null first.
splitmix64 generator_for(std::uint64_t seed, std::span<const std::uint64_t> parts) {
  splitmix64 mix(seed);
  std::uint64_t state = mix.next();
  for (const std::uint64_t part : parts) state = splitmix64(state ^ part).next();
  return splitmix64(state);
}

// --- E-divisive with means -----------------------------------------------------------------------------

/// A Fenwick tree of counts and sums over value ranks: the distances from a new value to all values
/// added before it, in O(log n). Emptied in O(1): a node written in an earlier generation reads as empty,
/// so that the many short intervals of a search do not each pay for the whole tree.
class rank_tree {
 public:
  explicit rank_tree(std::size_t ranks) : count_(ranks + 1), sum_(ranks + 1), generation_of_(ranks + 1, 0) {}
  void clear() {
    added_ = 0;
    total_ = 0;
    if (++generation_ != 0) return;
    // The generations wrapped around: empty every node for real, once in four billion.
    std::fill(generation_of_.begin(), generation_of_.end(), 0);
    generation_ = 1;
  }
  /// Σ |value - v| over the values added so far, then adds `value` (of rank `rank`, 0-based).
  double distance_then_add(std::size_t rank, double value) {
    std::size_t below_count = 0;
    double below_sum = 0;
    for (std::size_t i = rank + 1; i > 0; i -= i & (~i + 1)) {
      if (generation_of_[i] != generation_) continue;
      below_count += count_[i];
      below_sum += sum_[i];
    }
    const double d = (static_cast<double>(below_count) * value - below_sum) +
                     ((total_ - below_sum) - static_cast<double>(added_ - below_count) * value);
    for (std::size_t i = rank + 1; i < count_.size(); i += i & (~i + 1)) {
      if (generation_of_[i] != generation_) {
        generation_of_[i] = generation_;
        count_[i] = 0;
        sum_[i] = 0;
      }
      ++count_[i];
      sum_[i] += value;
    }
    ++added_;
    total_ += value;
    return d;
  }

 private:
  std::vector<std::size_t> count_;
  std::vector<double> sum_;
  std::vector<std::uint32_t> generation_of_;
  std::uint32_t generation_ = 1;
  std::size_t added_ = 0;
  double total_ = 0;
};

/// The values of one segment with what every split statistic of theirs needs.
struct segment_values {
  std::vector<double> values;      ///< in commit order (or a permutation of it)
  std::vector<std::size_t> ranks;  ///< rank of each value among the segment's distinct values
  std::vector<double> row_total;   ///< by rank: Σ_j |v - v_j| over the whole segment (the same in any order)
  double total = 0;                ///< Σ_{i<j} |v_i - v_j|
};

/// The ranks of the values (0-based), ties broken in a random order drawn from `random`. The search
/// places a split by the values' divergence but tests it by that of their ranks: for a split into m and
/// r ranks the divergence is m r / (m + r) times twice the integral of the squared difference of the two
/// parts' distribution functions over the ranks (a two-sample Cramer-von Mises statistic; exactly so but
/// for Q's within-part means, which leave out each rank's zero distance to itself), so its permutation
/// distribution depends on the segment's length alone, and one null serves every segment of that
/// length, of every metric (permutation_null). Breaking ties at random keeps that so for rounded values
/// (whose ties would otherwise make a null of their own for every pattern of them) and keeps the test
/// exact: under no change the ranks are still a uniformly random order.
std::vector<double> ranks_of(std::span<const double> values, splitmix64 random) {
  std::vector<std::size_t> order(values.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
  for (auto run = order.begin(); run != order.end();) {
    const double tied = values[*run];
    const auto after = std::find_if(run, order.end(), [&](std::size_t k) { return values[k] != tied; });
    // Fisher-Yates over the tied run, from its front: each of its places takes one of those before it.
    for (auto k = run + 1; k < after; ++k)
      std::iter_swap(k, run + static_cast<std::ptrdiff_t>(random.below(static_cast<std::size_t>(k - run) + 1)));
    run = after;
  }
  std::vector<double> out(values.size());
  for (std::size_t r = 0; r < order.size(); ++r) out[order[r]] = static_cast<double>(r);
  return out;
}

segment_values segment_of(std::span<const double> values) {
  segment_values s;
  s.values.assign(values.begin(), values.end());
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t n = sorted.size();
  std::vector<double> prefix(n + 1, 0.0);
  for (std::size_t i = 0; i < n; ++i) prefix[i + 1] = prefix[i] + sorted[i];
  std::vector<double> distinct = sorted;
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  // Row totals from prefix sums of the sorted values: Σ_j |v - v_j| is v times the count below less their
  // sum, plus the sum above less v times their count.
  s.row_total.resize(distinct.size());
  for (std::size_t r = 0; r < distinct.size(); ++r) {
    const double v = distinct[r];
    const auto lower = static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), v) - sorted.begin());
    const auto upper = static_cast<std::size_t>(std::upper_bound(sorted.begin(), sorted.end(), v) - sorted.begin());
    s.row_total[r] = (static_cast<double>(lower) * v - prefix[lower]) +
                     ((prefix[n] - prefix[upper]) - static_cast<double>(n - upper) * v);
  }
  s.ranks.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    s.ranks[i] = static_cast<std::size_t>(std::lower_bound(distinct.begin(), distinct.end(), values[i]) - distinct.begin());
    s.total += s.row_total[s.ranks[i]];
  }
  s.total /= 2;
  return s;
}

/// The best split of a segment: the first index of its right part and its divergence.
struct split {
  std::size_t at = 0;
  double q = 0;
};

/// The split of largest divergence (Matteson and James's Q with exponent 1) of the values [first, end)
/// of `s` in their current order, every split point in one pass over the whole segment, two over a part
/// of it: O(n log n). A pass from the end gives each value's distances to the values after it (over the
/// whole segment they are its row total less its distances to the values before); the pass from the
/// start moves the values one by one from the right part to the left one.
split best_split(const segment_values& s, std::size_t first, std::size_t end, rank_tree& tree,
                 std::vector<double>& to_right) {
  const std::size_t n = end - first;
  split best;
  if (n < 2) return best;
  const bool whole = first == 0 && end == s.values.size();
  double total = s.total;  // Σ |v_i - v_j| over the interval
  if (!whole) {
    to_right.resize(n);
    tree.clear();
    total = 0;
    for (std::size_t i = n; i-- > 0;) {
      to_right[i] = tree.distance_then_add(s.ranks[first + i], s.values[first + i]);
      total += to_right[i];
    }
  }
  tree.clear();
  double within_left = 0;  // Σ |v_i - v_j| within the left part
  double between = 0;      // Σ |v_i - v_j| across the split
  for (std::size_t tau = 0; tau + 1 < n; ++tau) {
    // Moving value tau from the right part to the left one: its distances to the left part leave
    // `between` for `within_left`, its distances to the rest of the right part join `between`.
    const double to_left = tree.distance_then_add(s.ranks[first + tau], s.values[first + tau]);
    within_left += to_left;
    between += (whole ? s.row_total[s.ranks[tau]] - to_left : to_right[tau]) - to_left;
    const double within_right = total - within_left - between;
    const auto m = static_cast<double>(tau + 1);
    const auto r = static_cast<double>(n - tau - 1);
    const double left_mean = m > 1 ? within_left / (m * (m - 1) / 2) : 0;
    const double right_mean = r > 1 ? within_right / (r * (r - 1) / 2) : 0;
    const double q = m * r / (m + r) * (2 * between / (m * r) - left_mean - right_mean);
    if (q > best.q) best = {tau + 1, q};
  }
  return best;
}

/// The stages of the search, each with a statistic of its own and so a permutation null of its own.
enum class search_stage : std::uint8_t {
  whole_segment,  ///< the best split of a whole segment, by the divergence of its ranks
  interval,       ///< the interval of a segment that stands out most from the rest, by its rank sum
};

/// Calls `visit(first, end)` for every interval [first, end) that the interval stage holds against the
/// rest of a segment of `n` values: every length from 4 up to 32, then lengths each about a tenth
/// longer than the one before; each from the segment's start, to its end, and between, starting every
/// sixteenth of its length (every commit for the short ones). What is left on either side is nothing
/// or 4 values or more: a level held for fewer commits is an outlier's, not a step's or a bump's. About
/// 35 n intervals: a bump of any width has one that nearly matches it.
template <class Visit>
void for_each_rest_interval(std::size_t n, Visit&& visit) {
  constexpr std::size_t shortest = 4;
  constexpr std::size_t every_length_up_to = 32;
  for (std::size_t length = shortest; length + shortest <= n;) {
    const std::size_t stride = std::max<std::size_t>(1, length / 16);
    visit(std::size_t{0}, length);
    for (std::size_t first = shortest; first + length + shortest <= n; first += stride) visit(first, first + length);
    visit(n - length, n);
    length += length < every_length_up_to ? 1 : std::max<std::size_t>(1, length / 10);
  }
}

/// An interval of a segment and its squared standardised rank sum against the rest of the segment.
struct interval_score {
  std::size_t first = 0;
  std::size_t end = 0;
  double z2 = 0;
};

/// The interval of `ranks` (0 to n - 1, each once) whose rank sum S over its m ranks stands out most
/// from the rest's: z^2 = (S - m (n - 1) / 2)^2 / (m (n - m) (n + 1) / 12), the Wilcoxon rank-sum
/// statistic's null mean and variance. A shift of the interval's level moves S whichever way the rest
/// lies, so a bump (a change and its return) is one interval, where the best single split of the
/// segment sees only a part of it.
interval_score best_interval(std::span<const double> ranks, std::vector<double>& prefix) {
  const std::size_t n = ranks.size();
  prefix.assign(n + 1, 0.0);
  for (std::size_t i = 0; i < n; ++i) prefix[i + 1] = prefix[i] + ranks[i];
  const auto nd = static_cast<double>(n);
  interval_score best;
  for_each_rest_interval(n, [&](std::size_t first, std::size_t end) {
    const auto m = static_cast<double>(end - first);
    const double d = prefix[end] - prefix[first] - m * (nd - 1) / 2;
    const double z2 = d * d / (m * (nd - m) * (nd + 1) / 12);
    if (z2 > best.z2) best = {first, end, z2};
  });
  return best;
}

/// The permutation distribution of a stage's statistic for one shape of segment: the seed, its length
/// and the stage. Its statistics are drawn as a test first needs them, from a generator of the shape
/// alone, and kept: every later segment of that shape reads the same draws, so a p is the same
/// whichever segment or metric asked first.
class permutation_null {
 public:
  struct shape {
    std::uint64_t seed = 0;
    std::size_t length = 0;
    search_stage stage = search_stage::whole_segment;
    auto operator<=>(const shape&) const = default;
  };

  explicit permutation_null(const shape& of)
      : stage_(of.stage),
        random_(generator_for(of.seed, std::array<std::uint64_t, 2>{of.length, of.stage == search_stage::interval ? 2U : 0U})) {
    std::vector<double> ranks(of.length);
    std::iota(ranks.begin(), ranks.end(), 0.0);
    shuffled_ = segment_of(ranks);
    if (stage_ == search_stage::interval) for_each_rest_interval(of.length, [&](std::size_t, std::size_t) { ++intervals_; });
  }

  /// The statistic of the `index`-th permutation (0-based), drawn now if it was not yet.
  double statistic(std::size_t index, rank_tree& tree, std::vector<double>& scratch) {
    const std::size_t n = shuffled_.values.size();
    while (drawn_.size() <= index) {
      for (std::size_t i = n - 1; i > 0; --i) {
        const std::size_t j = random_.below(i + 1);
        std::swap(shuffled_.values[i], shuffled_.values[j]);
        std::swap(shuffled_.ranks[i], shuffled_.ranks[j]);
      }
      drawn_.push_back(stage_ == search_stage::interval ? best_interval(shuffled_.values, scratch).z2
                                                        : best_split(shuffled_, 0, n, tree, scratch).q);
    }
    return drawn_[index];
  }
  [[nodiscard]] std::size_t drawn() const noexcept { return drawn_.size(); }

  /// The log of a bound on the chance that one shuffle's statistic reaches `q`.
  ///
  /// The whole segment's divergence: for a split into m and r ranks it is at most (m r / n) 2 (n - 1)
  /// D^2, D the largest gap between the parts' distribution functions (the energy distance of the parts
  /// is twice the integral of the squared gap, over ranks 0 to n - 1, and the within-part means of Q
  /// leave out the zero distances of a value to itself, which only lowers Q). The larger part, a sample
  /// without replacement of at least n / 2 of the ranks, strays from their distribution function by more
  /// than it at any of the n points with chance at most 2 n exp(-q / (2 (n - 1))) (Hoeffding's bound,
  /// which holds for sampling without replacement, at each point). Summed over the n - 1 splits.
  ///
  /// An interval's rank sum: the rest's sum tells the same (they add up to n (n - 1) / 2), so the
  /// smaller of the two, k = min(m, n - m) ranks of [0, n - 1], strays from its mean by t with chance at
  /// most 2 exp(-2 t^2 / (k (n - 1)^2)) (Hoeffding again); with t^2 = z^2 m (n - m) (n + 1) / 12 the
  /// exponent is z^2 max(m, n - m) (n + 1) / (6 (n - 1)^2), at least z^2 n (n + 1) / (12 (n - 1)^2).
  /// Summed over the intervals.
  [[nodiscard]] double log_tail_bound(double q) const noexcept {
    const auto n = static_cast<double>(shuffled_.values.size());
    if (stage_ == search_stage::interval)
      return std::log(2 * static_cast<double>(intervals_)) - q * n * (n + 1) / (12 * (n - 1) * (n - 1));
    return std::log(2 * n * (n - 1)) - q / (2 * (n - 1));
  }

 private:
  search_stage stage_;
  splitmix64 random_;
  segment_values shuffled_;
  std::size_t intervals_ = 0;
  std::vector<double> drawn_;
};

/// The nulls drawn so far on this thread, by shape. A search of many metrics of one length (Otava's
/// wide files, a matrix of a whole suite) draws each null once instead of once a segment. Emptied when
/// it holds more than about 32 MiB of draws and segments (many long histories of different lengths).
class permutation_nulls {
 public:
  permutation_null& of(std::size_t length, search_stage stage, std::uint64_t seed) {
    const permutation_null::shape key{seed, length, stage};
    if (held_ > most_held) {
      nulls_.clear();
      held_ = 0;
    }
    auto found = nulls_.find(key);
    if (found == nulls_.end()) {
      held_ += 4 * length;
      found = nulls_.emplace(key, permutation_null(key)).first;
    }
    return found->second;
  }
  /// Counts what a null's new draws hold.
  void drew(std::size_t draws) { held_ += draws; }

 private:
  static constexpr std::size_t most_held = std::size_t{1} << 22U;  // doubles and indices, 8 bytes each
  std::map<permutation_null::shape, permutation_null> nulls_;
  std::size_t held_ = 0;
};

/// The permutation p-value of a segment's statistic, or, once it is certain to exceed `level`, a value
/// above `level` (the share of permutations that reached it so far): p is (1 + count) / (1 +
/// permutations), and a count past level (1 + permutations) - 1 cannot come back below it, so the test
/// stops there (a stable series after a few permutations). The statistic is a maximum over splits or
/// intervals, and that maximum is what is permuted, so the search over them is paid for in the p.
double permutation_p(permutation_nulls& nulls, permutation_null& null, double observed, double level,
                     std::size_t max_permutations, rank_tree& tree, std::vector<double>& scratch) {
  // A tolerance for the rounding of sums taken in another order: a permutation that divides as well is
  // counted as reaching the observed statistic.
  const double reach = observed * (1 - 1e-12);
  const double decided_above = level * static_cast<double>(1 + max_permutations) - 1;
  // Past the bound, no shuffle could reach the observed statistic but with a chance so small that the
  // count of exceedances is zero but once in a billion tests: the full count's p, without the shuffles
  // (a step over many commits, where each shuffle costs a pass of them all).
  constexpr double shortcut_chance = 1e-9;
  if (std::log(static_cast<double>(max_permutations)) + null.log_tail_bound(reach) <= std::log(shortcut_chance))
    return 1 / static_cast<double>(1 + max_permutations);
  const std::size_t drawn_before = null.drawn();
  std::size_t exceedances = 0;
  double p = 0;
  for (std::size_t done = 1; done <= max_permutations; ++done) {
    if (null.statistic(done - 1, tree, scratch) >= reach && static_cast<double>(++exceedances) > decided_above) {
      p = std::max(static_cast<double>(exceedances) / static_cast<double>(done), std::nextafter(level, 2.0));
      break;
    }
  }
  if (p == 0) p = static_cast<double>(1 + exceedances) / static_cast<double>(1 + max_permutations);
  nulls.drew(null.drawn() - drawn_before);
  return p;
}

/// A split kept by the E-divisive loop, in the positions of the commits that have samples.
struct candidate {
  std::size_t at = 0;
  std::optional<double> permutation_p;  ///< nullopt: the newest commit's own test proposed it
  double search_p = 1;                  ///< the p of the search that proposed it, over both searches
};

/// The segment whose best split divides it most, with its bounds and values (nullopt when no segment
/// divides).
struct segment_choice {
  std::size_t first = 0;
  std::size_t end = 0;
  segment_values values;
  split best;
};

std::optional<segment_choice> best_whole_split(std::span<const double> medians, std::span<const std::size_t> bounds,
                                               rank_tree& tree, std::vector<double>& scratch) {
  std::optional<segment_choice> chosen;
  for (std::size_t b = 0; b + 1 < bounds.size(); ++b) {
    if (bounds[b + 1] - bounds[b] < 2) continue;
    segment_values s = segment_of(medians.subspan(bounds[b], bounds[b + 1] - bounds[b]));
    const split best = best_split(s, 0, s.values.size(), tree, scratch);
    if (best.q > 0 && (!chosen || best.q > chosen->best.q)) chosen = segment_choice{bounds[b], bounds[b + 1], std::move(s), best};
  }
  return chosen;
}

/// The segment with the interval that stands out most from the rest of it, by the values' ranks (ties
/// broken in a random order drawn from the seed and the segment's place): the segment's bounds and the
/// interval, in the segment's positions (nullopt when no segment is long enough to hold one).
struct interval_choice {
  std::size_t first = 0;
  std::size_t end = 0;
  interval_score best;
};

/// The generator's parts for breaking the ties of segment [first, end) in the interval stage's ranks.
std::array<std::uint64_t, 3> interval_place(std::size_t first, std::size_t end) { return {first, end, 3}; }

std::optional<interval_choice> best_interval_over_segments(std::span<const double> medians,
                                                           std::span<const std::size_t> bounds, std::uint64_t seed,
                                                           std::vector<double>& scratch) {
  std::optional<interval_choice> chosen;
  for (std::size_t b = 0; b + 1 < bounds.size(); ++b) {
    const std::size_t length = bounds[b + 1] - bounds[b];
    const interval_score best =
        best_interval(ranks_of(medians.subspan(bounds[b], length), generator_for(seed, interval_place(bounds[b], bounds[b + 1]))), scratch);
    if (best.z2 > 0 && (!chosen || best.z2 > chosen->best.z2)) chosen = interval_choice{bounds[b], bounds[b + 1], best};
  }
  return chosen;
}

/// Whether an interval of `values` is a bump: a change and its return, both ends inside the segment
/// and the interval's mean above both sides' or below both.
bool is_bump(std::span<const double> values, const interval_score& interval) {
  if (interval.first == 0 || interval.end >= values.size()) return false;
  const auto mean = [&](std::size_t a, std::size_t b) { return detail::moments_scaled(values.subspan(a, b - a), 0).mean; };
  const double middle = mean(interval.first, interval.end);
  return (middle - mean(0, interval.first)) * (middle - mean(interval.end, values.size())) > 0;
}

/// The sum of squared deviations from their mean of the values `moments` describes: the project's one
/// mean and spread (stats/moments.hpp), whose sample variance has n - 1 in its denominator.
double squares_about_mean(const detail::sample_moments& moments) {
  return moments.n > 1 ? moments.variance * (moments.n - 1) : 0;
}

/// The residual sum of squares of steps at `splits` (increasing positions of `values`): each part at
/// its mean.
double steps_rss(std::span<const double> values, std::span<const std::size_t> splits) {
  double rss = 0;
  std::size_t a = 0;
  for (std::size_t k = 0; k <= splits.size(); ++k) {
    const std::size_t b = k < splits.size() ? splits[k] : values.size();
    rss += squares_about_mean(detail::moments_scaled(values.subspan(a, b - a), 0));
    a = b;
  }
  return rss;
}

/// The least-squares places of a segment's changes near where the search put them: `at` holds one or
/// two places in the segment `values` (positions 1 to n - 1, increasing), and each is moved within
/// `reach` to where steps at them leave the smallest residual sum of squares (two places jointly). With
/// normal noise these are the most likely places. The ranks that found an interval space its values
/// evenly and so tell its ends roughly; the places where the values are far apart are the ends.
std::vector<std::size_t> least_squares_places(std::span<const double> values, std::vector<std::size_t> at,
                                              std::size_t reach) {
  const std::size_t n = values.size();
  const auto low = [&](std::size_t place, std::size_t floor) { return std::max(floor, place > reach ? place - reach : 0); };
  const auto high = [&](std::size_t place, std::size_t ceiling) { return std::min(ceiling, place + reach); };
  double least = std::numeric_limits<double>::infinity();
  std::vector<std::size_t> best = at;
  const auto try_places = [&](std::vector<std::size_t> places) {
    if (const double r = steps_rss(values, places); r < least) {
      least = r;
      best = std::move(places);
    }
  };
  if (at.size() == 1) {
    for (std::size_t t = low(at[0], 1); t <= high(at[0], n - 1); ++t) try_places({t});
    return best;
  }
  for (std::size_t a = low(at[0], 1); a <= high(at[0], n - 2); ++a)
    for (std::size_t b = std::max(low(at[1], 2), a + 1); b <= high(at[1], n - 1); ++b) try_places({a, b});
  return best;
}


/// E-divisive in two stages. Each round first takes the best split of a whole segment, tested at half
/// of alpha (a step, or the larger part of a drift, is found here, at the cost of one pass a
/// permutation); where it is significant and the segment's interval that stands out most from the rest
/// is a bump significant at the interval stage's level, the bump's two ends are kept instead. When the
/// split is not significant, the interval of every segment that stands out most from the rest of its
/// segment is tested at a sixth of alpha (a change and its return, a bump, whose best single split is
/// weak since the bump's two sides are alike), and its ends kept, placed by least squares within three
/// commits of the interval's. The search stops when neither is significant; each split's p is its
/// stage's over the stage's share of alpha (Bonferroni over the stages).
std::vector<candidate> e_divisive(std::span<const double> medians, const history_options& options) {
  std::vector<candidate> kept;
  const std::size_t n = medians.size();
  if (n < 2) return kept;
  rank_tree tree(n);
  std::vector<double> scratch;
  std::vector<std::size_t> bounds{0, n};
  // Alpha shared by the changes each test can report, so that a series that never moved shows at most
  // alpha false changes on average (in the first round) as well as a change with chance at most alpha:
  // the whole segment's split is one change, an interval's two ends two, and a bump found beside a split
  // adds one. So w + 2 i + i = 1 for the whole segment's share w and the interval's i; w = 1/2 keeps the
  // steps near the limit of detection as they were found before the interval stage (docs/STATISTICS.md,
  // "Shapes other than a step").
  constexpr double whole_share = 0.5;
  constexpr double interval_share = (1 - whole_share) / 3;
  thread_local permutation_nulls nulls;
  const auto test = [&](search_stage stage, std::size_t length, double observed, double level) {
    // Enough permutations that p can fall to half the level whatever --alpha is (999 serve alpha 0.01):
    // the smallest p is 1 / (1 + permutations).
    const std::size_t permutations =
        std::max(options.max_permutations, static_cast<std::size_t>(std::min(1e7, std::ceil(2 / level))));
    return permutation_p(nulls, nulls.of(length, stage, options.seed), observed, level, permutations, tree, scratch);
  };
  const auto keep = [&](std::size_t at, double p) {
    kept.push_back({at, std::min(1.0, p)});
    bounds.insert(std::upper_bound(bounds.begin(), bounds.end(), at), at);
  };
  const double whole_level = options.alpha * whole_share;
  const double interval_level = options.alpha * interval_share;
  constexpr std::size_t ends_reach = 3;
  for (;;) {
    const std::optional<segment_choice> whole = best_whole_split(medians, bounds, tree, scratch);
    if (!whole) return kept;
    const std::span<const double> values = whole->values.values;
    const std::size_t length = values.size();
    // Tested by ranks, placed by values: the divergence of the values places a split best (a commit
    // between two levels far apart), that of ranks has a null for the segment's length alone.
    const std::array<std::uint64_t, 3> place{whole->first, whole->end, 2};
    const segment_values ranked = segment_of(ranks_of(values, generator_for(options.seed, place)));
    const double whole_p = test(search_stage::whole_segment, length, best_split(ranked, 0, length, tree, scratch).q, whole_level);
    if (whole_p <= whole_level) {
      // The split may be one side of a bump, whose other side is a weaker step of its part than it is
      // here: where the segment's interval is a bump and significant at the interval stage's level, its
      // two ends, placed together, are kept instead. The test is made only after a split was found, so
      // a series that never moved still shows a change with chance at most alpha.
      const interval_score bump = best_interval(ranks_of(values, generator_for(options.seed, interval_place(whole->first, whole->end))), scratch);
      if (is_bump(values, bump)) {
        const double bump_p = test(search_stage::interval, length, bump.z2, interval_level);
        if (bump_p <= interval_level) {
          const double p = std::max(whole_p / whole_share, bump_p / interval_share);
          for (const std::size_t at : least_squares_places(values, {bump.first, bump.end}, ends_reach)) keep(whole->first + at, p);
          continue;
        }
      }
      keep(whole->first + whole->best.at, whole_p / whole_share);
      continue;
    }
    const std::optional<interval_choice> interval = best_interval_over_segments(medians, bounds, options.seed, scratch);
    if (!interval) return kept;
    const double interval_p = test(search_stage::interval, interval->end - interval->first, interval->best.z2, interval_level);
    if (!(interval_p <= interval_level)) return kept;
    // Both ends of a bump are kept, placed together: alone, its second side is a step of its part,
    // weaker there than beside the first (docs/STATISTICS.md, "Shapes other than a step").
    const std::size_t segment_length = interval->end - interval->first;
    std::vector<std::size_t> ends;
    if (interval->best.first > 0) ends.push_back(interval->best.first);
    if (interval->best.end < segment_length) ends.push_back(interval->best.end);
    for (const std::size_t at : least_squares_places(medians.subspan(interval->first, segment_length), ends, ends_reach))
      keep(interval->first + at, interval_p / interval_share);
  }
}

// --- Confirmation --------------------------------------------------------------------------------------

/// What the search works on: the commits that have samples, and their medians.
struct present_commits {
  std::vector<std::size_t> commit;  ///< commit index of each position
  std::vector<double> median;
};

/// The medians of positions [first, end).
std::span<const double> medians_between(const present_commits& present, std::size_t first, std::size_t end) {
  return std::span<const double>(present.median).subspan(first, end - first);
}


present_commits present_of(std::span<const std::optional<double>> medians) {
  present_commits p;
  for (std::size_t c = 0; c < medians.size(); ++c) {
    if (!medians[c]) continue;
    p.commit.push_back(c);
    p.median.push_back(*medians[c]);
  }
  return p;
}

/// The samples of the positions [first, end).
std::vector<double> pooled(commit_samples samples, const present_commits& present, std::size_t first, std::size_t end) {
  std::vector<double> out;
  for (std::size_t i = first; i < end; ++i) {
    const auto& s = samples[present.commit[i]];
    out.insert(out.end(), s.begin(), s.end());
  }
  return out;
}

/// The statistical policy's decision on the samples after a split against those before it.
verdict decide_windows(const metric_class& cls, std::span<const double> before, std::span<const double> after,
                       const change_policy& policy) {
  metric_context context;
  context.head_runs = after.size();
  context.base_runs = before.size();
  side_samples head;
  head.values = after;
  side_samples base;
  base.values = before;
  decide_buffers buffers;
  return decide(cls, head, base, context, *metric_classifier::tool(), policy, buffers);
}

/// The confirming test's answer on a split, with its windows.
struct confirmation {
  bool confirmed = false;
  std::size_t before_first = 0;  ///< positions
  std::size_t after_end = 0;
  verdict decision;
  double before_median = 0;
  double after_median = 0;
};

/// The design effect of runs that share a commit's build (Kish): the factor by which the variance of a
/// statistic of the windows' pooled runs (positions [first, end) of `before` and `after`) grows when the
/// runs of one commit share an offset. From a one-way analysis of variance of the runs by commit, each
/// window around its own mean (a change between the windows is no spread between commits): rho = (MSB -
/// MSW) / (MSB + (n0 - 1) MSW), at least 0, and the effect 1 + (m - 1) rho with m the runs' mean commit
/// size (sum of squared sizes over the total). One run a commit gives 1: no spread within a commit to
/// tell a build's offset from the noise.
double design_effect(commit_samples samples, const present_commits& present, std::pair<std::size_t, std::size_t> before,
                     std::pair<std::size_t, std::size_t> after) {
  one_way_anova anova;
  std::vector<std::pair<double, double>> commits;  // each commit's run count and mean
  for (const auto& [a, b] : {before, after}) {
    commits.clear();
    anova.begin_set();
    for (std::size_t i = a; i < b; ++i) {
      const auto& runs = samples[present.commit[i]];
      const detail::sample_moments moments = detail::moments_scaled(runs, 0);
      anova.first_pass(moments.n, moments.mean, squares_about_mean(moments));
      commits.emplace_back(moments.n, moments.mean);
    }
    for (const auto& [m, mean] : commits) anova.second_pass(m, mean);
    anova.end_set();
  }
  if (!(anova.measured() && anova.within() > 0) || !std::isfinite(anova.between() + anova.within())) return 1;
  const double msb = anova.between() / anova.between_df();
  const double msw = anova.within() / anova.within_df();
  const double rho = std::max(0.0, (msb - msw) / (msb + (anova.n0() - 1) * msw));
  return 1 + (anova.mean_group_size() - 1) * rho;
}

/// What a design effect changes in the confirming test: its p and interval, or the interval alone (the
/// newest commit, whose p is its own test's on the medians).
enum class builds_touch : std::uint8_t { p_and_interval, interval };

/// The confirming test as if its runs were `effect` times fewer: the p-value from the normal deviate
/// shrunk by the square root of the effect, the interval widened by it about the estimate.
void account_for_builds(verdict& decision, double effect, builds_touch touch) {
  if (!(effect > 1) || !decision.inference) return;
  change_inference& inference = *decision.inference;
  const double root = std::sqrt(effect);
  if (inference.estimate_percent && inference.ci_percent) {
    const double e = *inference.estimate_percent;
    inference.ci_percent = interval{e + (inference.ci_percent->low - e) * root, e + (inference.ci_percent->high - e) * root};
  }
  if (touch == builds_touch::interval) return;
  const boost::math::normal normal;
  const double p = std::clamp(inference.p_value, 1e-300, 1.0);
  const double z = p >= 1 ? 0 : boost::math::quantile(boost::math::complement(normal, p / 2)) / root;
  inference.p_value = std::min(1.0, 2 * boost::math::cdf(boost::math::complement(normal, z)));
  inference.q_value = inference.p_value;  // one metric is no family
  if (decision.p_value) decision.p_value = inference.p_value;
}

/// The newest commit's own test: is its median a new value of the per-commit medians of the window
/// before it? A prediction t test on the medians (Student, k - 1 degrees of freedom for k commits before),
/// so that a build's offset, which the newest commit's runs all share, is part of the spread it is
/// judged against. Two-sided; 1 with fewer than two commits before.
double newest_commit_p(const present_commits& present, std::size_t first, std::size_t newest) {
  if (newest < first + 2) return 1;
  const detail::sample_moments before = detail::moments_scaled(medians_between(present, first, newest), 0);
  const double k = before.n;
  const double distance = std::abs(present.median[newest] - before.mean);
  if (!std::isfinite(distance) || !std::isfinite(before.variance)) return 1;
  if (before.variance == 0) return distance == 0 ? 1 : 0;
  const double t = distance / std::sqrt(before.variance * (1 + 1 / k));
  return std::min(1.0, 2 * boost::math::cdf(boost::math::complement(boost::math::students_t(k - 1), t)));
}

/// The statistical policy's test between the windows before and after position `at`, bounded by the
/// neighbouring splits `low` and `high` and by the window size.
confirmation confirm(commit_samples samples, const present_commits& present, std::size_t low, std::size_t at,
                     std::size_t high, const metric_class& cls, const change_policy& policy,
                     const history_options& options) {
  confirmation c;
  c.before_first = std::max(low, at > options.window ? at - options.window : 0);
  c.after_end = std::min(high, at + options.window);
  const std::vector<double> before = pooled(samples, present, c.before_first, at);
  const std::vector<double> after = pooled(samples, present, at, c.after_end);
  c.before_median = median_of(before);
  c.after_median = median_of(after);
  if (before.size() < 2 || after.size() < 2) return c;  // no test can tell two samples apart from one
  c.decision = decide_windows(cls, before, after, policy);
  account_for_builds(c.decision, design_effect(samples, present, {c.before_first, at}, {at, c.after_end}),
                     at + 1 == present.commit.size() ? builds_touch::interval : builds_touch::p_and_interval);
  c.confirmed = c.decision.changed && c.decision.inference.has_value() &&
                c.decision.inference->p_value <= policy.alpha;
  return c;
}

/// A flat-ramp-flat fit of per-commit medians: the level `low` up to position `from`, a straight line to
/// `high` at position `to`, `high` after.
struct ramp_fit {
  std::size_t from = 0;
  std::size_t to = 0;
  double rss = std::numeric_limits<double>::infinity();
};

/// The best flat-ramp-flat fit of the medians of positions [first, end) whose ramp starts in [first,
/// last_from] and ends in [first_to, end) and spans three commits or more (shorter ones are steps): the
/// two levels by least squares for each pair of ends.
ramp_fit best_ramp(const present_commits& present, std::size_t first, std::size_t last_from, std::size_t first_to,
                   std::size_t end) {
  ramp_fit best;
  for (std::size_t from = first; from <= last_from; ++from)
    for (std::size_t to = std::max(first_to, from + 3); to < end; ++to) {
      // y = low (1 - g) + high g, g the ramp's share at each position: a regression on (1 - g, g).
      double s00 = 0, s01 = 0, s11 = 0, y0 = 0, y1 = 0;
      for (std::size_t i = first; i < end; ++i) {
        const double g = i <= from ? 0 : i >= to ? 1 : static_cast<double>(i - from) / static_cast<double>(to - from);
        const double y = present.median[i];
        s00 += (1 - g) * (1 - g);
        s01 += (1 - g) * g;
        s11 += g * g;
        y0 += (1 - g) * y;
        y1 += g * y;
      }
      const double det = s00 * s11 - s01 * s01;
      if (!(det > 0)) continue;
      const double low = (s11 * y0 - s01 * y1) / det;
      const double high = (s00 * y1 - s01 * y0) / det;
      double rss = 0;
      for (std::size_t i = first; i < end; ++i) {
        const double g = i <= from ? 0 : i >= to ? 1 : static_cast<double>(i - from) / static_cast<double>(to - from);
        const double r = present.median[i] - (low * (1 - g) + high * g);
        rss += r * r;
      }
      if (rss < best.rss) best = {from, to, rss};
    }
  return best;
}

/// The shortest ramp, in commits, that one split may be: shorter ones stay steps.
constexpr std::size_t min_ramp_of_one_split = 6;

/// Whether a flat-ramp-flat line fits the medians of positions [first, end) better than steps at
/// `splits` (all moving one way), by the Bayesian information criterion n log(RSS / n) + p log n, where
/// a place searched for counts as two parameters (the best of n places fits better than a fixed one
/// would): a ramp counts 6 (two levels and its two ends), k steps
/// 3k + 1. So one step becomes a ramp only on clear evidence, and two or more that a ramp fits as well
/// become one. The ramp, when it wins.
std::optional<ramp_fit> ramp_beats_steps(const present_commits& present, std::size_t first,
                                         std::span<const std::size_t> splits, std::size_t end) {
  const std::size_t n = end - first;
  if (splits.empty() || n < 6) return std::nullopt;
  // The ramp begins at or before the first split and ends at or after the last.
  const ramp_fit ramp = best_ramp(present, first, splits.front() - 1, splits.back(), end);
  if (!std::isfinite(ramp.rss)) return std::nullopt;
  // One split is a step unless the ramp is long: over a few commits around a step, noise alone makes
  // a short ramp fit about as well, and a step named as a drift hides its commit.
  if (splits.size() == 1 && ramp.to - ramp.from < min_ramp_of_one_split) return std::nullopt;
  std::vector<std::size_t> relative;
  for (const std::size_t at : splits) relative.push_back(at - first);
  const double step = steps_rss(medians_between(present, first, end), relative);
  const auto nd = static_cast<double>(n);
  // A floor under both sums: medians that fit exactly (a noiseless series) would make log(0).
  const double tiny = std::numeric_limits<double>::min() * nd;
  const double bic_ramp = nd * std::log(std::max(ramp.rss, tiny) / nd) + 6 * std::log(nd);
  const double bic_steps = nd * std::log(std::max(step, tiny) / nd) + static_cast<double>(3 * splits.size() + 1) * std::log(nd);
  if (bic_ramp < bic_steps) return ramp;
  return std::nullopt;
}

}  // namespace

double history_floor_percent(commit_samples samples) {
  std::vector<double> spreads;
  for (const auto& s : samples) {
    if (s.size() < 2) continue;
    // The project's one mean and spread (stats/moments.hpp), as a sample SD.
    const detail::sample_moments m = detail::moments_scaled(s, 0);
    const double sd = std::sqrt(m.variance);
    if (m.mean != 0 && std::isfinite(sd / m.mean)) spreads.push_back(100 * sd / std::abs(m.mean));
  }
  std::size_t with_samples = 0;
  for (const auto& s : samples) with_samples += s.empty() ? 0 : 1;
  if (!spreads.empty() && 2 * spreads.size() >= with_samples) return median_of(spreads) / 2;
  // One sample a commit (or mostly): no spread within a commit to go by, so the spread between
  // neighbouring commits, which a change touches at one difference only.
  std::vector<double> values;
  for (const auto& s : samples)
    if (!s.empty()) values.push_back(median_of(s));
  constexpr double no_spread_known = 5;
  if (values.size() < 3) return no_spread_known;
  std::vector<double> steps;
  for (std::size_t i = 1; i < values.size(); ++i) steps.push_back(std::abs(values[i] - values[i - 1]));
  // The median absolute difference of two independent normal values is 0.6745 sqrt(2) of their SD.
  constexpr double normal_mad_to_sd = 1.482602218505602;
  const double sd = normal_mad_to_sd * median_of(steps) / std::sqrt(2.0);
  const double level = std::abs(median_of(values));
  const double percent = 100 * sd / level;
  if (!(level > 0) || !std::isfinite(percent)) return no_spread_known;
  return percent / 2;
}

namespace {

/// The power of two that brings samples of extreme magnitude (beyond 2^+-500, where the search's sums
/// of distances and squares would overflow or lose every digit) near 1, or 0 for samples that need none.
int extreme_exponent(commit_samples samples) {
  double largest = 0;
  for (const auto& runs : samples)
    for (const double x : runs)
      if (std::isfinite(x)) largest = std::max(largest, std::abs(x));
  if (largest == 0 || (largest < 0x1p500 && largest > 0x1p-500)) return 0;
  int exponent = 0;
  (void)std::frexp(largest, &exponent);
  return exponent;
}

}  // namespace

namespace {

/// What every stage of the search of one metric's history reads: its samples, the commits that have
/// some, the metric's class, the options and the test that confirms a split between its neighbours.
struct history_context {
  commit_samples samples;
  const present_commits& present;
  const metric_class& cls;
  const history_options& options;
  change_policy policy;
  [[nodiscard]] std::size_t n() const noexcept { return present.commit.size(); }
  /// Whether the newest commit has samples enough to be tested alone: then a search of its own shares
  /// alpha with the splits'.
  [[nodiscard]] bool newest_test() const noexcept {
    return n() >= 3 && samples[present.commit[n() - 1]].size() >= 2;
  }
  /// The searches alpha is shared by.
  [[nodiscard]] double searches() const noexcept { return newest_test() ? 2 : 1; }
};

/// Places again, by least squares between its neighbours, each split that a split moving the other way
/// follows or precedes (the sides of a bump), within three commits, twice over: a side placed by the
/// whole segment's divergence was placed with the other side's change in its segment, and the places
/// of both sides depend on each other. A run of splits moving one way (a drift cut in pieces) is left
/// where the search put it, for the drift's fit to judge (changes_of).
void place_returns_by_least_squares(std::span<const double> medians, std::vector<candidate>& splits) {
  constexpr std::size_t reach = 3;
  constexpr int passes = 2;
  const std::size_t n = medians.size();
  const auto low_of = [&](std::size_t i) { return i == 0 ? 0 : splits[i - 1].at; };
  const auto high_of = [&](std::size_t i) { return i + 1 < splits.size() ? splits[i + 1].at : n; };
  const auto moved_up = [&](std::size_t i) {
    const std::size_t at = splits[i].at;
    return median_of(medians.subspan(at, high_of(i) - at)) > median_of(medians.subspan(low_of(i), at - low_of(i)));
  };
  for (int pass = 0; pass < passes; ++pass)
    for (std::size_t i = 0; i < splits.size(); ++i) {
      const bool returns = (i > 0 && moved_up(i - 1) != moved_up(i)) || (i + 1 < splits.size() && moved_up(i + 1) != moved_up(i));
      if (!returns) continue;
      const std::size_t low = low_of(i);
      const std::size_t high = high_of(i);
      splits[i].at = low + least_squares_places(medians.subspan(low, high - low), {splits[i].at - low}, reach)[0];
    }
}

/// The stage of the search: E-divisive's splits of the medians, in commit order, each with the p of
/// its search over both searches (Bonferroni), and the newest commit as a split of its own test's when
/// it has samples enough to be tested alone.
std::vector<candidate> search_splits(const history_context& h) {
  const std::size_t n = h.n();
  const double searches = h.searches();
  history_options split_options = h.options;
  split_options.alpha = h.options.alpha / searches;
  std::vector<candidate> splits = e_divisive(h.present.median, split_options);
  std::sort(splits.begin(), splits.end(), [](const candidate& a, const candidate& b) { return a.at < b.at; });
  place_returns_by_least_squares(h.present.median, splits);
  for (candidate& split : splits) split.search_p = std::min(1.0, searches * split.permutation_p.value_or(1));
  if (h.newest_test() && (splits.empty() || splits.back().at != n - 1)) splits.push_back({n - 1, std::nullopt, 1});
  return splits;
}

/// The outliers: one commit set apart by two splits, with its neighbours on both sides alike. Their
/// splits are taken out; the commits are returned.
std::vector<std::size_t> set_outliers_apart(const history_context& h, std::vector<candidate>& splits) {
  std::vector<std::size_t> outliers;
  const std::size_t n = h.n();
  for (std::size_t i = 0; i + 1 < splits.size();) {
    if (splits[i + 1].at != splits[i].at + 1) {
      ++i;
      continue;
    }
    const std::size_t low = i == 0 ? 0 : splits[i - 1].at;
    const std::size_t high = i + 2 < splits.size() ? splits[i + 2].at : n;
    const std::size_t alone = splits[i].at;
    // The windows around the lone commit, without it.
    const std::size_t window = h.options.window;
    const std::vector<double> before = pooled(h.samples, h.present, std::max(low, alone > window ? alone - window : 0), alone);
    const std::vector<double> after = pooled(h.samples, h.present, alone + 1, std::min(high, alone + 1 + window));
    bool neighbours_differ = false;
    if (before.size() >= 2 && after.size() >= 2) neighbours_differ = decide_windows(h.cls, before, after, h.policy).changed;
    if (neighbours_differ) {
      ++i;
      continue;
    }
    outliers.push_back(h.present.commit[alone]);
    splits.erase(splits.begin() + static_cast<std::ptrdiff_t>(i), splits.begin() + static_cast<std::ptrdiff_t>(i) + 2);
  }
  return outliers;
}

/// The sum of the distances between every two of `sorted`: each value is the larger of a pair as many
/// times as values come before it and the smaller as many times as values follow. Taken about `centre`
/// (distances do not change), so that large values close together keep their digits.
double pair_distances(std::span<const double> sorted, double centre) {
  double sum = 0;
  const auto n = static_cast<double>(sorted.size());
  for (std::size_t k = 0; k < sorted.size(); ++k)
    sum += (sorted[k] - centre) * (2 * static_cast<double>(k) - (n - 1));
  return sum;
}

/// Places each split of the search at the commit, within two of where the medians put it, that parts
/// the runs best: the largest energy divergence (the search's Q) of the runs before against the runs
/// after, over the runs of the commits between its neighbouring splits (at most a window a side). The
/// search works on one median a commit, which tells a step's commit less well than all its runs do;
/// the divergence takes distances, not squares, so one wild run moves it little. With one run a commit
/// there is nothing more to tell; the newest commit's own split stays where its test put it.
void place_splits_by_runs(const history_context& h, std::vector<candidate>& splits) {
  constexpr std::size_t reach = 2;
  const std::size_t n = h.n();
  const std::size_t window = h.options.window;
  std::vector<double> before;
  std::vector<double> after;
  for (std::size_t i = 0; i < splits.size(); ++i) {
    if (!splits[i].permutation_p) continue;
    const std::size_t at = splits[i].at;
    const std::size_t low = i == 0 ? 0 : splits[i - 1].at;
    const std::size_t high = i + 1 < splits.size() ? splits[i + 1].at : n;
    const std::size_t first = std::max(low, at > window ? at - window : 0);
    const std::size_t end = std::min(high, at + window);
    const std::vector<double> all = pooled(h.samples, h.present, first, end);
    // One run a commit: the runs are the medians the search placed it by.
    if (all.size() == end - first) continue;
    std::vector<double> sorted_all = all;
    std::sort(sorted_all.begin(), sorted_all.end());
    const double centre = sorted_all[sorted_all.size() / 2];
    const double total = pair_distances(sorted_all, centre);
    std::optional<double> best;
    std::size_t best_at = at;
    for (std::size_t t = std::max(first + 1, at > reach ? at - reach : 0); t <= std::min(end - 1, at + reach); ++t) {
      before = pooled(h.samples, h.present, first, t);
      after = pooled(h.samples, h.present, t, end);
      if (before.size() < 2 || after.size() < 2) continue;
      std::sort(before.begin(), before.end());
      std::sort(after.begin(), after.end());
      const double within_before = pair_distances(before, centre);
      const double within_after = pair_distances(after, centre);
      const double between = total - within_before - within_after;
      const auto m = static_cast<double>(before.size());
      const auto r = static_cast<double>(after.size());
      const double q = m * r / (m + r) *
                       (2 * between / (m * r) - within_before / (m * (m - 1) / 2) - within_after / (r * (r - 1) / 2));
      // Ties (within the rounding of sums taken in another order) go to the place the medians chose,
      // then to the earlier commit.
      const bool better = !best || q > *best + 1e-12 * std::abs(*best);
      if (better || (t == at && q >= *best - 1e-12 * std::abs(*best))) {
        best = q;
        best_at = t;
      }
    }
    splits[i].at = best_at;
  }
}

/// Confirms every split between its neighbours; drops the least supported one that fails and tries
/// again, since its neighbours' windows grow when it goes. The confirmations of the splits kept.
std::vector<confirmation> confirm_splits(const history_context& h, std::vector<candidate>& splits) {
  const std::size_t n = h.n();
  std::vector<confirmation> confirmations;
  for (;;) {
    confirmations.clear();
    std::optional<std::size_t> weakest;
    double weakest_p = -1;
    for (std::size_t i = 0; i < splits.size(); ++i) {
      const std::size_t low = i == 0 ? 0 : splits[i - 1].at;
      const std::size_t high = i + 1 < splits.size() ? splits[i + 1].at : n;
      confirmations.push_back(confirm(h.samples, h.present, low, splits[i].at, high, h.cls, h.policy, h.options));
      confirmation& c = confirmations.back();
      // The newest commit's own test spends its share of alpha, on its median among the medians before
      // it (its runs share one build: they are one draw of the commits' spread, not independent ones).
      if (!splits[i].permutation_p && c.confirmed) {
        const double p = newest_commit_p(h.present, c.before_first, splits[i].at);
        splits[i].search_p = std::min(1.0, h.searches() * p);
        if (!(p <= h.options.alpha / h.searches())) c.confirmed = false;
      }
      if (c.confirmed) continue;
      const double p = c.decision.p_value.value_or(1.0);
      if (p > weakest_p) {
        weakest_p = p;
        weakest = i;
      }
    }
    if (!weakest) return confirmations;
    splits.erase(splits.begin() + static_cast<std::ptrdiff_t>(*weakest));
  }
}

/// The change that split `split` (confirmed by `c`) reports, of `kind`, its first and last commits that
/// moved given in the positions of the commits with samples; none without an estimate.
std::optional<history_change> change_of(const history_context& h, const candidate& split, const confirmation& c,
                                        history_change_kind kind, std::size_t first_moved, std::size_t last_moved) {
  if (!c.decision.inference) return std::nullopt;
  const change_inference& inference = *c.decision.inference;
  const auto& commit = h.present.commit;
  history_change change;
  change.index = commit[first_moved];
  change.last_before = commit[first_moved - 1];
  change.last_moved = commit[last_moved];
  change.before_first = commit[c.before_first];
  change.after_last = commit[c.after_end - 1];
  change.kind = kind;
  change.before_median = c.before_median;
  change.after_median = c.after_median;
  change.change_percent = inference.estimate_percent;
  change.ci_percent = inference.ci_percent;
  change.p_value = split.search_p;
  change.confirming_p = inference.p_value;
  change.permutation_p = split.permutation_p;
  change.verdict = verdict_of_move(h.cls.direction, change.change_percent.value_or(change.after_median - change.before_median));
  return change;
}

/// The changes of the confirmed splits. A drift is cut into several splits (each piece of a ramp
/// differs from the one before), or found as one step in its middle: a run of splits moving one way is
/// one drift when a flat-ramp-flat line fits the medians between the neighbouring splits better than the
/// steps (ramp_beats_steps), tested between the window before the ramp and the window after it.
std::vector<history_change> changes_of(const history_context& h, const std::vector<candidate>& splits,
                                       const std::vector<confirmation>& confirmations) {
  std::vector<history_change> changes;
  const std::size_t n = h.n();
  const std::size_t window = h.options.window;
  const auto moved_up = [&](std::size_t k) { return confirmations[k].after_median > confirmations[k].before_median; };
  const auto report = [&](std::size_t split, const confirmation& c, history_change_kind kind, std::size_t first_moved,
                          std::size_t last_moved) {
    if (auto change = change_of(h, splits[split], c, kind, first_moved, last_moved)) changes.push_back(*change);
  };
  for (std::size_t i = 0; i < splits.size();) {
    // The longest run of splits from i moving one way that a ramp fits better, between the neighbouring
    // splits and at most a window beyond its ends; else the split alone, a step.
    const std::size_t low = i == 0 ? 0 : splits[i - 1].at;
    std::size_t last = i;
    while (last + 1 < splits.size() && moved_up(last + 1) == moved_up(i)) ++last;
    std::optional<ramp_fit> ramp;
    std::size_t first = low;
    std::size_t end = n;
    for (;; --last) {
      const std::size_t high = last + 1 < splits.size() ? splits[last + 1].at : n;
      first = std::max(low, splits[i].at > window ? splits[i].at - window : 0);
      end = std::min(high, splits[last].at + window);
      std::vector<std::size_t> at;
      for (std::size_t k = i; k <= last; ++k) at.push_back(splits[k].at);
      ramp = ramp_beats_steps(h.present, first, at, end);
      if (ramp || last == i) break;
    }
    confirmation c;
    if (ramp) {
      c.before_first = first;
      c.after_end = end;
      const std::vector<double> before = pooled(h.samples, h.present, first, ramp->from + 1);
      const std::vector<double> after = pooled(h.samples, h.present, ramp->to, end);
      c.before_median = median_of(before);
      c.after_median = median_of(after);
      if (before.size() >= 2 && after.size() >= 2) {
        c.decision = decide_windows(h.cls, before, after, h.policy);
        account_for_builds(c.decision, design_effect(h.samples, h.present, {first, ramp->from + 1}, {ramp->to, end}),
                           builds_touch::p_and_interval);
      }
    }
    if (ramp && c.decision.changed && c.decision.inference && c.decision.inference->p_value <= h.policy.alpha) {
      report(i, c, history_change_kind::drift, ramp->from + 1, ramp->to);
    } else {
      last = i;
      report(i, confirmations[i], history_change_kind::step, splits[i].at, splits[i].at);
    }
    i = last + 1;
  }
  return changes;
}

}  // namespace

std::vector<std::optional<double>> commit_medians(commit_samples samples) {
  std::vector<std::optional<double>> out(samples.size());
  for (std::size_t c = 0; c < samples.size(); ++c)
    if (!samples[c].empty()) out[c] = median_of(samples[c]);
  return out;
}

metric_history_result find_change_points(commit_samples samples, const metric_class& cls,
                                         const history_options& options) {
  // Every result but the medians is a ratio, a p or a place: the same for samples scaled by a power of
  // two, which loses no digit. So extreme samples are searched scaled, and the medians scaled back.
  if (const int exponent = extreme_exponent(samples); exponent != 0) {
    std::vector<std::vector<double>> scaled(samples.begin(), samples.end());
    for (auto& runs : scaled)
      for (double& x : runs) x = std::ldexp(x, -exponent);
    metric_history_result result = find_change_points(scaled, cls, options);
    for (history_change& change : result.changes) {
      change.before_median = std::ldexp(change.before_median, exponent);
      change.after_median = std::ldexp(change.after_median, exponent);
    }
    result.medians = commit_medians(samples);
    return result;
  }
  metric_history_result result;
  result.min_change_percent = options.min_change_percent.value_or(history_floor_percent(samples));
  result.medians = commit_medians(samples);
  const present_commits present = present_of(result.medians);
  result.commits_with_samples = present.commit.size();
  history_context h{samples, present, cls, options, {}};
  h.policy.kind = policy_kind::mann_whitney;
  h.policy.alpha = options.alpha;
  h.policy.confidence = options.confidence;
  h.policy.min_change_percent = result.min_change_percent;
  // The stages: search, set outliers apart, confirm between neighbours, report (drifts as one line).
  std::vector<candidate> splits = search_splits(h);
  result.outliers = set_outliers_apart(h, splits);
  place_splits_by_runs(h, splits);
  const std::vector<confirmation> confirmations = confirm_splits(h, splits);
  result.changes = changes_of(h, splits, confirmations);
  std::sort(result.outliers.begin(), result.outliers.end());
  return result;
}

}  // namespace perfmail
