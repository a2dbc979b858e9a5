// Format detection and the importer it picks on arbitrary bytes: success with a well-formed matrix, or an
// input_error. And JSON read as a matrix first (src/io/format_detection.hpp) gives what detecting first,
// then reading in the detected format, gives: the same matrix to the bit, or the same message.
#include "fuzz_support.hpp"

#include "perfmail/io/import.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace {

/// A matrix written out whole (names, samples to the bit, kinds, runs, sources, text metrics, notes),
/// or the message it was refused with.
template <class Read>
std::string outcome(Read read) {
  try {
    const perfmail::matrix m = read();
    std::string out = "runs " + std::to_string(m.run_count()) + "\n";
    for (const auto& s : m.metrics()) {
      out.append(s.name()).append(":");
      for (std::size_t i = 0; i < s.size(); ++i) {
        out.append(" ").append(std::to_string(std::bit_cast<std::uint64_t>(s.raw_values()[i])));
        out.append("/").append(std::to_string(static_cast<int>(s.kind(i))));
      }
      out.append("\n");
    }
    if (m.stats_source())
      for (const auto& run : *m.stats_source()) out.append("source ").append(run).append("\n");
    for (const auto& name : m.textual_metrics()) out.append("text ").append(name).append("\n");
    for (const auto& note : m.notes()) out.append("note ").append(note).append("\n");
    return out;
  } catch (const perfmail::error& e) {
    return std::string{"error: "} + e.what();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text{reinterpret_cast<const char*>(data), size};
  perfmail::io::load_limits limits;
  limits.max_runs = 1000;  // a bound the fuzzer can reach, so the limit's refusal is exercised too
  perfmail::fuzz::expect_success_or_input_error(
      [&] { perfmail::fuzz::check_matrix(perfmail::io::parse_input(text, "fuzz", perfmail::io::input_format::automatic, limits)); },
      "fuzz", text);
  const std::string automatic =
      outcome([&] { return perfmail::io::parse_input(text, "fuzz", perfmail::io::input_format::automatic, limits); });
  const std::string detected_first = outcome([&] {
    return perfmail::io::parse_input(text, "fuzz", perfmail::io::detect_input_format(text, "fuzz"), limits);
  });
  if (automatic != detected_first) perfmail::fuzz::finding("reading as a matrix first gave another outcome than detecting first");
  return 0;
}
