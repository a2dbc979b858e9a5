#pragma once
// Corrections for many metrics tested at once. A comparison tests hundreds to thousands of metrics; at
// alpha 0.05, 5% of the unchanged ones come out "significant" by chance alone. A correction turns each
// p-value into an adjusted one (a q-value) that can be held against alpha for the whole family:
//
// - `bh` (Benjamini-Hochberg): controls the false discovery rate, the expected share of false changes
//   among those reported, for independent or positively dependent tests. The default.
// - `by` (Benjamini-Yekutieli): the same under any dependence, at the cost of power (BH times
//   1 + 1/2 + ... + 1/m).
// - `holm`: controls the chance of even one false change (family-wise error), uniformly better than
//   Bonferroni.
// - `bonferroni`: p times m.
// - `none`: the p-values themselves.
//
// Declarations only; src/stats/correction.cpp has the arithmetic.

#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace perfmail {

enum class p_correction : std::uint8_t { none, bh, by, holm, bonferroni };

/// The corrections' names on the command line and in the JSON.
inline constexpr std::array<enum_name<p_correction>, 5> correction_names{{
    {p_correction::none, "none"},
    {p_correction::bh, "bh"},
    {p_correction::by, "by"},
    {p_correction::holm, "holm"},
    {p_correction::bonferroni, "bonferroni"},
}};
/// The name of `value` (its `correction_names` entry): what `<<` and `fmt::format("{}", value)` print.
[[nodiscard]] constexpr std::string_view name_of(p_correction value) noexcept { return name_of(correction_names, value); }

/// The adjusted p-values (q-values) of `p_values`, in the same order, each in [0, 1] and never below its
/// p-value. The family is every value given: pass the p-values of all metrics tested in one comparison
/// column, tested or not by chance of their values (a metric that could not be tested is not a member).
///
/// BH: q_(i) = min over j >= i of m p_(j) / j, for the p-values in ascending order; BY multiplies by
/// sum_{k=1..m} 1/k; Holm: q_(i) = max over j <= i of (m - j + 1) p_(j); Bonferroni: m p. All capped at 1.
/// These are R's p.adjust and statsmodels' multipletests. Throws usage_error for a value outside [0, 1].
/// **Example**: `adjust_p_values({{0.01, 0.04, 0.03}}, p_correction::bh)` is `{0.03, 0.04, 0.04}`.
[[nodiscard]] std::vector<double> adjust_p_values(std::span<const double> p_values, p_correction correction);

/// The level a lone change is held to in a family of `family` p-values: the largest p-value whose q-value
/// is at most `alpha` when every other p-value of the family is large. alpha / m for bh, holm and
/// bonferroni (the first rank's threshold), alpha / (m (1 + 1/2 + ... + 1/m)) for by, alpha for none (and
/// for a family of at most one). Under bh and by a p-value above it can still be selected when many
/// others are small; under holm and bonferroni never. Throws usage_error unless 0 < alpha < 1.
/// **Example**: `first_rank_level(p_correction::bh, 10000, 0.05)` is 5e-06.
[[nodiscard]] double first_rank_level(p_correction correction, std::size_t family, double alpha);

/// Whether each member of a family could be selected: whether `correction` at `alpha` would give member i a
/// q-value of at most alpha had its p-value been `smallest[i]`, the smallest its test can give with the
/// samples it had, and every other member's p-value what it is. So a test too weak for the correction says
/// so even where it could reach alpha alone: utest with 5 runs a side (p >= 0.0079) among 10,000 metrics
/// under bh selects nothing unless hundreds of others are smaller. Exact for each correction, in
/// O(m log m): the same comparisons as adjust_p_values, without adjusting m modified families. Throws
/// usage_error for spans of different sizes, a value outside [0, 1], a smallest value above its p-value,
/// or alpha outside (0, 1).
/// **Example**: `selectable_at_best({{0.2, 0.5}}, {{0.03, 0.1}}, p_correction::bh, 0.05)` is `{false, false}`:
/// 0.03 ranks first of two, and 2 x 0.03 / 1 = 0.06 > 0.05.
[[nodiscard]] std::vector<bool> selectable_at_best(std::span<const double> p_values, std::span<const double> smallest,
                                                   p_correction correction, double alpha);

}  // namespace perfmail
