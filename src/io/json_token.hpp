#pragma once
// A JSON token as every reader of JSON text here takes it: the token without the white space a parser
// leaves after it, and a number token's value where the fast parsers stop (integers beyond 64 bits,
// values beyond a double's range). One place, so that the matrix loader, the importers and the report
// documents read the same token as the same double.

#include <charconv>
#include <string_view>
#include <system_error>

namespace perfmail::io::detail {

/// `token` without the white space the parser leaves after it.
[[nodiscard]] constexpr std::string_view without_trailing_white(std::string_view token) noexcept {
  while (!token.empty() && (token.back() == ' ' || token.back() == '\t' || token.back() == '\n' || token.back() == '\r'))
    token.remove_suffix(1);
  return token;
}

/// The value of a number token that from_chars found beyond a double's range: infinite or zero, with the
/// token's sign.
[[nodiscard]] double beyond_double_range(std::string_view token);

/// The nearest double to `token`, a number in JSON's grammar (text::is_json_number): infinite (with the
/// token's sign) where the value is beyond a double's range, for the caller to refuse; zero (with the
/// token's sign) where it is too small for one. Never depends on the program's locale. Inline: the text
/// formats read every sample with it.
[[nodiscard]] inline double json_number_value(std::string_view token) {
  double value = 0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  (void)end;
  return ec == std::errc::result_out_of_range ? beyond_double_range(token) : value;
}

}  // namespace perfmail::io::detail
