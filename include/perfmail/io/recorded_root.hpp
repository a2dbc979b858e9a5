#pragma once
// The result root `perfmail bisect --record` writes for each end and each judged commit
// (docs/HISTORY.md, "Bisecting"), laid out as the robot's so that `report --base ROOT --head ROOT`
// reads it back (io/root_report.hpp). The files are returned, not written: the caller writes them and
// checks every write. Declarations only: src/io/recorded_root.cpp.

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::io {

/// A file of a result root: its name in the root's directory, and its content.
struct root_file {
  std::string name;
  std::string content;
};

/// matrix.json with `metric`'s samples, job.yaml naming `commit`, and bisect.txt with `judgement` (what
/// the judge decided and why, one line) when it is not empty.
[[nodiscard]] std::vector<root_file> recorded_root_files(std::string_view commit, std::string_view metric,
                                                         std::span<const double> samples,
                                                         std::string_view judgement = {});

}  // namespace perfmail::io
