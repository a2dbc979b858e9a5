// A JSON number token beyond a double's range (json_token.hpp).

#include "json_token.hpp"

#include <cmath>
#include <cstdlib>
#include <string>

#include <locale.h>

namespace perfmail::io::detail {

double beyond_double_range(std::string_view token) {
  // from_chars leaves the value as it was: strtod says which way the token lies beyond the range. It
  // reads in the C locale: a program may have set one whose decimal point is a comma, in which strtod
  // would read `1.5e400` as 1.
  static const locale_t c_numbers = newlocale(LC_NUMERIC_MASK, "C", static_cast<locale_t>(nullptr));
  const double wide = strtod_l(std::string{token}.c_str(), nullptr, c_numbers);
  if (std::isinf(wide)) return wide;
  return token.starts_with('-') ? -0.0 : 0.0;
}

}  // namespace perfmail::io::detail
