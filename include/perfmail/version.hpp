#pragma once

#include <string_view>

namespace perfmail {
inline constexpr std::string_view version_string = "0.1.0";
}  // namespace perfmail
