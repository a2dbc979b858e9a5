// What the perfmail library was compiled with, for `perfmail --version`: read here, in the library's own
// translation unit, so that it is what this part saw even if a program links it with other headers.

#include "perfmail/version.hpp"

#include <boost/version.hpp>
#include <fmt/core.h>
#include <range/v3/version.hpp>

#include <array>
#include <string>

namespace perfmail {

std::span<const library_version> built_with() {
  // Strings made once: the version macros are numbers (BOOST_VERSION is 107400 for 1.74.0).
  static const std::string fmt_version =
      fmt::format("{}.{}.{}", FMT_VERSION / 10000, FMT_VERSION / 100 % 100, FMT_VERSION % 100);
  static const std::string boost_version =
      fmt::format("{}.{}.{}", BOOST_VERSION / 100000, BOOST_VERSION / 100 % 1000, BOOST_VERSION % 100);
  static const std::string range_v3_version =
      fmt::format("{}.{}.{}", RANGE_V3_MAJOR, RANGE_V3_MINOR, RANGE_V3_PATCHLEVEL);
  static const std::array<library_version, 3> libraries{{
      {"fmt", fmt_version},
      {"Boost", boost_version},
      {"range-v3", range_v3_version},
  }};
  return libraries;
}

}  // namespace perfmail
