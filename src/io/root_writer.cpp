// What perfmail writes of a result root (matrix_to_json in io/matrix_json.hpp, minimal_job_yaml in
// io/job_yaml.hpp): the texts load_result_root reads back.

#include "perfmail/io/job_yaml.hpp"
#include "perfmail/io/matrix_json.hpp"

#include "json_writing.hpp"

#include <string>

namespace perfmail::io {

namespace {
using json = detail::ordered_json;
}  // namespace

std::string matrix_to_json(const matrix& m) {
  json doc = json::object();
  for (const series_view& series : m.metrics()) doc[std::string(series.name())] = series.present_values();
  return detail::dumped(doc, 2) + '\n';
}

std::string minimal_job_yaml(std::string_view commit, std::string_view testcase) {
  // A JSON string is a YAML double-quoted scalar.
  const auto quoted = [](std::string_view text) {
    return detail::dumped(json(std::string(text)), -1);
  };
  std::string out;
  if (!testcase.empty()) out += "testcase: " + quoted(testcase) + '\n';
  out += "commit: " + quoted(commit) + '\n';
  return out;
}

}  // namespace perfmail::io
