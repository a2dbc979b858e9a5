#pragma once
// The results of a branch's commits, oldest first: per metric, the samples of each commit (docs/HISTORY.md).
// What `perfmail history` reads (per-commit result files, a long CSV, or the wide CSV of Apache Otava),
// what the change-point search (analysis/history.hpp) and the trend plot over commits take. Cheap to
// include.

#include "perfmail/model/direction.hpp"
#include "perfmail/model/origin.hpp"
#include "perfmail/model/unit.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace perfmail {

/// One commit of a history.
struct history_commit {
  std::string id;      ///< the commit as the input names it (a hash, a tag, a file's name)
  std::string time;    ///< as the input wrote it; empty when it has none
  std::string source;  ///< where its results were read: a path, or `FILE:LINE` of its first row
};

/// One metric over the commits: `samples[c]` are commit c's, empty where the commit has none.
struct metric_history {
  std::string name;
  std::vector<std::vector<double>> samples;
  std::optional<better> direction;  ///< the input's own (a unit that says which way is better)
  std::optional<metric_unit> unit;  ///< the unit the samples are in, when the input names one
};

/// The metrics of a history, in the order first seen, each with one sample list per commit.
struct commit_history {
  std::vector<history_commit> commits;
  std::vector<metric_history> metrics;
  /// Whose rules name the metrics' classes: the robot's when every commit's results are the robot's.
  result_conventions conventions = result_conventions::benchmark_tool;
};

}  // namespace perfmail
