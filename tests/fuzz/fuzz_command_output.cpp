// The bisect judge's reader of what a benchmark command printed (io/command_output.hpp) on arbitrary
// bytes, with no metric named and with one: a result, never an exception or a crash. Samples come only
// with no problem, all finite and of the metric named or the one printed; a message reaches the terminal
// escaped; the names of a problem are the metrics of what was printed.
#include "fuzz_support.hpp"

#include "perfmail/io/command_output.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace perfmail;
  const std::string_view text{reinterpret_cast<const char*>(data), size};
  io::load_limits limits;
  limits.max_runs = 1000;
  for (const std::string_view metric : {std::string_view{}, std::string_view{"value"}}) {
    io::command_samples read;
    try {
      read = io::read_command_samples(text, "bench.sh (run 1)", metric, limits);
    } catch (...) {
      fuzz::finding("the reader threw instead of saying the problem");
    }
    using problem = io::command_output_problem;
    if (read.problem == problem::none) {
      if (read.samples.empty()) fuzz::finding("no problem, and no sample");
      for (const double v : read.samples)
        if (!std::isfinite(v)) fuzz::finding("a sample that is not finite");
      if (read.metric.empty()) fuzz::finding("samples of no metric");
      if (!metric.empty() && read.metric != metric) fuzz::finding("samples of another metric than the one named");
    } else if (!read.samples.empty()) {
      fuzz::finding("samples given with a problem");
    }
    if (read.problem == problem::unreadable && read.message.empty()) fuzz::finding("unreadable, and no message");
    if (text::first_unsafe(read.message) != std::string_view::npos) fuzz::finding("a message with a character printed raw");
    if (read.problem == problem::several_metrics && read.names.size() == 1)
      fuzz::finding("one metric printed, and called several");
    if (read.problem == problem::nothing_printed && text.find_first_not_of(" \t\r\n") != std::string_view::npos)
      fuzz::finding("something printed, and called nothing");
  }
  return 0;
}
