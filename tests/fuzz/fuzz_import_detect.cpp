// Format detection and the importer it picks on arbitrary bytes: success with a well-formed matrix, or an
// input_error. And JSON read as a matrix first (src/io/format_detection.hpp) gives what detecting first,
// then reading in the detected format, gives: the same matrix to the bit, or the same message.
#include "fuzz_support.hpp"
#include "../support/matrix_text.hpp"

#include "perfmail/io/import.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace {

/// The matrix written out whole (testing::matrix_text), or the message it was refused with.
template <class Read>
std::string outcome(Read read) {
  try {
    return perfmail::testing::matrix_text(read());
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
