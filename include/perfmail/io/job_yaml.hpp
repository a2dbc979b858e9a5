#pragma once
// Reading the robot's job.yaml: what a result root ran (test case, parameters in job order), where (test
// box and its group) and on what (commit, kconfig, compiler, rootfs). docs/INPUTS.md, "Robot result roots",
// describes the rules. Declarations only: the YAML parser stays in src/io/ (it is linked privately).
//
// Bad YAML or a field of the wrong type is an input_error naming the file, the line and column and the
// problem. What the job leaves out is left empty; what the reader skipped and the user may want to know is
// in `notes`, one line each, for the caller to print.

#include "perfmail/io/matrix_json.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/model/test_case.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <cstddef>
#include <string_view>
#include <vector>

namespace perfmail::io {

struct job_description {
  std::string source;    ///< the file, as messages name it
  std::string testcase;  ///< `testcase`, else `suite`
  std::string suite;
  std::string category;
  std::vector<parameter> parameters;  ///< the test's parameters (the robot's axes), in job order
  std::string testbox;     ///< `testbox`, e.g. lkp-icl-2sp7
  std::string tbox_group;  ///< `tbox_group`, else the robot's derivation from `testbox`
  std::string commit;
  std::string branch;
  std::string head_commit;
  std::string base_commit;
  std::string kconfig;
  std::string compiler;
  std::string rootfs;       ///< its file name, as the result path has it
  std::string nr_cpu;
  std::string memory;
  std::string nr_node;
  std::string model;        ///< the host's `model`, e.g. "Ice Lake"
  std::string brand;        ///< the host's `brand`, e.g. "Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz"
  /// The robot's dash-joined parameters: from the job's own result path (`_rt`, `result_root`) when it
  /// has one, else made from `parameters` as lkp-tests makes it (sorted by key; "defaults" when none).
  std::string path_params;
  std::vector<std::string> notes;  ///< `file:line:column: ...` lines about what was skipped

  /// The robot's axes of a result: tbox_group, testcase, rootfs, kconfig, compiler (those the job has),
  /// then the parameters in job order, as lkp-tests' Job#axes lists them (the commit is the compared one).
  [[nodiscard]] std::vector<parameter> axes() const;

  /// The test machine as the robot's emails describe it, from the host's facts the job holds:
  /// `128 threads 2 sockets <brand> (<model>) with 256G memory`; empty when it has none of them.
  [[nodiscard]] std::string machine_description() const;
};

/// Parses job.yaml text; `source` names it in messages.
[[nodiscard]] job_description parse_job_yaml(std::string_view yaml, std::string_view source);

/// Loads a job.yaml file (bounded by `limits.max_file_bytes`).
[[nodiscard]] job_description load_job_yaml(const std::filesystem::path& file, const load_limits& limits = {});

/// The job.yaml of a result root that perfmail writes itself (`bisect --record`): the commit, and the
/// test case when given, as double-quoted scalars, so that any commit name reads back unchanged.
[[nodiscard]] std::string minimal_job_yaml(std::string_view commit, std::string_view testcase = {});

/// The branch of the robot's `branch` field, which is `<tree>/<branch>` (`linux-next/master` ->
/// `master`): what an email prints after the tree's URL. A field without a tree is the branch itself.
[[nodiscard]] constexpr std::string_view branch_after_tree(std::string_view robot_branch) noexcept {
  const std::size_t slash = robot_branch.find('/');
  return slash == std::string_view::npos ? robot_branch : robot_branch.substr(slash + 1);
}

/// The robot's test box group of a host name: `lkp-icl-2sp7-3` -> `lkp-icl-2sp7`, `vm-snb-4G-12` ->
/// `vm-snb-4G` (a trailing `-N` dropped, and one inner `-N-`).
[[nodiscard]] std::string tbox_group_of(std::string_view testbox);

/// A robot result root: its job and its results.
struct result_root {
  std::filesystem::path path;
  job_description job;
  matrix results;
};

/// The job.yaml of a result root: ROOT/job.yaml, else the job.yaml of its first run directory
/// (ROOT/0/job.yaml, where the robot writes it; run directories have numeric names, in number order).
/// Throws an input_error naming ROOT when there is none.
[[nodiscard]] std::filesystem::path job_file_of(const std::filesystem::path& root);

/// Whether `path` is a directory with a job.yaml (its own or its first run's).
[[nodiscard]] bool is_result_root(const std::filesystem::path& path);

/// The result root `path` names: `path` itself when it is one, or the root that a `matrix.json` file
/// stands in (the robot writes ROOT/matrix.json beside the runs); nullopt for any other path.
[[nodiscard]] std::optional<std::filesystem::path> result_root_of(const std::filesystem::path& path);

/// A result root's job (job_file_of) and results (load_results of the directory); `root` may be the
/// root's matrix.json (result_root_of).
[[nodiscard]] result_root load_result_root(const std::filesystem::path& root, const load_limits& limits = {});

}  // namespace perfmail::io
