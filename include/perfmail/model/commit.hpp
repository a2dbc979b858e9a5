#pragma once
// A commit as a report names it: full id, subject line, and where it can be fetched.

#include <algorithm>
#include <compare>
#include <cstddef>
#include <string>
#include <string_view>

namespace perfmail {

struct commit {
  std::string id;       ///< full hexadecimal id (or any name the caller uses, such as a tag)
  std::string subject;  ///< first line of the commit message
  std::string url;      ///< tree URL ("https://git.kernel.org/...linux.git") or branch URL ("https://github.com/.../commits/...")
  std::string branch;   ///< branch printed after a tree URL; empty for a branch URL

  /// The first `length` characters of the id, as tables print them.
  [[nodiscard]] std::string_view short_id(std::size_t length) const noexcept {
    return std::string_view{id}.substr(0, std::min(length, id.size()));
  }

  auto operator<=>(const commit&) const = default;
};

}  // namespace perfmail
