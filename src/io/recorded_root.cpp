// The result root of a bisection's commit (declared in perfmail/io/recorded_root.hpp).

#include "perfmail/io/recorded_root.hpp"

#include "perfmail/io/job_yaml.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/model/matrix.hpp"

namespace perfmail::io {

std::vector<root_file> recorded_root_files(std::string_view commit, std::string_view metric,
                                           std::span<const double> samples, std::string_view judgement) {
  matrix m;
  m.add(metric_series(std::string(metric), std::vector<double>(samples.begin(), samples.end())));
  std::vector<root_file> files{{"matrix.json", matrix_to_json(m)}, {"job.yaml", minimal_job_yaml(commit)}};
  if (!judgement.empty()) files.push_back({"bisect.txt", std::string(judgement)});
  return files;
}

}  // namespace perfmail::io
