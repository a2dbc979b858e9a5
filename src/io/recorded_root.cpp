// What a bisection's recording keeps (declared in perfmail/io/recorded_root.hpp).

#include "perfmail/io/recorded_root.hpp"

#include "perfmail/analysis/bisect.hpp"
#include "perfmail/analysis/bisect_runs.hpp"
#include "perfmail/io/job_yaml.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/core.h>

#include <optional>
#include <system_error>
#include <utility>

namespace perfmail::io {

std::vector<root_file> recorded_root_files(std::string_view commit, std::string_view metric,
                                           std::span<const double> samples, std::string_view judgement) {
  matrix m;
  m.add(metric_series(std::string(metric), std::vector<double>(samples.begin(), samples.end())));
  std::vector<root_file> files{{"matrix.json", matrix_to_json(m)}, {"job.yaml", minimal_job_yaml(commit)}};
  if (!judgement.empty()) files.push_back({"bisect.txt", std::string(judgement)});
  return files;
}

root_file recording_marker() {
  return {".perfmail-bisect", "result roots written by perfmail bisect --record\n"};
}

std::string recording_directory_problem(const std::filesystem::path& directory) {
  // A directory that cannot be examined is left to the writes, whose errors name what went wrong.
  std::error_code ec;
  if (!std::filesystem::exists(directory, ec)) return {};
  if (!std::filesystem::is_directory(directory, ec)) return "not a directory";
  const std::string marker = recording_marker().name;
  if (!std::filesystem::is_empty(directory, ec) && !std::filesystem::exists(directory / marker, ec))
    return fmt::format("a directory perfmail did not make (it has no {}): give a new or empty one", marker);
  return {};
}

std::string recorded_commit_problem(std::string_view commit) {
  if (commit.empty() || commit == name_of(bisect_tree::good) || commit == name_of(bisect_tree::bad) ||
      commit.find('/') != std::string_view::npos || commit.front() == '.')
    return fmt::format("{} cannot name a commit's directory", text::quoted(commit));
  return {};
}

std::string recorded_judgement_text(const bisect_judgement& judgement) {
  const std::optional<bisect_tree> end = end_like(judgement.answer);
  return fmt::format("{}: {}\n", end ? name_of(*end) : "skip", judgement.reason);
}

std::vector<recorded_root> recorded_step_roots(const recorded_step& step, const bisect_judgement& judgement) {
  std::vector<recorded_root> roots;
  for (const auto& [end, samples] : {std::pair{bisect_tree::good, step.good}, std::pair{bisect_tree::bad, step.bad}}) {
    const std::string name(name_of(end));
    roots.push_back({name, recorded_root_files(name, step.metric, samples), !step.ends_grow});
  }
  roots.push_back({std::string(step.commit),
                   recorded_root_files(step.commit, step.metric, step.current, recorded_judgement_text(judgement)),
                   false});
  return roots;
}

}  // namespace perfmail::io
