// The messages of perfmail's exceptions (error.hpp): made printable and bounded, and placed.

#include "perfmail/error.hpp"

#include "perfmail/text/printable.hpp"

#include <fmt/core.h>

#include <string>
#include <string_view>

namespace perfmail {

std::string printable_message(std::string_view message) {
  std::string out = text::printable(message);
  if (out.size() > max_message_bytes) {
    // Cut by bytes (the bound is on bytes) at a character boundary, so the message stays valid UTF-8.
    out = std::string{text::prefix_within_bytes(out, max_message_bytes)};
    out += "...";
  }
  return out;
}

std::string input_error::describe(std::string_view file, const input_place& place, std::string_view problem) {
  std::string where{file.empty() ? std::string_view{"<input>"} : file};
  if (place.line != 0) {
    where += fmt::format(":{}", place.line);
    if (place.column != 0) where += fmt::format(":{}", place.column);
  }
  if (!place.item.empty()) where += fmt::format(": {}", place.item);
  return fmt::format("{}: {}", where, problem);
}

}  // namespace perfmail
