#pragma once
// The marginal likelihood of a regression on a level that moves as a local linear trend: the model the
// bisect judge uses for a machine whose speed drifts while it measures (docs/STATISTICS.md,
// "Bisection"). Internal to the compiled library, as stats/one_way_anova.hpp is.
//
// The observations come in periods (the rounds of a bisection), grouped in segments (its steps, one a
// commit). Every observation is its period's level plus a coefficient times one shared parameter (the
// ends' difference) plus normal noise of variance sigma^2. The coefficient is `regressor + h *
// hypothesis`: the judge's two hypotheses (h = 0, the commit like good; h = 1, like bad) differ only in
// it, so one pass of the filter serves both. The level moves from one period to the next by its slope
// plus a normal step of variance q sigma^2, and the slope by a normal step of variance r sigma^2;
// between two segments the level takes one more step, of variance gap sigma^2 (a build ran between). The
// first level, the first slope and the coefficient's parameter are integrated out over flat priors,
// sigma over the prior 1/sigma. Every model has those same parameters, so marginal likelihoods of
// models with different variances compare in any unit of the values.
//
// Values should be of one magnitude (the caller scales them); the filter takes them about a centre the
// caller gives (their mean), which keeps the digits of small differences of large values.

#include <array>
#include <cstddef>

namespace perfmail {

struct walk_observation {
  double value = 0;
  double regressor = 0;   ///< the coefficient on the shared parameter under either hypothesis
  double hypothesis = 0;  ///< the part of the coefficient that the hypothesis h multiplies
  /// The periods since the segment's previous observation (0 within a period). A segment's first
  /// observation counts from the segment's first period, which is one period (with the gap's step) after
  /// the previous segment's last observation; the very first observation's is ignored.
  double steps_before = 0;
};

struct walk_likelihood {
  /// The log marginal likelihood, up to a constant that depends only on the number of observations (so
  /// it cancels between hypotheses and models over the same observations).
  double log_likelihood = 0;
  bool defined = false;  ///< more observations than parameters, and every parameter identified
  bool exact = false;    ///< the regression fits the observations exactly (log_likelihood is then unused)
};

/// The model's variances, in units of the noise variance.
struct walk_model {
  double level_variance = 0;  ///< q: the level's step a period
  double slope_variance = 0;  ///< r: the slope's step a period
  double gap = 0;             ///< the level's extra step between two segments
};

/// An augmented Kalman filter (de Jong's diffuse filter) over the observations as they come: the
/// generalised least-squares sums of the regression under the model's covariance without forming it,
/// so that the likelihood after each new observation costs the observation, not the history.
class walk_filter {
 public:
  walk_filter(const walk_model& model, double centre) noexcept : model_(model), centre_(centre) {}

  /// The observations added from now on belong to a new segment (an empty segment changes nothing).
  void begin_segment() noexcept { segment_begins_ = true; }
  void add(const walk_observation& o) noexcept;

  /// The likelihood over the observations so far, the coefficient `regressor + h * hypothesis`.
  [[nodiscard]] walk_likelihood likelihood(double h) const noexcept;

 private:
  // The augmented columns: the observations, the two parts of the coefficient, the first level, the
  // first slope (whose column is the time in periods).
  static constexpr std::size_t width = 5;
  void step(double level_variance) noexcept;

  walk_model model_;
  double centre_ = 0;
  std::array<double, width * width> sums_{};              ///< [y X]' V^-1 [y X]
  std::array<std::array<double, 2>, width> predicted_{};  ///< each column's predicted level and slope
  std::array<double, 3> p_{};                             ///< the prediction's covariance: P00, P01, P11
  double time_ = 0;                                       ///< periods since the first observation
  double log_det_v_ = 0;                                  ///< the innovations' log variances, summed
  double n_ = 0;
  bool segment_begins_ = false;
};

}  // namespace perfmail
