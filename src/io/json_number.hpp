#pragma once
// How a double is spelled in perfmail's JSON: the shortest decimal that reads back as the same double
// (std::to_chars, exact), laid out as JSON numbers have always been written here: plain decimals while
// the decimal point falls within the first 15 digits or no more than three zeros after it (an integral
// value with `.0`, so that it reads back as a double), otherwise one digit, the fraction and a signed
// exponent of at least two digits (`1e+16`, `5e-324`). The one place that decides it: every JSON
// document perfmail writes goes through json_stream, which calls this.

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <system_error>

namespace perfmail::io::detail {

/// The most bytes json_double writes: a sign, 17 digits, a point, up to 15 zeros or `e-324`.
inline constexpr std::size_t json_double_room = 40;

/// Writes `x` at `at` (json_double_room bytes of room) and returns the end. JSON has no spelling for a
/// value that is not finite: such a value is the caller's to refuse (finite_double), and one that gets
/// here is written `null`, as nlohmann's dump writes it.
inline char* json_double(char* at, double x) {
  if (!std::isfinite(x)) {
    std::memcpy(at, "null", 4);
    return at + 4;
  }
  // The shortest digits in scientific form: `-d.ddde-XX`, from which the digits and the exponent are read.
  char scientific[32];
  const std::to_chars_result r = std::to_chars(scientific, scientific + sizeof scientific, x, std::chars_format::scientific);
  if (r.ec != std::errc{}) return at;  // not reached: 32 bytes hold every double
  const char* p = scientific;
  if (*p == '-') *at++ = *p++;
  char digits[17];
  std::size_t count = 0;
  for (; *p != 'e'; ++p)
    if (*p != '.') digits[count++] = *p;
  ++p;  // past 'e'
  const bool negative_exponent = *p++ == '-';
  int exponent = 0;
  for (; p != r.ptr; ++p) exponent = 10 * exponent + (*p - '0');
  if (negative_exponent) exponent = -exponent;
  // Where the decimal point falls: after `point` of the digits (0 or less: before them).
  const int point = exponent + 1;
  const auto length = static_cast<int>(count);
  constexpr int widest_plain = 15;   // digits before the point written out, at most
  constexpr int most_zeros = 3;      // zeros after the point before the first digit, at most
  if (length <= point && point <= widest_plain) {
    // Integral: the digits, the zeros up to the point, then `.0`.
    std::memcpy(at, digits, count);
    at += count;
    for (int i = length; i < point; ++i) *at++ = '0';
    *at++ = '.';
    *at++ = '0';
  } else if (0 < point && point <= widest_plain) {
    std::memcpy(at, digits, static_cast<std::size_t>(point));
    at += point;
    *at++ = '.';
    std::memcpy(at, digits + point, count - static_cast<std::size_t>(point));
    at += length - point;
  } else if (-most_zeros <= point && point <= 0) {
    *at++ = '0';
    *at++ = '.';
    for (int i = point; i < 0; ++i) *at++ = '0';
    std::memcpy(at, digits, count);
    at += count;
  } else {
    *at++ = digits[0];
    if (count > 1) {
      *at++ = '.';
      std::memcpy(at, digits + 1, count - 1);
      at += count - 1;
    }
    *at++ = 'e';
    *at++ = exponent < 0 ? '-' : '+';
    const int magnitude = exponent < 0 ? -exponent : exponent;
    if (magnitude >= 100) *at++ = static_cast<char>('0' + magnitude / 100);
    *at++ = static_cast<char>('0' + magnitude / 10 % 10);
    *at++ = static_cast<char>('0' + magnitude % 10);
  }
  return at;
}

}  // namespace perfmail::io::detail
