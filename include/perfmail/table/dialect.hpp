#pragma once
// The layouts a comparison table is printed in, and their names. Cheap to include: a data header.

#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstdint>

namespace perfmail {

/// The robot's table layouts: `classic` (its 2017 `sbin/compare`), `modern` (its 2018 compare) and
/// `current` (lkp-tests' compare of 2019 to today: the modern rows under a header with sorted axes, commit
/// lines and a 27-wide head column, in lkp-tests' row order; docs/TABLES.md); and `benchstat`, the
/// table for results of other benchmark tools (table/benchstat.hpp), which no robot email prints.
enum class table_dialect : std::uint8_t { classic, modern, current, benchstat };

/// The dialects' names on the command line and in the JSON.
inline constexpr std::array<enum_name<table_dialect>, 4> dialect_names{{
    {table_dialect::classic, "classic"},
    {table_dialect::modern, "modern"},
    {table_dialect::current, "current"},
    {table_dialect::benchstat, "benchstat"},
}};
/// The name of `value` (its `dialect_names` entry): what `<<` and `fmt::format("{}", value)` print.
[[nodiscard]] constexpr std::string_view name_of(table_dialect value) noexcept { return name_of(dialect_names, value); }

/// The dialects a report document may name: the robot's.
inline constexpr std::array<enum_name<table_dialect>, 3> robot_dialect_names{{
    {table_dialect::classic, "classic"},
    {table_dialect::modern, "modern"},
    {table_dialect::current, "current"},
}};

/// Whether `dialect` is one of the robot's tables (its rows, its printf formats, its header).
[[nodiscard]] constexpr bool is_robot_dialect(table_dialect dialect) noexcept {
  return dialect != table_dialect::benchstat;
}

}  // namespace perfmail
