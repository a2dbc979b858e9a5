#pragma once
// What a comparison table says above its rows when the results come from files: the group header from
// the robot's result roots (their job.yaml; the base's, with a note where another's differs) and the
// names of the columns (a root's commit, else the directory of the robot's results or the file of another
// tool's, `stdin` for standard input), unless the caller names them. Declarations only:
// src/io/comparison_header.cpp.

#include "perfmail/io/job_yaml.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/table/header.hpp"

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace perfmail::io {

/// What the caller says of the header; an empty field is taken from the results.
struct header_request {
  std::vector<std::string> paths;  ///< the result sets as given, base first; `-` is standard input
  std::string testcase;
  std::string path_params;
  std::string tbox_group;
  std::vector<std::pair<std::string, std::string>> axes;
  std::vector<std::string> commits;  ///< one per result set, or none
};

/// The job of each result set that is a robot result root (a job.yaml of its own or in its first run
/// directory) or the matrix.json of one, or nullopt; a job.yaml that cannot be read is an input_error.
[[nodiscard]] std::vector<std::optional<job_description>> jobs_of(std::span<const std::string> paths,
                                                                  const load_limits& limits = {});

/// The header of a comparison of `results` (loaded from `request.paths`, whose jobs are `jobs`). Two
/// roots of different test cases are refused (usage_error) unless the request names the test case: their
/// metrics are not the same measurements. What the jobs leave unsaid or disagree on goes to `notes`, one
/// printable line each, for the caller to print once the comparison is made.
[[nodiscard]] table_header comparison_header(const header_request& request,
                                             std::span<const std::optional<job_description>> jobs,
                                             std::span<const matrix> results, std::vector<std::string>& notes);

}  // namespace perfmail::io
