#pragma once
// What the importer tests (test_import_json.cpp, test_import_text.cpp) check with: the message a parse
// refuses text with, and a metric's samples.
#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/model/matrix.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace perfmail::testing {

/// The message of the input_error `parse(text)` throws, or "(no error)".
template <class Parse>
std::string error_of(Parse parse, const std::string& text) {
  try {
    (void)parse(text);
  } catch (const input_error& e) {
    return e.what();
  }
  return "(no error)";
}

/// The samples of metric `name`, which must be there.
inline std::vector<double> values_of(const matrix& m, std::string_view name) {
  const series_view* s = m.find(name);
  REQUIRE(s != nullptr);
  return {s->raw_values().begin(), s->raw_values().end()};
}

}  // namespace perfmail::testing
