#pragma once
// printf-style formatting of one number, as the robot's Ruby prints it.
//
// Ruby's `format` agrees with C's printf except close to a decimal rounding tie. Its number-to-digits
// conversion first tries a fast path in double arithmetic for outputs of up to 14 digits; when the
// digits after the last kept one come within a small error bound of exactly one half, it gives up the
// exact answer and rounds half to even on the kept digit, as if the value sat exactly on the tie.
// So `%.2f` of 2.675 (stored as 2.67499999...) prints 2.68 in Ruby and 2.67 in C, and `%.2f` of
// 1.3650000000000002 prints 1.36 in Ruby and 1.37 in C.
//
// This header decides only that rounding direction, by redoing the fast path's arithmetic (the same
// scaling by powers of ten, the same error bound). The digits themselves are printed by fmt: when
// Ruby's direction differs from the exact one, fmt prints a value a quarter of a last-place unit to
// the chosen side of the tie, which has the wanted digits and no tie left.
//
// The work is compiled (src/text/ruby_format.cpp). Like the rest of the text layer, this header does not
// include error.hpp: a bad pattern is refused there, as a usage_error (error.hpp).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace perfmail::text {

/// One printf conversion: `%[flags][width][.precision]conversion` for a single double.
struct printf_spec {
  char conversion = 'f';  ///< one of f, g, e, d
  int width = 0;
  int precision = -1;  ///< -1 when not given (6 for f/g/e, as in C)
  bool plus = false;   ///< `+`: always print a sign
  bool left = false;   ///< `-`: pad on the right
  bool zero = false;   ///< `0`: pad with zeros
  bool space = false;  ///< ` `: a space where a plus sign would go
};

/// How Ruby rounds the last kept digit of a positive value: as exactly, or forced down or up.
enum class tie_rounding : std::uint8_t { exact, down, up };

/// Ruby's decision and, for `down`/`up`, the decimal exponent of one unit in the last kept digit.
struct tie_decision {
  tie_rounding rounding = tie_rounding::exact;
  int unit_exponent = 0;
  bool operator==(const tie_decision&) const = default;
};

/// Ruby's rounding decision for printing the positive finite `value` with `digits` significant digits
/// (`fixed == false`, the %g/%e family) or `digits` digits after the point (`fixed == true`, %f).
/// `down`/`up` only where Ruby departs from (or may depart from) exact rounding: a near tie.
[[nodiscard]] tie_decision ruby_tie_rounding(double value, int digits, bool fixed);

namespace detail {

/// Throws usage_error (error.hpp) with `problem`: parse_printf_spec's refusal, compiled where the
/// errors are known.
[[noreturn]] void bad_printf_spec(const char* problem);

}  // namespace detail

/// Parses one conversion such as `%+10.2f`, `%8.0g` or `%d` (no literal text around it).
[[nodiscard]] constexpr printf_spec parse_printf_spec(std::string_view spec) {
  printf_spec out;
  std::size_t i = 0;
  if (i >= spec.size() || spec[i] != '%') detail::bad_printf_spec("printf spec must start with '%'");
  ++i;
  for (; i < spec.size(); ++i) {
    const char c = spec[i];
    if (c == '+') out.plus = true;
    else if (c == '-') out.left = true;
    else if (c == '0') out.zero = true;
    else if (c == ' ') out.space = true;
    else break;
  }
  for (; i < spec.size() && spec[i] >= '0' && spec[i] <= '9'; ++i) out.width = out.width * 10 + (spec[i] - '0');
  if (i < spec.size() && spec[i] == '.') {
    ++i;
    out.precision = 0;
    for (; i < spec.size() && spec[i] >= '0' && spec[i] <= '9'; ++i)
      out.precision = out.precision * 10 + (spec[i] - '0');
  }
  if (i + 1 != spec.size()) detail::bad_printf_spec("printf spec must end with one conversion letter");
  out.conversion = spec[i];
  if (out.conversion != 'f' && out.conversion != 'g' && out.conversion != 'e' && out.conversion != 'd')
    detail::bad_printf_spec("printf conversion must be one of f, g, e, d");
  return out;
}

namespace detail {

/// The fmt replacement field for `spec`, e.g. `{:>+10.2f}`.
std::string fmt_field(const printf_spec& spec, char conversion, int precision);

}  // namespace detail

/// `value` formatted by one conversion exactly as Ruby's `format(spec, value)` prints it.
/// `%d` of a fractional value truncates toward zero, as Ruby's Float#to_i does.
[[nodiscard]] std::string ruby_format(const printf_spec& spec, double value);

/// A printf-style pattern with exactly one number conversion and any literal text (`%%` is a percent
/// sign), e.g. `ruby_format("%8.0f%% ", 24.12)` == `"      24% "`.
[[nodiscard]] std::string ruby_format(std::string_view pattern, double value);

}  // namespace perfmail::text
