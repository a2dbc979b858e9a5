#pragma once
// What a table says above its rows, and the choices both dialects share.

#include <string>
#include <utility>
#include <vector>

namespace perfmail {

/// The group header and commit names of a table.
struct table_header {
  // classic: "testcase/path_params/tbox_group/run: <testcase>/<path_params>/<tbox_group>"
  std::string testcase;
  std::string path_params;
  std::string tbox_group;
  /// modern: the `=====` block, axis names over their values, in this order.
  std::vector<std::pair<std::string, std::string>> axes;
  /// One per column, base first. Full ids in the modern dialect (printed whole, then cut); the classic
  /// dialect prints only the cut ids. The current dialect cuts them too; a release tag stands whole.
  std::vector<std::string> commits;
  /// current: the lines under `commit: `, one per column (`7e44d00a13 ("memcg: ...")`, or a tag); empty:
  /// the commits as given.
  std::vector<std::string> commit_lines;

  bool operator==(const table_header&) const = default;
};

struct render_options {
  /// Classic dialect: drop performance rows whose spread is more than half their mean (the robot's
  /// noise filter). The modern dialect never filters.
  bool noise_filter = true;
  /// Rows in the colour of their verdict (red regressions, green improvements: table/colour.hpp), for a
  /// terminal. Off by default: the robot's tables are plain text.
  bool colour = false;
};

}  // namespace perfmail
