#pragma once
// The orders a comparison's rows can take: a data header of its own, so that a report document, which
// names an order, does not include the comparison.

#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstdint>
#include <string_view>

namespace perfmail {

enum class row_order : std::uint8_t {
  /// the first compared matrix's metric order, then other compared columns', then base-only; under the
  /// benchmark tools' conventions the base's order, then the metrics it lacks (as benchstat lists them)
  given,
  robot,   ///< the test's own metrics first, then failures, then other families; by change within
  robot_families,  ///< lkp-tests' order of today: families by their row count (FORMAT-current.md 7.11)
  caller,  ///< `compare_options::caller_order` first, in that order, then the rest in the given order
};

/// The orders' names on the command line and in report documents (`caller` is the library's alone).
inline constexpr std::array<enum_name<row_order>, 2> row_order_names{{
    {row_order::given, "given"},
    {row_order::robot, "robot"},
}};
/// The name of `value` (its `row_order_names` entry): what `<<` and `fmt::format("{}", value)` print.
[[nodiscard]] constexpr std::string_view name_of(row_order value) noexcept { return name_of(row_order_names, value); }

}  // namespace perfmail
