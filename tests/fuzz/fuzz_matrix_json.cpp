// The matrix.json loader on arbitrary bytes.
#include "fuzz_support.hpp"

#include "perfmail/io/matrix_json.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text{reinterpret_cast<const char*>(data), size};
  perfmail::fuzz::expect_success_or_input_error(
      [&] { perfmail::fuzz::check_matrix(perfmail::io::parse_matrix(text, "fuzz.json")); });
  return 0;
}
