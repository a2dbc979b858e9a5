#pragma once
// The marginal likelihood of a regression on a level that moves as a local linear trend: the model the
// bisect judge uses for a machine whose speed drifts while it measures (docs/STATISTICS.md,
// "Bisection"). Internal to the compiled library, as stats/one_way_anova.hpp is.
//
// The observations come in periods (the rounds of a bisection), grouped in segments (its steps, one a
// commit). Every observation is its period's level plus `regressor` times one shared coefficient (the
// ends' difference) plus normal noise of variance sigma^2. The level moves from one period to the next
// by its slope plus a normal step of variance q sigma^2, and the slope by a normal step of variance
// r sigma^2; between two segments the level takes one more step, of variance gap sigma^2 (a build ran
// between). The first level, the first slope and the coefficient are integrated out over flat priors,
// sigma over the prior 1/sigma. Every model has those same parameters, so marginal likelihoods of
// models with different variances compare in any unit of the values.
//
// Values should be of one magnitude (the caller scales them); the sums are taken about their mean.

#include <span>
#include <vector>

namespace perfmail {

struct walk_observation {
  double value = 0;
  double regressor = 0;
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

/// The model above over `segments`, each in time order. One pass of an augmented Kalman filter (de
/// Jong's diffuse filter): the generalised least-squares sums of the regression under the model's
/// covariance without forming it.
[[nodiscard]] walk_likelihood random_walk_level_likelihood(std::span<const std::vector<walk_observation>> segments,
                                                           const walk_model& model);

}  // namespace perfmail
