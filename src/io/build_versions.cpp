// What the loaders (perfmail::io) were compiled with, for `perfmail --version`: read here, in the
// library's own translation unit, since the JSON parsers are private to it.

#include "perfmail/version.hpp"

#include <fmt/core.h>
#include <nlohmann/json_fwd.hpp>  // the version macros, without the parser
#include <simdjson.h>

#include <array>
#include <string>

namespace perfmail::io {

std::span<const library_version> built_with() {
  static const std::string fmt_version =
      fmt::format("{}.{}.{}", FMT_VERSION / 10000, FMT_VERSION / 100 % 100, FMT_VERSION % 100);
  static const std::string nlohmann_json_version = fmt::format(
      "{}.{}.{}", NLOHMANN_JSON_VERSION_MAJOR, NLOHMANN_JSON_VERSION_MINOR, NLOHMANN_JSON_VERSION_PATCH);
  static const std::string simdjson_version =
      fmt::format("{}.{}.{}", static_cast<int>(simdjson::SIMDJSON_VERSION_MAJOR),
                  static_cast<int>(simdjson::SIMDJSON_VERSION_MINOR), static_cast<int>(simdjson::SIMDJSON_VERSION_REVISION));
  static const std::array<library_version, 3> libraries{{
      {"fmt", fmt_version},
      {"nlohmann_json", nlohmann_json_version},
      {"simdjson", simdjson_version},
  }};
  return libraries;
}

}  // namespace perfmail::io
