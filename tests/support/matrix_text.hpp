#pragma once
// A matrix written out whole as text, for tests that hold two readings of one input to each other: its
// origin and run count, each metric's name, samples to the bit with their kinds and its unit and
// direction hints, then stats_source, the text metrics and the notes. Equal text, equal matrices.

#include "perfmail/model/matrix.hpp"

#include <fmt/format.h>

#include <bit>
#include <cstdint>
#include <iterator>
#include <string>

namespace perfmail::testing {

inline std::string matrix_text(const matrix& m) {
  std::string out;
  auto to = std::back_inserter(out);
  fmt::format_to(to, "origin {} {}\nruns {}\n", static_cast<int>(m.origin().conventions), m.origin().tool,
                 m.run_count());
  for (const auto& s : m.metrics()) {
    fmt::format_to(to, "{}:", s.name());
    for (std::size_t i = 0; i < s.size(); ++i)
      fmt::format_to(to, " {:x}/{}", std::bit_cast<std::uint64_t>(s.raw_values()[i]), static_cast<int>(s.kind(i)));
    if (const auto unit = m.unit_hint(s.name()))
      fmt::format_to(to, " unit {}e{}", static_cast<int>(unit->what), unit->power);
    if (const auto better = m.direction_hint(s.name())) fmt::format_to(to, " better {}", static_cast<int>(*better));
    out += '\n';
  }
  if (m.stats_source())
    for (const auto& run : *m.stats_source()) fmt::format_to(to, "source {}\n", run);
  for (const auto& name : m.textual_metrics()) fmt::format_to(to, "text {}\n", name);
  for (const auto& note : m.notes()) fmt::format_to(to, "note {}\n", note);
  return out;
}

}  // namespace perfmail::testing
