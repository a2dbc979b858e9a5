// Format characters, by RE2's Unicode tables (include/perfmail/text/format_characters.hpp).

#include "perfmail/text/format_characters.hpp"

#include <re2/re2.h>

namespace perfmail::text {

std::size_t first_format_character(std::string_view text) {
  // Every format character is outside ASCII: most names are ASCII and are passed without a search.
  bool ascii = true;
  for (const char c : text) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  if (ascii) return std::string_view::npos;
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
