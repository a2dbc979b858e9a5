// The header of a comparison of result files (include/perfmail/io/comparison_header.hpp).

#include "perfmail/io/comparison_header.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <string_view>

namespace perfmail::io {

namespace {

/// A column's name when none is given: the directory that holds the robot's results, the file that holds
/// another tool's, `stdin` for standard input.
std::string default_column_name(const std::string& path, result_conventions conventions) {
  if (path == standard_input_path) return "stdin";
  std::filesystem::path p{path};
  while (!p.empty() && p.filename().empty()) p = p.parent_path();  // a trailing slash
  // The robot's results are named by their directory (that of their matrix.json), another tool's by file.
  if (conventions == result_conventions::robot && p.filename() == "matrix.json") p = p.parent_path();
  const std::string name = p.filename().string();
  return name.empty() ? path : name;
}

}  // namespace

std::vector<std::optional<job_description>> jobs_of(std::span<const std::string> paths, const load_limits& limits) {
  std::vector<std::optional<job_description>> jobs;
  for (const auto& p : paths) {
    const auto root = p == standard_input_path ? std::nullopt : result_root_of(p);
    if (!root) {
      jobs.emplace_back();
      continue;
    }
    jobs.emplace_back(load_job_yaml(job_file_of(*root), limits));
  }
  return jobs;
}

table_header comparison_header(const header_request& request, std::span<const std::optional<job_description>> jobs,
                               std::span<const matrix> results, std::vector<std::string>& notes) {
  for (const auto& job : jobs)
    if (job) notes.insert(notes.end(), job->notes.begin(), job->notes.end());
  // The header is the base's: a job of another column never names a table whose base is not its root.
  const job_description* base_job = jobs.front() ? &*jobs.front() : nullptr;
  if (base_job == nullptr)
    for (std::size_t i = 1; i < jobs.size(); ++i)
      if (jobs[i]) {
        notes.push_back(printable_message(fmt::format(
            "{} is a result root but the base {} is not: the header does not name its job", jobs[i]->source,
            request.paths.front() == standard_input_path ? std::string{"stdin"} : request.paths.front())));
        break;
      }
  table_header h;
  h.testcase = request.testcase;
  h.path_params = request.path_params;
  h.tbox_group = request.tbox_group;
  if (base_job != nullptr) {
    for (const auto& job : jobs) {
      if (!job || &*job == base_job) continue;
      if (request.testcase.empty() && job->testcase != base_job->testcase)
        throw usage_error(fmt::format("{} is test case {} but {} is {}: give --testcase to compare them anyway",
                                      base_job->source, text::quoted(base_job->testcase), job->source,
                                      text::quoted(job->testcase)));
      const auto differs = [&](std::string_view what, const std::string& given, const std::string& base,
                               const std::string& other) {
        if (given.empty() && base != other)
          notes.push_back(printable_message(fmt::format("{} {} in {} but {} in {}; the header names the first", what,
                                                        text::quoted(base), base_job->source, text::quoted(other),
                                                        job->source)));
      };
      differs("tbox_group", request.tbox_group, base_job->tbox_group, job->tbox_group);
      differs("path_params", request.path_params, base_job->path_params, job->path_params);
    }
    if (h.testcase.empty()) h.testcase = base_job->testcase;
    if (h.path_params.empty()) h.path_params = base_job->path_params;
    if (h.tbox_group.empty()) h.tbox_group = base_job->tbox_group;
  }
  h.axes = request.axes;
  if (h.axes.empty() && base_job != nullptr) {
    // The robot's axes of the job, with the test case and box the options may have renamed.
    for (const auto& axis : base_job->axes()) {
      const std::string& value = axis.key == "testcase"     ? h.testcase
                                 : axis.key == "tbox_group" ? h.tbox_group
                                                            : axis.value;
      h.axes.emplace_back(axis.key, value);
    }
  }
  if (h.axes.empty()) {
    if (!h.tbox_group.empty()) h.axes.emplace_back("tbox_group", h.tbox_group);
    if (!h.testcase.empty()) h.axes.emplace_back("testcase", h.testcase);
    if (!h.path_params.empty()) h.axes.emplace_back("path_params", h.path_params);
  }
  if (!request.commits.empty()) {
    if (request.commits.size() != request.paths.size())
      throw usage_error(fmt::format("--commit given {} times for {} result sets", request.commits.size(),
                                    request.paths.size()));
    h.commits = request.commits;
  } else {
    // A root's column is its commit, as the robot names it; other results are named by their directory.
    for (std::size_t i = 0; i < request.paths.size(); ++i)
      h.commits.push_back(jobs[i] && !jobs[i]->commit.empty()
                              ? jobs[i]->commit
                              : default_column_name(request.paths[i], results[i].origin().conventions));
  }
  return h;
}


}  // namespace perfmail::io
