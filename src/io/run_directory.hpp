#pragma once
// The robot's run directories in a result root, `0/`, `1/`, ...: one rule for the matrix reader, which
// merges the runs' stats.json, and for job.yaml's, which reads a run's job when the root has none.

#include <algorithm>
#include <string_view>

namespace perfmail::io::detail {

/// Whether a directory entry's name is a run's: a canonical non-negative integer (`0`, `1`, `17`), as the
/// robot numbers its runs. `backup`, `-1`, `01`, `+1` and `1e3` are not runs, so they are never merged.
[[nodiscard]] inline bool is_run_name(std::string_view name) {
  if (name.empty() || name.size() > 18) return false;  // 18 digits: far beyond any limit of runs
  if (name.size() > 1 && name.front() == '0') return false;
  return std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// Whether run `a` comes before run `b` (both run names): canonical numbers order by length, then as text.
[[nodiscard]] inline bool run_name_before(std::string_view a, std::string_view b) noexcept {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

}  // namespace perfmail::io::detail
