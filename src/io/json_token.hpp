#pragma once
// A JSON token as every reader of JSON text here takes it: the token without the white space a parser
// leaves after it, and a number token's value where the fast parsers stop (integers beyond 64 bits,
// values beyond a double's range) and in the text formats. One place, so that the matrix loader, the
// importers and the report documents read the same token as the same double.

#include <fast_float/fast_float.h>

#include <string_view>

namespace perfmail::io::detail {

/// `token` without the white space the parser leaves after it.
[[nodiscard]] constexpr std::string_view without_trailing_white(std::string_view token) noexcept {
  while (!token.empty() && (token.back() == ' ' || token.back() == '\t' || token.back() == '\n' || token.back() == '\r'))
    token.remove_suffix(1);
  return token;
}

/// The nearest double to `token`, a number in JSON's grammar (text::is_json_number): infinite (with the
/// token's sign) where the value is beyond a double's range, for the caller to refuse; zero (with the
/// token's sign) where it is too small for one. Never depends on the program's locale.
///
/// fast_float (Debian's libfast-float-dev), inline: the text formats read every sample with it, and it
/// takes 7 ns a typical sample where the standard library's from_chars, out of line, took 12. It rounds
/// as from_chars does, and where from_chars reports a value out of range and leaves it unset, fast_float
/// gives the infinity or signed zero this function promises (tests/unit/test_import_text.cpp holds 30,000
/// tokens of every form to from_chars bit for bit).
[[nodiscard]] inline double json_number_value(std::string_view token) noexcept {
  double value = 0;
  (void)fast_float::from_chars(token.data(), token.data() + token.size(), value);
  return value;
}

}  // namespace perfmail::io::detail
