// Ruby's printf of one number (text/ruby_format.hpp): the rounding decision and the formatting through
// fmt, compiled here so that the header needs fmt's core only.

#include "perfmail/text/ruby_format.hpp"

#include "perfmail/error.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace perfmail::text {

namespace detail {

void bad_printf_spec(const char* problem) { throw usage_error(problem); }

namespace {

constexpr std::array<double, 23> powers_of_ten{1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                                      1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                                      1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
constexpr std::array<double, 5> large_powers_of_ten{1e16, 1e32, 1e64, 1e128, 1e256};
/// The fast path handles at most this many output digits.
constexpr int fast_path_max_digits = 14;

}  // namespace
}  // namespace detail

tie_decision ruby_tie_rounding(double value, int digits, bool fixed) {
  constexpr tie_decision exact{};
  if (!(value > 0) || !std::isfinite(value) || !std::isnormal(value)) return exact;

  // The decimal exponent, estimated from the binary one exactly as the conversion does; the estimate
  // may be one too high, and the fast path then corrects it after scaling (with one more rounding).
  int binary_exponent = 0;
  const double fraction = std::frexp(value, &binary_exponent);  // value = fraction * 2^e, fraction in [0.5, 1)
  const double mantissa = 2 * fraction;                          // in [1, 2)
  const int exponent = binary_exponent - 1;
  const double estimate = (mantissa - 1.5) * 0.289529654602168 + 0.1760912590558 + exponent * 0.301029995663981;
  int k = static_cast<int>(estimate);
  if (estimate < 0 && estimate != k) --k;
  bool estimate_unchecked = true;
  if (k >= 0 && k <= 22) {
    if (value < detail::powers_of_ten[static_cast<std::size_t>(k)]) --k;
    estimate_unchecked = false;
  }

  int kept = 0;      // digits the output keeps
  int kept_alt = 0;  // the same, should the exponent turn out one lower
  if (fixed) {
    kept = digits + k + 1;
    kept_alt = kept - 1;
  } else {
    kept = kept_alt = digits <= 0 ? 1 : digits;
  }
  if (kept < 0 || kept > detail::fast_path_max_digits) return exact;

  // Scale into [1, 10) with the same sequence of roundings, counting them in the error bound.
  double scaled = value;
  int roundings = 2;
  if (k > 0) {
    double divisor = detail::powers_of_ten[static_cast<std::size_t>(k & 0xf)];
    int rest = k >> 4;
    if (rest & 0x10) {
      rest &= 0x0f;
      scaled /= detail::large_powers_of_ten[4];
      ++roundings;
    }
    for (std::size_t i = 0; rest != 0; rest >>= 1, ++i)
      if (rest & 1) {
        ++roundings;
        divisor *= detail::large_powers_of_ten[i];
      }
    scaled /= divisor;
  } else if (k < 0) {
    const int up = -k;
    scaled *= detail::powers_of_ten[static_cast<std::size_t>(up & 0xf)];
    for (int rest = up >> 4, i = 0; rest != 0; rest >>= 1, ++i)
      if (rest & 1) {
        ++roundings;
        scaled *= detail::large_powers_of_ten[static_cast<std::size_t>(i)];
      }
  }
  if (estimate_unchecked && scaled < 1 && kept > 0) {
    if (kept_alt <= 0) return exact;
    kept = kept_alt;
    --k;
    scaled *= 10;
    ++roundings;
  }
  // Nothing kept (a value below one half unit): decided exactly.
  if (kept == 0) return exact;

  double bound = std::ldexp(roundings * scaled + 7, -52) * detail::powers_of_ten[static_cast<std::size_t>(kept - 1)];
  for (int i = 1;; ++i, scaled *= 10) {
    const auto digit = static_cast<std::int64_t>(scaled);
    scaled -= static_cast<double>(digit);
    if (scaled == 0) return exact;  // the digits end here: nothing to round
    if (i == kept) {
      if (scaled > 0.5 + bound || scaled < 0.5 - bound) return exact;
      return {(digit & 1) != 0 ? tie_rounding::up : tie_rounding::down, k - kept + 1};
    }
  }
}

namespace detail {

std::string fmt_field(const printf_spec& spec, char conversion, int precision) {
  std::string field = "{:";
  field += spec.left ? '<' : '>';
  if (spec.plus) field += '+';
  else if (spec.space) field += ' ';
  if (spec.zero && !spec.left) {
    field.erase(2, 1);  // '0' in fmt means sign-aware zero padding, which needs no alignment
    field += '0';
  }
  if (spec.width > 0) field += std::to_string(spec.width);
  if (precision >= 0) field += '.' + std::to_string(precision);
  field += conversion;
  field += '}';
  return field;
}

namespace {

/// `text`, a %g output, with trailing zeros added until it shows `digits` significant digits.
std::string with_significant_digits(std::string text, int digits) {
  const std::size_t exponent = text.find('e');
  const std::size_t mantissa_end = exponent == std::string::npos ? text.size() : exponent;
  int significant = 0;
  bool leading = true;
  for (std::size_t i = 0; i < mantissa_end; ++i) {
    const char c = text[i];
    if (c < '0' || c > '9') continue;
    if (leading && c == '0') continue;
    leading = false;
    ++significant;
  }
  if (significant >= digits) return text;
  std::string zeros(static_cast<std::size_t>(digits - significant), '0');
  if (text.find('.') == std::string::npos || text.find('.') > mantissa_end) zeros.insert(0, 1, '.');
  text.insert(mantissa_end, zeros);
  return text;
}

std::string pad_text(const printf_spec& spec, std::string_view text) {
  return fmt::format(fmt::runtime(spec.left ? "{:<{}}" : "{:>{}}"), text, spec.width);
}

}  // namespace
}  // namespace detail

/// `value` formatted by one conversion exactly as Ruby's `format(spec, value)` prints it.
/// `%d` of a fractional value truncates toward zero, as Ruby's Float#to_i does.
std::string ruby_format(const printf_spec& spec, double value) {
  if (std::isnan(value)) return detail::pad_text(spec, "NaN");
  if (std::isinf(value)) {
    const bool negative = value < 0;
    return detail::pad_text(spec, negative ? "-Inf" : (spec.plus ? "+Inf" : (spec.space ? " Inf" : "Inf")));
  }
  if (spec.conversion == 'd') {
    // Truncate, then print the (exactly representable) integer with no fraction; + 0.0 turns -0 into 0.
    const double whole = std::trunc(value) + 0.0;
    return fmt::format(fmt::runtime(detail::fmt_field(spec, 'f', 0)), whole);
  }
  const int precision = spec.precision < 0 ? 6 : spec.precision;
  const bool fixed = spec.conversion == 'f';
  const int digits = spec.conversion == 'e' ? precision + 1 : precision;
  const std::string field = detail::fmt_field(spec, spec.conversion, precision);

  const double magnitude = std::fabs(value);
  const tie_decision decision = ruby_tie_rounding(magnitude, digits, fixed);
  if (decision.rounding == tie_rounding::exact) return fmt::format(fmt::runtime(field), value);

  const double unit = std::pow(10.0, decision.unit_exponent);
  const double nudged = decision.rounding == tie_rounding::up ? magnitude + unit / 4 : magnitude - unit / 4;
  const double signed_nudged = std::signbit(value) ? -nudged : nudged;
  if (fixed || decision.rounding == tie_rounding::up || spec.conversion == 'e')
    return fmt::format(fmt::runtime(field), signed_nudged);

  // %g rounded down: Ruby keeps the kept digits as they are, trailing zeros included, when the exact
  // value lies above the tie or is an integer (`%.2g` of 3050000.0000000005 is 3.0e+06 and of 605000
  // is 6.0e+05, where C prints 3e+06 and 6e+05). Below the tie, or exactly on it, zeros are dropped.
  const bool integral = std::trunc(magnitude) == magnitude && magnitude < 1e15;
  const std::string trimmed = fmt::format(fmt::runtime(field), signed_nudged);
  const bool exact_rounds_up = fmt::format(fmt::runtime(field), value) != trimmed;
  if (!integral && !exact_rounds_up) return trimmed;
  printf_spec bare = spec;
  bare.width = 0;
  return detail::pad_text(spec, detail::with_significant_digits(
                                    fmt::format(fmt::runtime(detail::fmt_field(bare, 'g', precision)), signed_nudged),
                                    precision));
}

/// A printf-style pattern with exactly one number conversion and any literal text (`%%` is a percent
/// sign), e.g. `ruby_format("%8.0f%% ", 24.12)` == `"      24% "`.
std::string ruby_format(std::string_view pattern, double value) {
  std::string out;
  bool converted = false;
  for (std::size_t i = 0; i < pattern.size();) {
    if (pattern[i] != '%') {
      out += pattern[i++];
      continue;
    }
    if (i + 1 < pattern.size() && pattern[i + 1] == '%') {
      out += '%';
      i += 2;
      continue;
    }
    std::size_t end = i + 1;
    while (end < pattern.size() && std::string_view{"fged"}.find(pattern[end]) == std::string_view::npos) ++end;
    if (end == pattern.size() || converted) throw usage_error(fmt::format("bad printf pattern '{}'", pattern));
    out += ruby_format(parse_printf_spec(pattern.substr(i, end - i + 1)), value);
    converted = true;
    i = end + 1;
  }
  if (!converted) throw usage_error(fmt::format("printf pattern '{}' has no conversion", pattern));
  return out;
}

}  // namespace perfmail::text
