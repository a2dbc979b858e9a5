#pragma once
// Which way is better for a metric, for the words "improvement" and "regression". Cheap to include.

#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstdint>

namespace perfmail {

enum class better : std::uint8_t { higher, lower };

inline constexpr std::array<enum_name<better>, 2> better_names{{{better::higher, "higher"}, {better::lower, "lower"}}};
/// The name of `value` (its `better_names` entry): what `<<` and `fmt::format("{}", value)` print.
[[nodiscard]] constexpr std::string_view name_of(better value) noexcept { return name_of(better_names, value); }

}  // namespace perfmail
