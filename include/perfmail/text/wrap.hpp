#pragma once
// Text wrapped to a width in terminal columns: the help, and the lines above a benchstat table.

#include <string>
#include <string_view>

namespace perfmail::text {

/// `text` with every line longer than `width` columns (at least 20) broken at spaces; a continuation
/// line is indented as its line, plus `hang` columns (at most half the width), and a word longer than
/// the room left is cut, never inside a UTF-8 sequence.
[[nodiscard]] std::string wrap_text(std::string_view text, int width, int hang = 0);

}  // namespace perfmail::text
