#pragma once
// How a count prints for people: `9,997`, digits grouped by three with commas whatever the locale, so
// that a CI log reads the same everywhere. The summary line of verdicts and the notes under the tables
// print their counts so.

#include <cstddef>
#include <string>

namespace perfmail::text {

/// `n` with its digits grouped by three: `grouped(9997)` is `9,997`, `grouped(100)` is `100`.
[[nodiscard]] inline std::string grouped(std::size_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  out.reserve(digits.size() + digits.size() / 3);
  const std::size_t lead = digits.size() % 3;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (i + 3 - lead) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace perfmail::text
