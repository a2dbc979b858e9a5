#pragma once
// The one grammar every number perfmail reads must follow: JSON's (RFC 8259 section 6),
//
//   number = [ "-" ] ( "0" / digit1-9 *digit ) [ "." 1*digit ] [ ( "e" / "E" ) [ "-" / "+" ] 1*digit ]
//
// so `0x4000`, `0123`, `+1`, `.5`, `1.`, `123abc` and `1true` are not numbers anywhere: not in a
// matrix.json, a stats.json, a report document or a plot sample file. Parsers that are more lenient
// than this (strtod reads all of the above) are only ever given tokens that passed it.

#include <string_view>

namespace perfmail::text {

/// What a token is in JSON's grammar: not a number, or a number written as an integer (no fraction, no
/// exponent: the classic table prints a row differently when a sample was written `5.0` rather than
/// `5`), or one written with a fraction or an exponent. One pass, for readers that need both answers.
enum class json_number_form { not_a_number, integer, fraction_or_exponent };

[[nodiscard]] constexpr json_number_form json_number_form_of(std::string_view token) noexcept {
  std::size_t i = 0;
  const auto digit = [&](std::size_t at) { return at < token.size() && token[at] >= '0' && token[at] <= '9'; };
  const auto digits = [&] {
    const std::size_t start = i;
    while (digit(i)) ++i;
    return i > start;
  };
  bool integer = true;
  if (i < token.size() && token[i] == '-') ++i;
  if (!digit(i)) return json_number_form::not_a_number;
  if (token[i] == '0') ++i;
  else digits();
  if (i < token.size() && token[i] == '.') {
    ++i;
    integer = false;
    if (!digits()) return json_number_form::not_a_number;
  }
  if (i < token.size() && (token[i] == 'e' || token[i] == 'E')) {
    ++i;
    integer = false;
    if (i < token.size() && (token[i] == '+' || token[i] == '-')) ++i;
    if (!digits()) return json_number_form::not_a_number;
  }
  if (i != token.size()) return json_number_form::not_a_number;
  return integer ? json_number_form::integer : json_number_form::fraction_or_exponent;
}

/// Whether `token`, whole, is a number in JSON's grammar.
[[nodiscard]] constexpr bool is_json_number(std::string_view token) noexcept {
  return json_number_form_of(token) != json_number_form::not_a_number;
}

/// Whether a token of JSON's number grammar was written as an integer (no fraction, no exponent).
[[nodiscard]] constexpr bool is_written_as_integer(std::string_view number) noexcept {
  return number.find_first_of(".eE") == std::string_view::npos;
}

static_assert(is_json_number("0") && is_json_number("-0") && is_json_number("12") && is_json_number("-3.25"));
static_assert(is_json_number("1e5") && is_json_number("1E+2") && is_json_number("2.5e-3") && is_json_number("1e400"));
static_assert(!is_json_number("0x4000") && !is_json_number("0123") && !is_json_number("123abc"));
static_assert(!is_json_number("1true") && !is_json_number("+1") && !is_json_number(".5") && !is_json_number("1."));
static_assert(!is_json_number("") && !is_json_number("-") && !is_json_number("1e") && !is_json_number("01.5"));
static_assert(!is_json_number("NaN") && !is_json_number("Infinity") && !is_json_number("1 "));
static_assert(json_number_form_of("-12") == json_number_form::integer &&
              json_number_form_of("1e3") == json_number_form::fraction_or_exponent &&
              json_number_form_of("5.0") == json_number_form::fraction_or_exponent &&
              json_number_form_of("1.") == json_number_form::not_a_number);
static_assert(is_written_as_integer("-12") && !is_written_as_integer("1e3") && !is_written_as_integer("5.0"));

}  // namespace perfmail::text
