// The history CSV reader on arbitrary bytes (the first byte picks the separator): success with a history
// whose every metric has one sample list per commit, each within the limit, and whose table of metrics
// by commits is bounded by the input's size; or an input_error.
#include "fuzz_support.hpp"

#include "perfmail/io/history_input.hpp"
#include "perfmail/io/matrix_json.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  perfmail::io::history_csv_options options;
  options.separator = (data[0] & 1) != 0 ? '\t' : ',';
  const std::string_view text{reinterpret_cast<const char*>(data) + 1, size - 1};
  perfmail::io::load_limits limits;
  limits.max_runs = 1000;  // a bound the fuzzer can reach, so the limit's refusal is exercised too
  perfmail::fuzz::expect_success_or_input_error(
      [&] {
        const perfmail::commit_history h = perfmail::io::parse_history_csv(text, "fuzz.csv", options, limits);
        if (h.commits.empty() || h.metrics.empty()) std::abort();
        // The table of every metric at every commit is bounded by the input (the sparse limit: at most 16
        // times the samples given, plus 65,536, and a sample takes a byte of text or more).
        if (h.metrics.size() * h.commits.size() > 16 * text.size() + 65536) std::abort();
        for (const auto& m : h.metrics) {
          if (m.samples.size() != h.commits.size()) std::abort();
          for (const auto& samples : m.samples) {
            if (samples.size() > limits.max_runs) std::abort();
            for (const double x : samples)
              if (!std::isfinite(x)) std::abort();
          }
        }
      },
      "fuzz.csv", text);
  return 0;
}
