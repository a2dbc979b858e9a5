#pragma once
// Unicode format characters (general category Cf): the zero-width space U+200B, the soft hyphen U+00AD,
// the byte order mark U+FEFF, the word joiner U+2060, the bidirectional controls and the rest. They are
// invisible where they are printed, so two names that differ only by one read alike: inputs whose text
// names things (metric names) refuse them. The category's table is RE2's (the library that matches
// patterns, src/metrics/name_pattern.cpp), not one written here.

#include <cstddef>
#include <string_view>

namespace perfmail::text {

/// The offset of the first format character (category Cf) in `text`, valid UTF-8, or npos.
[[nodiscard]] std::size_t first_format_character(std::string_view text);

}  // namespace perfmail::text
