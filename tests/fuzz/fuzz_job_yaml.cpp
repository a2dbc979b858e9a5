// The job.yaml reader on arbitrary bytes: a job or an input_error, never another exception or a crash;
// every message and note one printable line, and what it read consistent with itself.
#include "fuzz_support.hpp"

#include "perfmail/io/job_yaml.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text{reinterpret_cast<const char*>(data), size};
  perfmail::fuzz::expect_success_or_input_error([&] {
    const perfmail::io::job_description job = perfmail::io::parse_job_yaml(text, "job.yaml");
    if (job.path_params.empty()) perfmail::fuzz::finding("an empty path_params (\"defaults\" stands for none)");
    for (const auto& note : job.notes)
      if (perfmail::fuzz::has_control(note)) perfmail::fuzz::finding("a note with a control character");
    // The axes hold every parameter key, each once.
    const auto axes = job.axes();
    for (std::size_t i = 0; i < axes.size(); ++i)
      for (std::size_t j = i + 1; j < axes.size(); ++j)
        if (axes[i].key == axes[j].key) perfmail::fuzz::finding("an axis listed twice");
    if (job.testcase.empty() && !job.suite.empty()) perfmail::fuzz::finding("a suite that does not stand for testcase");
  }, "job.yaml", text);
  return 0;
}
