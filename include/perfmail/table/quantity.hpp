#pragma once
// A value with its unit as people read it: three or four significant digits and a scaled unit
// (`3.909µs`, `261.9MB/s`, `1.55GB/s`, `8 allocs`, `30.1ms`). The tables of other benchmark tools'
// results print every center this way; the robot's tables keep the robot's printf formats. The JSON
// keeps the raw numbers and names the unit. Declarations only: src/table/quantity.cpp.

#include "perfmail/model/unit.hpp"

#include <string>

namespace perfmail {

/// `value`, a number of `unit` (quantity::none: a plain number), scaled to the unit that keeps one to three digits
/// before the point and printed with four significant digits at most. Throws value_error for a value
/// that is not finite.
[[nodiscard]] std::string format_quantity(double value, metric_unit unit);

}  // namespace perfmail
