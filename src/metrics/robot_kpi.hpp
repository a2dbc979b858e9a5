#pragma once
// The robot's KPI directions (robot_kpi.cpp), for the robot's rules (robot_rules.cpp).

#include "perfmail/metrics/rules.hpp"

#include <vector>

namespace perfmail {

/// The direction rules of lkp-tests' KPI lists, in the robot's order of lookup.
[[nodiscard]] std::vector<direction_rule> robot_kpi_directions();

}  // namespace perfmail
