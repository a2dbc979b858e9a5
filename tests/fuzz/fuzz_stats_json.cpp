// The per-run stats.json merger on arbitrary bytes: the input is split at NUL bytes into runs.
#include "fuzz_support.hpp"

#include "perfmail/io/matrix_json.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text{reinterpret_cast<const char*>(data), size};
  std::vector<perfmail::io::run_stats_text> runs;
  std::size_t start = 0;
  while (start <= text.size() && runs.size() < 64) {
    auto end = text.find('\0', start);
    if (end == std::string_view::npos) end = text.size();
    runs.push_back({"run" + std::to_string(runs.size()) + "/stats.json", text.substr(start, end - start)});
    start = end + 1;
  }
  perfmail::fuzz::expect_success_or_input_error([&] {
    const auto m = perfmail::io::merge_run_stats(runs);
    perfmail::fuzz::check_matrix(m);
    if (m.run_count() != runs.size()) perfmail::fuzz::finding("run count differs from the number of runs");
  });
  return 0;
}
