// The report document reader on arbitrary bytes (result paths point into a directory that does not exist,
// so results come from matrices written in the document). Beyond "no crash": every error names a place
// inside the document (inline matrices included: their places are the document's, not a copy's), and
// loaded matrices hold finite samples.
#include "fuzz_support.hpp"

#include "perfmail/io/report_json.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text{reinterpret_cast<const char*>(data), size};
  perfmail::fuzz::expect_success_or_input_error(
      [&] {
        const auto doc = perfmail::io::parse_report(text, "fuzz.json", "/nonexistent-perfmail-fuzz", {.max_runs = 1000});
        perfmail::fuzz::check_matrix(*doc.base_results.data);
        for (const auto& head : doc.head_results) perfmail::fuzz::check_matrix(*head.data);
      },
      "fuzz.json", text);
  return 0;
}
