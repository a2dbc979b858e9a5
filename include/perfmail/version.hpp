#pragma once
// perfmail's version, and the libraries each compiled part of it was built with. Cheap to include (no
// library's headers): the versions are read from the libraries' version macros in the part's own .cpp,
// so that they say what that part was compiled with, not what the includer happens to see.

#include <span>
#include <string_view>

namespace perfmail {

inline constexpr std::string_view version_string = "0.1.0";

/// A library a compiled part of perfmail was built with: its name and version, as the library's
/// version macros gave them when that part was compiled.
struct library_version {
  std::string_view name;
  std::string_view version;
};

/// The libraries the perfmail library (perfmail::perfmail) was compiled with: fmt, Boost (Math,
/// Accumulators, Container) and range-v3.
[[nodiscard]] std::span<const library_version> built_with();

namespace io {
/// The libraries the loaders (perfmail::io) were compiled with: fmt, nlohmann_json and simdjson.
/// Defined in perfmail::io: a program calling it links that library.
[[nodiscard]] std::span<const library_version> built_with();
}  // namespace io

}  // namespace perfmail
