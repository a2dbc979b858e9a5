#pragma once
// What every fuzz target checks: perfmail either succeeds or throws perfmail::error. Any other
// exception, a crash, or a broken invariant is a finding.

#include "perfmail/error.hpp"
#include "perfmail/model/matrix.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace perfmail::fuzz {

[[noreturn]] inline void finding(const char* what) {
  std::fprintf(stderr, "fuzz finding: %s\n", what);
  std::abort();
}

/// Loaded matrices hold only finite samples, and series no longer than the run count.
inline void check_matrix(const matrix& m) {
  const auto runs = m.run_count();
  for (const auto& series : m.metrics()) {
    if (series.size() > runs) finding("a series longer than the run count");
    if (series.kinds().size() != series.raw_values().size()) finding("kinds and values out of step");
    for (double v : series.raw_values())
      if (!std::isfinite(v)) finding("a non-finite sample was accepted");
  }
}

/// Runs `body`, accepting perfmail::error as the answer to bad input.
template <class Body>
void expect_success_or_input_error(Body body) {
  try {
    body();
  } catch (const perfmail::error&) {
  } catch (...) {
    finding("an exception that is not a perfmail::error");
  }
}

}  // namespace perfmail::fuzz
