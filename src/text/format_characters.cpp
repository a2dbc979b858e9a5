// Format characters, by RE2's Unicode tables (include/perfmail/text/format_characters.hpp).

#include "perfmail/text/format_characters.hpp"

#include <re2/re2.h>

#include <cstdint>
#include <cstring>

namespace perfmail::text {

std::size_t first_format_character(std::string_view text) {
  // Every format character is outside ASCII: most names are ASCII and are passed without a search.
  // The bytes or'ed together eight at a time: a high bit says that one is not ASCII.
  std::uint64_t any = 0;
  std::size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, text.data() + i, 8);
    any |= word;
  }
  for (; i < text.size(); ++i) any |= static_cast<unsigned char>(text[i]);
  if ((any & 0x8080808080808080ULL) == 0) return std::string_view::npos;
  static const RE2 format_character{"(\\p{Cf})", [] {
                                      RE2::Options options;  // UTF-8, the encoding of `text`
                                      options.set_log_errors(false);
                                      return options;
                                    }()};
  re2::StringPiece rest{text.data(), text.size()};
  re2::StringPiece found;
  if (!RE2::FindAndConsume(&rest, format_character, &found)) return std::string_view::npos;
  return static_cast<std::size_t>(found.data() - text.data());
}

}  // namespace perfmail::text
