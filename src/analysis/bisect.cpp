// Judging one commit of a bisection (declared in include/perfmail/analysis/bisect.hpp; the method and
// its measured error rates are in docs/STATISTICS.md, "Bisection").

#include "perfmail/analysis/bisect.hpp"

#include "perfmail/error.hpp"
#include "perfmail/stats/estimate.hpp"
#include "stats/one_way_anova.hpp"
#include "stats/random_walk_level.hpp"
#include "perfmail/stats/significance.hpp"
#include "perfmail/stats/summary.hpp"
#include "perfmail/text/statistic_text.hpp"

#include <boost/math/special_functions/beta.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

namespace perfmail {

namespace {

// --- Scale ----------------------------------------------------------------------------------------------

/// A power of two that brings the largest magnitude of `values` into [0.5, 1): every sum of squares
/// below is taken on scaled values, so that samples near the largest doubles neither overflow nor lose
/// their differences, and the scaling itself loses no digit.
class scale {
 public:
  void see(double v) noexcept { largest_ = std::max(largest_, std::abs(v)); }
  void see(std::span<const double> vs) noexcept {
    for (const double v : vs) see(v);
  }
  [[nodiscard]] double operator()(double v) const noexcept { return std::ldexp(v, -exponent()); }
  /// A scaled value as the user's number again.
  [[nodiscard]] double unscaled(double v) const noexcept { return std::ldexp(v, exponent()); }

 private:
  [[nodiscard]] int exponent() const noexcept {
    int e = 0;
    if (largest_ > 0) (void)std::frexp(largest_, &e);
    return e;
  }
  double largest_ = 0;
};

// --- Blocks and the Bayes factor --------------------------------------------------------------------------

/// Observations that share a build (a cluster): their count, mean and sum of squared deviations
/// (Welford), the variance of one of them (`a`, in units of the noise within a build) and the variance
/// they share (`c`, the build's offset), and how their mean depends on the unknown levels under each
/// hypothesis: level `param` times `coef`.
struct block {
  double n = 0;
  double mean = 0;
  double within = 0;
  double a = 1;
  double c = 0;
  std::array<std::size_t, 2> param{};  ///< under "like good" (0) and "like bad" (1)
  std::array<double, 2> coef{1, 1};

  void add(double x) noexcept {
    n += 1;
    const double d = x - mean;
    mean += d / n;
    within += d * (x - mean);
  }
  [[nodiscard]] double weight() const noexcept { return n / (a + n * c); }  ///< of the mean, per unit noise
};

/// The weighted least squares fit of the levels under hypothesis `h`: the residual sum of squares (in
/// units of the noise variance) and the log determinant of the levels' information.
struct fit {
  double rss = 0;
  double log_information = 0;
  std::array<double, 3> level{};
  std::array<double, 3> information{};
  std::size_t parameters = 0;
};

fit fit_levels(std::span<const block> blocks, std::size_t h) {
  fit f;
  std::array<double, 3> moment{};
  for (const block& b : blocks) {
    if (b.n == 0) continue;
    const double w = b.weight();
    f.information[b.param[h]] += w * b.coef[h] * b.coef[h];
    moment[b.param[h]] += w * b.coef[h] * b.mean;
  }
  for (std::size_t p = 0; p < f.level.size(); ++p) {
    if (!(f.information[p] > 0)) continue;
    f.level[p] = moment[p] / f.information[p];
    f.log_information += std::log(f.information[p]);
    ++f.parameters;
  }
  for (const block& b : blocks) {
    if (b.n == 0) continue;
    const double r = b.mean - b.coef[h] * f.level[b.param[h]];
    f.rss += b.within / b.a + b.weight() * r * r;
  }
  return f;
}

/// The log Bayes factor of "like bad" (h = 1) against "like good" (h = 0): the levels integrated over
/// flat priors and the noise over 1/sigma, so that log BF = -1/2 log(|I1| / |I0|) - (n - p)/2 log(RSS1 /
/// RSS0). Infinite when one hypothesis fits exactly and the other does not.
double log_bayes_factor(std::span<const block> blocks) {
  const fit good = fit_levels(blocks, 0);
  const fit bad = fit_levels(blocks, 1);
  double n = 0;
  for (const block& b : blocks) n += b.n;
  const double df = n - static_cast<double>(std::max(good.parameters, bad.parameters));
  if (!(df > 0)) return 0;
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (good.rss <= 0 && bad.rss <= 0) return 0;
  if (good.rss <= 0) return -inf;
  if (bad.rss <= 0) return inf;
  return -0.5 * (bad.log_information - good.log_information) - 0.5 * df * (std::log(bad.rss) - std::log(good.rss));
}

/// The p quantile of the Beta(a, b) distribution. Boost's inverse fails to converge where the answer is
/// exactly 1/2 (a = b = 5, p = 1/2, seen with Boost 1.74), so a failure falls back to bisection.
double beta_quantile(double a, double b, double p) {
  try {
    return boost::math::ibeta_inv(a, b, p);
  } catch (const boost::math::evaluation_error&) {
    double low = 0;
    double high = 1;
    for (int i = 0; i < 100; ++i) {
      const double mid = (low + high) / 2;
      (boost::math::ibeta(a, b, mid) < p ? low : high) = mid;
    }
    return (low + high) / 2;
  }
}

// --- The spread between builds --------------------------------------------------------------------------

/// The spread between builds, pooled over sets of clusters (the builds of one tree, or of one
/// contrast) by a one-way analysis of variance: the variance between builds as a share of the variance
/// within one.
class build_spread {
 public:
  /// The clusters of one set, whose observations have variance `factor` times the noise.
  void add_set(std::span<const block> clusters, double factor) {
    anova_.begin_set();
    for (const block& b : clusters) anova_.first_pass(b.n, b.mean, b.within, factor);
    for (const block& b : clusters) anova_.second_pass(b.n, b.mean, factor);
    anova_.end_set();
  }
  [[nodiscard]] bool measured() const noexcept { return anova_.measured(); }
  /// tau^2 / sigma^2 at the confidence `upper` (0.5: the median-unbiased estimate; higher: an upper
  /// bound), from the ratio of the mean squares, which is (1 + n0 tau^2 / sigma^2) times F(between df,
  /// within df). 0 when not measured.
  [[nodiscard]] double ratio(double upper) const {
    if (!measured()) return 0;
    const double within_ms = anova_.within() / anova_.within_df();
    if (!(within_ms > 0)) return 0;
    const double f = (anova_.between() / anova_.between_df()) / within_ms;
    // F's quantile from the regularized incomplete beta function's inverse.
    const double x = beta_quantile(anova_.between_df() / 2, anova_.within_df() / 2, 1 - upper);
    if (!(x < 1)) return 0;
    const double quantile = (anova_.within_df() / anova_.between_df()) * x / (1 - x);
    if (!(quantile > 0)) return std::numeric_limits<double>::infinity();
    return std::max(0.0, (f / quantile - 1) / anova_.n0());
  }

 private:
  one_way_anova anova_;
};

// --- The sequential test ----------------------------------------------------------------------------------

/// The evidence of a sequence of log Bayes factors, one after each observation: the sum of their steps,
/// each bounded by a share of the threshold, half unless said otherwise (one wild observation never
/// decides alone; bounding keeps the sum's exponential a supermartingale under either hypothesis, so
/// Ville's bound still holds).
class evidence {
 public:
  explicit evidence(double threshold, double bound_share = 0.5) : bound_(threshold * bound_share) {}
  void next(double log_bf) {
    double step = log_bf - last_;
    if (std::isnan(step)) step = 0;  // infinite before and after: no new evidence
    sum_ += std::clamp(step, -bound_, bound_);
    last_ = log_bf;
  }
  [[nodiscard]] double sum() const noexcept { return sum_; }

 private:
  double bound_;
  double sum_ = 0;
  double last_ = 0;
};

std::string position_text(const std::optional<double>& position) {
  return position ? fmt::format("lies at {:.2f} of the way from good to bad", *position)
                  : std::string("cannot be placed between the ends");
}

/// The answer of the evidence, or more runs (undecided at the last look).
bisect_answer answer_of(double sum, double threshold, bool last_look) {
  if (sum >= threshold) return bisect_answer::bad;
  if (sum <= -threshold) return bisect_answer::good;
  return last_look ? bisect_answer::undecided : bisect_answer::more_runs;
}

double quantile_t(double df, double p) {
  if (!(df >= 1)) return std::numeric_limits<double>::infinity();
  return boost::math::quantile(boost::math::students_t(df), p);
}

// --- The drifting machine --------------------------------------------------------------------------------

/// The models of the machine's level the judge mixes over with equal weights (docs/STATISTICS.md,
/// "Bisection"): a level with a slope, every variance in units of the noise variance.
/// - the level's step a round: from a machine that holds its speed (0) to one whose speed moves by more
///   than its noise from one round to the next (3), where only the runs of one round still compare;
/// - the slope's step a round: a steady trend (0) to one that bends within ten rounds (0.01);
/// - the level's extra step from one commit's rounds to the next (a build ran between): none, one noise
///   variance, or ten (a jump of three noise SDs, after which the commit's own rounds are nearly all
///   that tell its level).
/// Every model has the same parameters (the first level and slope, the ends' difference), so that their
/// mixture does not depend on the unit of the values.
constexpr std::array<double, 7> walk_level_variances{0.0, 0.01, 0.03, 0.1, 0.3, 1.0, 3.0};
constexpr std::array<double, 3> walk_slope_variances{0.0, 0.001, 0.01};
constexpr std::array<double, 3> walk_gaps{0.0, 1.0, 10.0};

/// The drift model's evidence is bounded a little tighter than half the threshold: mixing over more
/// models, its Bayes factor moves further on the first rounds of a commit; at 0.45 its wrong commits
/// on the simulation's drifting machine are as few as the contrasts' at 0.5 (docs/STATISTICS.md).
constexpr double walk_bound_share = 0.45;

/// Every run of the rounds as the drift model's observations, a segment a step (in the order the
/// steps' rounds came: the earlier rounds, then the current ones), a period a round, each segment's observations with the index of the round of `current` that
/// ends them (none for earlier rounds): the good end's runs have coefficient 0 on the ends' difference,
/// the bad end's 1, this commit's the hypothesis's (0 like good, 1 like bad), an earlier commit's that of
/// its verdict; the runs of an earlier commit without a verdict are left out (their rounds' ends still
/// count: every round runs an end).
struct walk_run {
  walk_observation observation;
  std::optional<std::size_t> ends_round;  ///< the round of `current` this run is the last of
};

std::vector<std::vector<walk_run>> walk_segments(std::span<const bisect_round> earlier,
                                                 std::span<const bisect_round> current, const scale& s) {
  // The steps in the order their rounds came, which is time order whatever numbers name them.
  std::vector<std::size_t> steps;
  for (const auto* rounds : {&earlier, &current})
    for (const bisect_round& r : *rounds)
      if (std::find(steps.begin(), steps.end(), r.step) == steps.end()) steps.push_back(r.step);
  std::vector<std::vector<walk_run>> segments(steps.size());
  // A round is a period whether or not a run of it is used: each run's periods since its segment's
  // last run (the segment's first round is its period 0).
  std::vector<double> pending(steps.size(), -1);
  const auto add_round = [&](const bisect_round& r, std::optional<walk_observation> commit,
                             std::optional<std::size_t> index) {
    const auto at = static_cast<std::size_t>(std::find(steps.begin(), steps.end(), r.step) - steps.begin());
    pending[at] += 1;
    const auto add = [&](double value, walk_observation o) {
      o.value = s(value);
      o.steps_before = std::max(pending[at], 0.0);
      segments[at].push_back({o, std::nullopt});
      pending[at] = 0;
    };
    const std::size_t before = segments[at].size();
    if (r.good) add(*r.good, {.regressor = 0});
    if (r.bad) add(*r.bad, {.regressor = 1});
    if (r.current && commit) add(*r.current, *commit);
    if (segments[at].size() > before) segments[at].back().ends_round = index;
  };
  for (const bisect_round& r : earlier) {
    std::optional<walk_observation> commit;
    if (r.verdict == bisect_answer::good) commit = walk_observation{.regressor = 0};
    if (r.verdict == bisect_answer::bad) commit = walk_observation{.regressor = 1};
    add_round(r, commit, std::nullopt);
  }
  for (std::size_t i = 0; i < current.size(); ++i)
    add_round(current[i], walk_observation{.hypothesis = 1}, i);
  return segments;
}

/// The equal mixture of the level's models (the walk's variances, the slope's, the gaps).
constexpr std::size_t walk_models = walk_level_variances.size() * walk_slope_variances.size() * walk_gaps.size();

/// The log Bayes factor of "like bad" against "like good" on the filters' observations: each
/// hypothesis's likelihood the mixture of the models. Infinite when one hypothesis fits exactly and the
/// other does not; 0 while either is undefined.
double walk_log_bayes_factor(std::span<const walk_filter> filters) {
  std::array<double, 2> log_mixture{};
  std::array<bool, 2> exact{};
  for (const std::size_t h : {0U, 1U}) {
    std::array<double, walk_models> terms{};
    for (std::size_t k = 0; k < walk_models; ++k) {
      const walk_likelihood m = filters[k].likelihood(static_cast<double>(h));
      if (!m.defined) return 0;
      exact[h] = m.exact;  // an exact fit does not depend on the model's variances
      terms[k] = m.log_likelihood;
    }
    const double top = *std::max_element(terms.begin(), terms.end());
    double sum = 0;
    for (const double t : terms) sum += std::exp(t - top);
    log_mixture[h] = top + std::log(sum);
  }
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (exact[0] && exact[1]) return 0;
  if (exact[0]) return -inf;
  if (exact[1]) return inf;
  return log_mixture[1] - log_mixture[0];
}

/// The drift model's log Bayes factor after each round of `current` (over the earlier rounds and the
/// current ones up to it), in one pass of a filter a model when the commit judged now is a step of its own,
/// as it is in a bisection; otherwise (a library caller's rounds out of order) a pass a round.
std::vector<double> drift_log_bayes_factors(std::span<const bisect_round> earlier,
                                            std::span<const bisect_round> current, const scale& s) {
  std::vector<double> out(current.size(), 0.0);
  double total = 0;
  double count = 0;
  for (const auto* rounds : {&earlier, &current})
    for (const bisect_round& r : *rounds)
      for (const std::optional<double>& v : {r.good, r.bad, r.current})
        if (v) {
          total += s(*v);
          count += 1;
        }
  const double centre = count > 0 ? total / count : 0;
  const auto fresh_filters = [&] {
    std::vector<walk_filter> filters;
    filters.reserve(walk_models);
    for (const double gap : walk_gaps)
      for (const double slope : walk_slope_variances)
        for (const double level : walk_level_variances) filters.emplace_back(walk_model{level, slope, gap}, centre);
    return filters;
  };
  // The commit judged now is one step, after every earlier one.
  const bool one_step = std::all_of(current.begin(), current.end(),
                                    [&](const bisect_round& c) { return c.step == current.front().step; });
  const bool in_order = current.empty() || std::none_of(earlier.begin(), earlier.end(), [&](const bisect_round& e) {
                          return e.step == current.front().step;
                        });
  const auto pass = [&](std::span<const bisect_round> upto, bool every_round) {
    std::vector<walk_filter> filters = fresh_filters();
    for (const auto& segment : walk_segments(earlier, upto, s)) {
      for (walk_filter& f : filters) f.begin_segment();
      for (const walk_run& run : segment) {
        for (walk_filter& f : filters) f.add(run.observation);
        if (every_round && run.ends_round) out[*run.ends_round] = walk_log_bayes_factor(filters);
      }
    }
    if (!every_round && !upto.empty()) out[upto.size() - 1] = walk_log_bayes_factor(filters);
  };
  if (in_order && one_step) {
    pass(current, true);
  } else {
    for (std::size_t seen = 1; seen <= current.size(); ++seen) pass(current.first(seen), false);
  }
  return out;
}

// --- Stored ends ----------------------------------------------------------------------------------------

/// The blocks of stored ends: level 0 is the good end's, level 1 the bad end's, level 2 the commit's
/// own (to place it without either hypothesis).
struct stored_model {
  scale s;
  std::vector<block> blocks;  ///< the ends' builds, then the commit
  double ratio = 0;
  bool measured = false;
};

stored_model stored_blocks(const end_samples& good, const end_samples& bad,
                           std::span<const std::vector<double>> runs = {}) {
  stored_model m;
  for (const auto* builds : {&good, &bad})
    for (const auto& build : *builds) m.s.see(build);
  for (const auto& run : runs) m.s.see(run);
  std::array<std::vector<block>, 2> ends;
  for (const std::size_t level : {0U, 1U})
    for (const auto& build : level == 0 ? good : bad) {
      if (build.empty()) continue;
      block b;
      b.param = {level, level};
      for (const double x : build) b.add(m.s(x));
      ends[level].push_back(b);
    }
  build_spread spread;
  for (const auto& blocks : ends) spread.add_set(blocks, 1);
  m.measured = spread.measured();
  m.ratio = spread.ratio(0.5);
  for (auto& blocks : ends)
    for (block& b : blocks) {
      b.c = m.ratio;
      m.blocks.push_back(b);
    }
  return m;
}

/// What one build of each end or tree leaves unmeasured, and what it costs the judgement.
constexpr std::string_view unmeasured_build_spread =
    "the spread between builds is not measured, so a commit's build that runs a little faster or slower is "
    "judged as if it were the code";

/// The median of pairwise differences `to - from`.
double shift_of(std::span<const double> from, std::span<const double> to) {
  return hodges_lehmann_shift(from, to, 0.95).estimate;
}

}  // namespace

double bisect_threshold(const bisect_policy& policy) {
  if (!(policy.alpha > 0 && policy.alpha < 1)) throw usage_error("alpha must lie strictly between 0 and 1");
  return std::log(1 / policy.alpha);
}

std::vector<double> pooled_samples(const end_samples& end) {
  std::vector<double> all;
  for (const auto& build : end) all.insert(all.end(), build.begin(), build.end());
  return all;
}

rounds_values values_of_rounds(std::span<const bisect_round> rounds, std::size_t step) {
  rounds_values out;
  for (const bisect_round& r : rounds) {
    if (r.good) out.good.push_back(*r.good);
    if (r.bad) out.bad.push_back(*r.bad);
    if (r.step == step && r.current) out.current.push_back(*r.current);
  }
  return out;
}

std::string rounds_build_spread_note(std::size_t builds) {
  return builds > 1 ? std::string{} : fmt::format("one build of each tree: {}", unmeasured_build_spread);
}

bisect_references check_bisect_references(const end_samples& good, const end_samples& bad,
                                          const bisect_policy& policy) {
  bisect_references r;
  const std::vector<double> all_good = pooled_samples(good);
  const std::vector<double> all_bad = pooled_samples(bad);
  if (all_good.empty() || all_bad.empty()) {
    r.problem = all_good.empty() ? "the good results have no sample of the metric"
                                 : "the bad results have no sample of the metric";
    return r;
  }
  const double threshold = bisect_threshold(policy);
  r.good_median = median_of(all_good);
  r.bad_median = median_of(all_bad);
  r.p_value = mann_whitney_u(all_good, all_bad).p_value;
  const stored_model model = stored_blocks(good, bad);
  r.build_spread_measured = model.measured;
  r.build_spread_ratio = model.ratio;
  if (!r.build_spread_measured) r.note = fmt::format("one build of each end: {}", unmeasured_build_spread);
  if (!(r.p_value <= policy.alpha)) {
    r.problem = fmt::format("the good samples (median {:.6g}, {} of them) and the bad ones (median {:.6g}, {}) cannot be "
                            "told apart (p={}): a bisection would name a commit by chance; measure more runs of each",
                            r.good_median, all_good.size(), r.bad_median, all_bad.size(), text::p_value_text(r.p_value));
    return r;
  }
  // Can the test ever decide? The most evidence `max_runs` samples can give, a sample at a time as the
  // judge takes them: each at the very level of one end, spread as the ends are.
  const fit free = fit_levels(model.blocks, 0);
  double n = 0;
  for (const block& b : model.blocks) n += b.n;
  const double noise = n > 2 ? free.rss / (n - 2) : 0;
  double weakest = std::numeric_limits<double>::infinity();
  for (const std::size_t end : {0U, 1U}) {
    std::vector<block> blocks = model.blocks;
    block current;
    current.param = {0, 1};
    current.c = model.ratio;
    current.mean = free.level[end];
    blocks.push_back(current);
    evidence e(threshold);
    for (std::size_t k = 1; k <= policy.max_runs; ++k) {
      blocks.back().n = static_cast<double>(k);
      blocks.back().within = noise * static_cast<double>(k - 1);
      e.next(log_bayes_factor(blocks));
    }
    weakest = std::min(weakest, std::abs(e.sum()));
  }
  if (weakest < threshold)
    r.problem = fmt::format("the good and bad samples ({} and {}) are too few or too spread for the sequential test: "
                            "even {} runs at one end's level would not reach its threshold (evidence {:.2f} of {:.2f}); "
                            "give more samples of each end, or allow more runs (--max-runs)",
                            all_good.size(), all_bad.size(), policy.max_runs, weakest, threshold);
  return r;
}

bisect_judgement judge_stored(const end_samples& good, const end_samples& bad, std::span<const std::vector<double>> runs,
                              const bisect_policy& policy, bool last_look) {
  bisect_judgement j;
  j.threshold = bisect_threshold(policy);
  stored_model model = stored_blocks(good, bad, runs);
  block current;
  current.param = {0, 1};
  current.c = model.ratio;
  model.blocks.push_back(current);
  evidence e(j.threshold);
  for (const auto& run : runs)
    for (const double x : run) {
      model.blocks.back().add(model.s(x));
      ++j.observations;
      e.next(log_bayes_factor(model.blocks));
    }
  j.evidence = e.sum();
  if (j.observations == 0) {
    j.answer = last_look ? bisect_answer::undecided : bisect_answer::more_runs;
    j.reason = "no sample of the metric at this commit";
    return j;
  }
  // The commit placed on its own level (level 2), and the noise of that fit.
  std::vector<block> free_blocks = model.blocks;
  free_blocks.back().param = {2, 2};
  const fit free = fit_levels(free_blocks, 0);
  const double good_level = free.level[0];
  const double bad_level = free.level[1];
  const double level = free.level[2];
  const double distance = bad_level - good_level;
  if (distance != 0) j.position = (level - good_level) / distance;
  j.answer = answer_of(j.evidence, j.threshold, last_look);
  const std::string figures = fmt::format(
      "the mean {:.6g} of {} samples {} ({:.6g} to {:.6g}); evidence {:+.2f}, decided at +-{:.2f}",
      model.s.unscaled(level), j.observations, position_text(j.position), model.s.unscaled(good_level),
      model.s.unscaled(bad_level), j.evidence, j.threshold);
  // Beyond the range of the ends by more than the noise: the lower confidence bound (at 1 - alpha) of
  // the distance beyond the nearer end past one standard deviation of the runs.
  double n = 0;
  for (const block& b : free_blocks) n += b.n;
  if (j.answer != bisect_answer::more_runs && n > 3 && distance != 0 && j.position && (*j.position < 0 || *j.position > 1)) {
    const bool beyond_bad = *j.position > 1;
    const std::size_t end = beyond_bad ? 1 : 0;
    const double beyond = std::abs(level - free.level[end]);
    const double noise = free.rss / (n - 3);
    const double se = std::sqrt(noise * (1 / free.information[2] + 1 / free.information[end]));
    const double bound = beyond - quantile_t(n - 3, 1 - policy.alpha) * se;
    if (bound > std::sqrt(noise)) {
      j.stale_ends = true;
      j.answer = bisect_answer::undecided;
      j.reason = fmt::format("measured beyond the {} end by more than the noise explains: the ends may be stale (the "
                             "machine's speed changed since they were measured); measure them again, or let perfmail "
                             "measure them beside each commit (--good-rev, --bad-rev): {}",
                             beyond_bad ? "bad" : "good", figures);
      return j;
    }
  }
  j.reason = (j.answer == bisect_answer::undecided ? "unclear after the last run: "
              : j.answer == bisect_answer::more_runs ? "unclear: "
                                                      : "") +
             figures;
  return j;
}

bool bisect_one_end_rounds(std::span<const bisect_round> earlier, std::span<const bisect_round> current,
                           std::size_t builds) {
  if (builds > 1) return false;
  // The t statistic of the ends' differences (bad - good) of the rounds that ran both, scaled.
  scale s;
  for (const auto* rounds : {&earlier, &current})
    for (const bisect_round& r : *rounds)
      if (r.good && r.bad) {
        s.see(*r.good);
        s.see(*r.bad);
      }
  block differences;
  for (const auto* rounds : {&earlier, &current})
    for (const bisect_round& r : *rounds)
      if (r.good && r.bad) differences.add(s(*r.bad) - s(*r.good));
  // Nine rounds at least, and a t statistic of 4: switching on the t statistic alone would switch when
  // the difference happens to be overestimated, and the judgements after would lean on that.
  constexpr double fewest_rounds = 9;
  if (differences.n < fewest_rounds) return false;
  const double spread = differences.within / (differences.n - 1);
  constexpr double told_apart = 4;
  return std::abs(differences.mean) >= told_apart * std::sqrt(spread / differences.n);
}

bisect_judgement judge_rounds(std::span<const bisect_round> earlier, std::span<const bisect_round> current,
                              std::size_t builds, const bisect_policy& policy, bool last_look) {
  bisect_judgement j;
  j.threshold = bisect_threshold(policy);
  builds = std::max<std::size_t>(builds, 1);
  scale s;
  for (const auto* rounds : {&earlier, &current})
    for (const bisect_round& r : *rounds)
      for (const std::optional<double>& v : {r.good, r.bad, r.current})
        if (v) s.see(*v);
  // What a round tells, each part in units of the level D, the ends' difference:
  // - with both ends, their difference b - g (variance 2, level D) and the commit against their middle,
  //   c - (g + b) / 2 (variance 3/2, level -D/2 if like good, +D/2 if like bad), independent of each other;
  // - with one end, the commit against it: c - g (variance 2, level 0 or D) or c - b (-D or 0).
  // A commit judged earlier is at a known level (its verdict's): its contrasts tell D alike under both
  // hypotheses of the commit judged now.
  enum kind : std::uint8_t { both_ends, good_end, bad_end };
  struct contrast {
    std::optional<double> ends;  ///< b - g
    double commit = 0;           ///< the commit against the ends' middle or the one end
    kind of = both_ends;
  };
  const auto contrast_of = [&](const bisect_round& r) {
    const double c = r.current ? s(*r.current) : 0.0;
    if (r.good && r.bad) return contrast{s(*r.bad) - s(*r.good), c - (s(*r.good) / 2 + s(*r.bad) / 2), both_ends};
    if (r.good) return contrast{std::nullopt, c - s(*r.good), good_end};
    return contrast{std::nullopt, r.bad ? c - s(*r.bad) : 0.0, bad_end};
  };
  // The variance of a commit's contrast of each kind, and its level D times the coefficient at the
  // commit's level `at` (0 like good, 1 like bad).
  constexpr std::array<double, 3> variance{1.5, 2, 2};
  const auto coefficient = [](kind k, double at) {
    return k == both_ends ? at - 0.5 : k == good_end ? at : at - 1;
  };
  const auto commit_blocks = [&] {
    std::array<block, 3> out;
    for (const kind k : {both_ends, good_end, bad_end}) {
      out[k].a = variance[k];
      out[k].coef = {coefficient(k, 0), coefficient(k, 1)};
    }
    return out;
  };
  std::vector<block> ends(builds);
  for (block& b : ends) b.a = 2;
  std::vector<std::array<block, 3>> commit(builds, commit_blocks());
  for (const bisect_round& r : earlier)
    if (const contrast c = contrast_of(r); c.ends) ends[r.build % builds].add(*c.ends);
  // The share of the builds' spread, from every round at hand (its estimate, not known a priori): the
  // ends' differences, and each commit's contrasts against the ends' middle (a set of their own each:
  // every commit has its own level).
  std::vector<block> all_ends = ends;
  std::vector<block> this_commit(builds, commit_blocks()[both_ends]);
  for (const bisect_round& r : current) {
    const contrast c = contrast_of(r);
    if (c.ends) all_ends[r.build % builds].add(*c.ends);
    if (r.current && c.of == both_ends) this_commit[r.build % builds].add(c.commit);
  }
  build_spread spread;
  spread.add_set(all_ends, 2);
  spread.add_set(this_commit, 1.5);
  std::vector<std::size_t> steps;
  for (const bisect_round& r : earlier)
    if (r.current) steps.push_back(r.step);
  std::sort(steps.begin(), steps.end());
  steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
  for (const std::size_t step : steps) {
    std::vector<block> clusters(builds, commit_blocks()[both_ends]);
    for (const bisect_round& r : earlier)
      if (const contrast c = contrast_of(r); r.current && r.step == step && c.of == both_ends)
        clusters[r.build % builds].add(c.commit);
    spread.add_set(clusters, 1.5);
  }
  const double ratio = spread.ratio(0.5);
  for (block& b : ends) b.c = 2 * ratio;
  for (auto& kinds : commit)
    for (block& b : kinds) b.c = b.a * ratio;
  // The earlier commits with a verdict, a cluster per commit, build and kind.
  std::vector<block> judged;
  for (const std::size_t step : steps) {
    std::vector<std::array<block, 3>> clusters(builds);
    for (const bisect_round& r : earlier) {
      if (!r.current || r.step != step) continue;
      if (r.verdict != bisect_answer::good && r.verdict != bisect_answer::bad) continue;
      const contrast c = contrast_of(r);
      block& b = clusters[r.build % builds][c.of];
      const double coef = coefficient(c.of, r.verdict == bisect_answer::bad ? 1 : 0);
      b.a = variance[c.of];
      b.c = b.a * ratio;
      b.coef = {coef, coef};
      b.add(c.commit);
    }
    for (const auto& kinds : clusters)
      for (const block& b : kinds)
        if (b.n > 0) judged.push_back(b);
  }

  evidence e(j.threshold, builds == 1 ? walk_bound_share : 0.5);
  const std::vector<double> drift_factors = builds == 1 ? drift_log_bayes_factors(earlier, current, s)
                                                      : std::vector<double>();
  std::vector<block> blocks;
  for (std::size_t seen = 1; seen <= current.size(); ++seen) {
    const bisect_round& r = current[seen - 1];
    const contrast c = contrast_of(r);
    if (c.ends) ends[r.build % builds].add(*c.ends);
    if (!r.current) continue;
    commit[r.build % builds][c.of].add(c.commit);
    ++j.observations;
    // One build of each tree: the drift model over the raw runs. Several: the contrasts within rounds,
    // whose blocks follow the builds' offsets (the walk model has no term for them).
    if (builds == 1) {
      e.next(drift_factors[seen - 1]);
      continue;
    }
    blocks.assign(ends.begin(), ends.end());
    blocks.insert(blocks.end(), judged.begin(), judged.end());
    for (const auto& kinds : commit) blocks.insert(blocks.end(), kinds.begin(), kinds.end());
    e.next(log_bayes_factor(blocks));
  }
  j.evidence = e.sum();

  // The ends' difference, and how clearly the rounds tell the ends apart (a t test on the rounds'
  // differences): for the message, and for the caller, who stops a bisection whose ends stay alike.
  // The evidence needs no such gate: with the difference unknown it integrates over it.
  const fit ends_fit = fit_levels(ends, 0);
  double ends_n = 0;
  for (const block& b : ends) ends_n += b.n;
  const double difference = ends_fit.level[0];
  // The commit's place: its own level l above the good end, fitted with D by generalised least squares
  // on every block (ends: D; commits judged before: their coefficient times D; this commit's contrasts:
  // l plus the contrast's coefficient at the good end times D), then l / D.
  std::array<double, 3> normal{};  // the information of (D, l): DD, Dl, ll
  std::array<double, 2> moment{};
  const auto add = [&](const block& b, double on_d, double on_l) {
    if (b.n == 0) return;
    const double w = b.weight();
    normal[0] += w * on_d * on_d;
    normal[1] += w * on_d * on_l;
    normal[2] += w * on_l * on_l;
    moment[0] += w * on_d * b.mean;
    moment[1] += w * on_l * b.mean;
  };
  for (const block& b : ends) add(b, 1, 0);
  for (const block& b : judged) add(b, b.coef[0], 0);
  for (const auto& kinds : commit)
    for (const kind k : {both_ends, good_end, bad_end}) add(kinds[k], coefficient(k, 0), 1);
  const double determinant = normal[0] * normal[2] - normal[1] * normal[1];
  if (determinant > 0) {
    const double fitted_d = (normal[2] * moment[0] - normal[1] * moment[1]) / determinant;
    const double fitted_l = (normal[0] * moment[1] - normal[1] * moment[0]) / determinant;
    if (fitted_d != 0) j.position = fitted_l / fitted_d;
  }
  double ends_p = 1;
  if (ends_n >= 2 && ends_fit.information[0] > 0) {
    const double noise = ends_fit.rss / (ends_n - 1);
    const double t = noise > 0 ? std::abs(difference) / std::sqrt(noise / ends_fit.information[0])
                               : (difference != 0 ? std::numeric_limits<double>::infinity() : 0.0);
    ends_p = std::isinf(t) ? 0 : 2 * boost::math::cdf(boost::math::complement(boost::math::students_t(ends_n - 1), t));
  }
  const std::string spread_text =
      builds > 1 ? fmt::format("; the builds' spread {:.2f} of the noise", std::sqrt(ratio)) : std::string();
  const std::string figures =
      fmt::format("over {} rounds the commit {} ({}); the ends differ by {:.6g} (p={}){}; evidence {:+.2f}, decided "
                  "at +-{:.2f}",
                  j.observations, position_text(j.position), j.observations == 0 ? "no run" : "paired by round",
                  s.unscaled(difference), text::p_value_text(ends_p), spread_text, j.evidence, j.threshold);
  j.ends_p_value = ends_p;
  j.answer = answer_of(j.evidence, j.threshold, last_look);
  j.reason = (j.answer == bisect_answer::undecided ? (ends_p <= policy.alpha ? "unclear after the last round: "
                                                                            : "the ends cannot be told apart: ")
              : j.answer == bisect_answer::more_runs ? "unclear: "
                                                      : "") +
             figures;
  return j;
}

bisect_judgement judge_single_look(std::span<const double> good, std::span<const double> bad,
                                   std::span<const double> current, const bisect_policy& policy) {
  bisect_judgement j;
  j.threshold = bisect_threshold(policy);
  j.observations = current.size();
  if (current.empty()) {
    j.answer = bisect_answer::undecided;
    j.reason = "no sample of the metric at this commit";
    return j;
  }
  scale s;
  s.see(good);
  s.see(bad);
  s.see(current);
  const auto scaled = [&](std::span<const double> xs) {
    std::vector<double> out;
    out.reserve(xs.size());
    for (const double x : xs) out.push_back(s(x));
    return out;
  };
  const std::vector<double> g = scaled(good);
  const std::vector<double> b = scaled(bad);
  const std::vector<double> c = scaled(current);
  const double p_good = mann_whitney_u(c, g).p_value;
  const double p_bad = mann_whitney_u(c, b).p_value;
  // The place from the Hodges-Lehmann shifts (medians of pairwise differences): ranks decide it.
  const double ends_shift = shift_of(g, b);
  const double commit_shift = shift_of(g, c);
  if (ends_shift != 0) j.position = commit_shift / ends_shift;
  const bool unlike_good = p_good <= policy.alpha;
  const bool unlike_bad = p_bad <= policy.alpha;
  const std::string figures =
      fmt::format("the median {:.6g} of {} samples {} (p={} against good, p={} against bad; one look at {})",
                  median_of(current), current.size(), position_text(j.position), text::p_value_text(p_good),
                  text::p_value_text(p_bad), policy.alpha);
  j.answer = bisect_answer::undecided;
  if (!j.position) {
    // The ends' shift is nil though their samples differ: the tests alone decide.
    if (unlike_good && !unlike_bad) j.answer = bisect_answer::bad;
    if (unlike_bad && !unlike_good) j.answer = bisect_answer::good;
  } else if (unlike_good && *j.position > 0.75) {
    j.answer = bisect_answer::bad;
  } else if (unlike_bad && *j.position < 0.25) {
    j.answer = bisect_answer::good;
  } else if (unlike_good && !unlike_bad && *j.position > 0.5) {
    j.answer = bisect_answer::bad;
  } else if (unlike_bad && !unlike_good && *j.position < 0.5) {
    j.answer = bisect_answer::good;
  }
  if (j.answer == bisect_answer::undecided)
    j.reason = (unlike_good && unlike_bad ? "neither good nor bad: " : "unclear: ") + figures;
  else
    j.reason = figures;
  return j;
}

}  // namespace perfmail
