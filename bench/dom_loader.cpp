// How far a loader on simdjson's DOM would take `perfmail compare` towards the parse floor, as a process
// of its own (docs/PERFORMANCE.md, "A loader on the DOM, measured"). It loads two matrix.json files in one
// of four ways and prints the time and the peak memory:
//   ondemand   perfmail's loader (io::load_all_results), every check included;
//   parse      simdjson's DOM parse of both files and nothing else (the parse floor's work);
//   walk       the parse, and a walk of its tape reading every sample as perfmail reads it;
//   matrix     the walk, each metric also added to a matrix (no checks: what the DOM would leave to do).
//
//   dom_loader MODE base/matrix.json head/matrix.json
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/model/matrix.hpp"

#include <simdjson.h>

#include <sys/resource.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace {

/// A file's metrics read from the DOM into `out` (when given): every array's numbers, as doubles, and
/// whether any was written as a float; a null (a missing run) as 0; a metric of text left out.
bool walk(simdjson::dom::object object, perfmail::matrix* out) {
  std::vector<double> values;
  for (const auto field : object) {
    simdjson::dom::array samples;
    if (field.value.get(samples)) continue;  // not a metric: a matrix's other fields
    values.clear();
    auto kind = perfmail::sample_kind::integer;
    bool textual = false;  // a metric of text (the robot's matrices have a few), which is not a series
    for (const simdjson::dom::element sample : samples) {
      switch (sample.type()) {
        case simdjson::dom::element_type::INT64:
          values.push_back(static_cast<double>(std::int64_t(sample)));
          break;
        case simdjson::dom::element_type::UINT64:
          values.push_back(static_cast<double>(std::uint64_t(sample)));
          break;
        case simdjson::dom::element_type::DOUBLE:
          values.push_back(double(sample));
          kind = perfmail::sample_kind::floating;
          break;
        case simdjson::dom::element_type::NULL_VALUE:
          values.push_back(0);  // a missing run; what it costs to read is what is measured here
          break;
        case simdjson::dom::element_type::STRING:
          textual = true;
          break;
        default:
          return false;
      }
    }
    if (out != nullptr && !textual) out->add(perfmail::metric_series{std::string{field.key}, values, kind});
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: dom_loader ondemand|parse|walk|matrix BASE HEAD\n");
    return 2;
  }
  const std::string_view mode = argv[1];
  const std::vector<std::filesystem::path> paths{argv[2], argv[3]};
  const auto start = std::chrono::steady_clock::now();
  std::vector<perfmail::matrix> loaded;
  if (mode == "ondemand") {
    loaded = perfmail::io::load_all_results(paths);
  } else {
    simdjson::dom::parser parser;
    for (const auto& path : paths) {
      auto text = simdjson::padded_string::load(path.string());
      simdjson::dom::object object;
      if (text.error() || parser.parse(text.value()).get(object)) {
        std::fprintf(stderr, "dom_loader: %s: not a JSON object\n", path.c_str());
        return 2;
      }
      perfmail::matrix m;
      if (mode != "parse" && !walk(object, mode == "matrix" ? &m : nullptr)) {
        std::fprintf(stderr, "dom_loader: %s: a sample that is not a number\n", path.c_str());
        return 2;
      }
      loaded.push_back(std::move(m));
    }
  }
  const auto end = std::chrono::steady_clock::now();
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("%s: %.2f ms, %zu metrics, peak %ld KB\n", argv[1],
              std::chrono::duration<double, std::milli>(end - start).count(),
              loaded.size() == 2 ? loaded[0].size() + loaded[1].size() : 0, usage.ru_maxrss);
  return 0;
}
