#pragma once
// Reading a history of commits (docs/HISTORY.md): one results file or directory per commit, oldest first,
// or one CSV of every commit, long (a row per sample: commit, metric, value, and a time if wanted) or
// wide as Apache Otava reads it (a row per run: a time, attributes such as the commit, a column per
// metric). Declarations only: src/io/history_input.cpp.
//
// Anything outside the grammar is an input_error naming the file, the line and column and the problem.

#include "perfmail/model/history.hpp"

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::io {

struct load_limits;  // io/matrix_json.hpp: the sizes above which input is refused

/// The history of one results path per commit, in the order given (load_results reads each). A result
/// root names its commit by its job's `commit`; any other path by its name without the extension, or by
/// its directory's name where every file has the same name (`results/<commit>/bench.json`). Each
/// commit's samples of a metric are its present samples; metrics come in the order first seen. Two
/// paths that name the same commit are refused.
[[nodiscard]] commit_history history_of_results(std::span<const std::filesystem::path> paths,
                                                const load_limits& limits);
/// The same within the default limits.
[[nodiscard]] commit_history history_of_results(std::span<const std::filesystem::path> paths);

/// How a history CSV names its columns.
struct history_csv_options {
  char separator = ',';
  std::string commit_column = "commit";
  std::string time_column = "time";
  /// Wide form: columns that describe a row rather than measure it (besides the commit and the time).
  /// Empty: every column whose cells are all text (or empty) is one; a column of numbers is a metric.
  std::vector<std::string> attributes;
};

/// A history CSV. Long when the header has `metric` and `value` columns (with the commit column, and the
/// time column when wanted): commits in the order first seen, any row order. Otherwise wide, as Otava
/// reads it: the rows of one commit (or, without a commit column, of one time) follow one another, each
/// a run, oldest commit first; an empty cell is no sample.
[[nodiscard]] commit_history parse_history_csv(std::string_view text, std::string_view source,
                                               const history_csv_options& options, const load_limits& limits);
/// The same within the default limits.
[[nodiscard]] commit_history parse_history_csv(std::string_view text, std::string_view source,
                                               const history_csv_options& options = {});

/// The history CSV at `path` (standard input for "-"), at most `limits.max_file_bytes`, parsed where it
/// was read: its text is held once, not copied.
[[nodiscard]] commit_history read_history_csv(const std::filesystem::path& path, const history_csv_options& options,
                                              const load_limits& limits);

}  // namespace perfmail::io
