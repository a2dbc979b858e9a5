// The plain-numbers importer on arbitrary bytes: success with a well-formed matrix, or an input_error.
#include "fuzz_support.hpp"

#include "perfmail/io/import.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text{reinterpret_cast<const char*>(data), size};
  perfmail::io::load_limits limits;
  limits.max_runs = 1000;  // a bound the fuzzer can reach, so the limit's refusal is exercised too
  perfmail::fuzz::expect_success_or_input_error(
      [&] { perfmail::fuzz::check_matrix(perfmail::io::parse_numbers(text, "fuzz.txt", limits)); },
      "fuzz.txt", text);
  return 0;
}
