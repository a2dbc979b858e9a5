#pragma once
// How a statistic prints for people: a p-value, a change in percent, an interval of changes, how far a
// centre's interval reaches, and a confidence as a heading names it. Every table, note and message that
// prints one of them calls these, so that each is formatted in one place; a caller chooses only the
// precision its layout has always had. Declarations only: the formatting, with fmt, is in
// src/text/statistic_text.cpp.

#include <cstdint>
#include <optional>
#include <string>

namespace perfmail {

struct interval;

namespace text {

/// How a p-value prints (p_value_text).
struct p_format {
  enum class form : std::uint8_t {
    /// `digits` decimals from 10^-digits up (`0.042` at 3), below that two significant digits in
    /// scientific notation (`6.0e-20`), so that a tiny p never prints as 0.
    decimals,
    /// The same from 10^-digits up, below that the bound: `<0.001` (benchstat's way).
    bounded,
    /// `digits` significant digits, fixed or scientific as printf's %g chooses (`0.0023`, `1.2e-05`).
    significant,
  };
  form how = form::decimals;
  int digits = 3;
};

/// `p` as `format` says: `0.042`, `6.0e-20`, `<0.001`, `0.0023`.
[[nodiscard]] std::string p_value_text(double p, p_format format = {});

/// The relation and the number that follow a `p` or a `q`: `=0.042`, or `<0.001` where p_value_text
/// prints the bound.
[[nodiscard]] std::string p_relation_text(double p, p_format format = {});

/// A change in percent with its sign and `decimals` decimals: `+6.04%`, `-0.5%`.
[[nodiscard]] std::string change_percent_text(double percent, int decimals);

/// An interval of changes in percent, each end as change_percent_text prints it: `[+5.62%, +6.48%]`.
[[nodiscard]] std::string interval_percent_text(const interval& percent, int decimals);

/// How far `ci` reaches from `centre`: the larger of the distances from the centre to its two ends. The
/// `± R` a cell prints after a median is this distance.
[[nodiscard]] double reach_from(double centre, const interval& ci);

/// The `R` of `centre ± R` in percent of the centre's magnitude with `decimals` decimals (`1.5%`; `0%`
/// where the interval is the point itself), or nullopt over a zero centre, where no percentage exists, and
/// where the percentage is beyond the range of a double (a reach of 1e10 around 1e-300): the caller then
/// prints reach_from(centre, ci) in the value's unit. Finite for every centre and interval of finite
/// doubles: near ±1.7e308 it is taken from the quotient, or from halves, where 100 * reach overflows.
[[nodiscard]] std::optional<std::string> reach_percent_text(double centre, const interval& ci, int decimals);

/// A confidence as a heading or a note names it, in percent: `95%` for 0.95, `99.9%` for 0.999; with up to
/// ten significant digits, so that no confidence below 1 reads as 100%.
[[nodiscard]] std::string confidence_text(double confidence);

}  // namespace text
}  // namespace perfmail
