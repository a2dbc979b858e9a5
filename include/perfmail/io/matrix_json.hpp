#pragma once
// Loading the robot's result files: a `matrix.json` (metric -> array of per-run values, plus
// `stats_source`) and a directory of per-run `stats.json` files (metric -> value), merged into a matrix.
//
// Declarations only: the parser lives in src/io/ so that its dependency stays out of these headers.
// Every problem is an input_error that names the file, the line and column (or the metric), and the
// problem; nothing is returned half-loaded.

#include "perfmail/io/input_format.hpp"
#include "perfmail/model/matrix.hpp"

#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::io {

namespace detail {
class reading_workspace;
}  // namespace detail

/// Sizes above which input is refused with an error rather than exhausting memory or time.
struct load_limits {
  std::size_t max_file_bytes = std::size_t{1} << 30;  ///< checked before a file is read
  std::size_t max_runs = 100'000;                      ///< samples of one metric, and runs of a matrix
  std::size_t max_name_bytes = 4096;                   ///< the robot's longest names are about 400 bytes
  /// How a results file is read (docs/INPUTS.md). Kept with the limits because every command that
  /// loads results passes these, and the global --input-format sets it once for all of them. A
  /// directory is always the robot's: its matrix.json, or its runs' stats.json.
  input_format format = input_format::automatic;
};

/// Parses matrix JSON text. `source` names the input in error messages.
[[nodiscard]] matrix parse_matrix(std::string_view json, std::string_view source, const load_limits& limits = {});

/// `m` as matrix.json text: an object of metric names to their present samples, in the matrix's order,
/// numbers in the shortest form that reads back the same double. What load_results reads back.
[[nodiscard]] std::string matrix_to_json(const matrix& m);

/// Loads a matrix.json file.
[[nodiscard]] matrix load_matrix(const std::filesystem::path& file, const load_limits& limits = {});

/// Merges the stats.json of each run directory below `dir` (`dir/0/stats.json`, `dir/1/stats.json`, ...;
/// numeric names in numeric order, others after them by name) into a matrix, the robot's way: a metric a
/// run lacks is a missing sample. `stats_source` lists the files merged.
[[nodiscard]] matrix load_stats_directory(const std::filesystem::path& dir, const load_limits& limits = {});

/// One run's stats.json text and where it came from (for messages).
struct run_stats_text {
  std::string source;
  std::string_view json;
};

/// Merges per-run stats.json texts, in run order, exactly as load_stats_directory merges files.
[[nodiscard]] matrix merge_run_stats(std::span<const run_stats_text> runs, const load_limits& limits = {});

/// A results file in `limits.format` (detected from its content by default: io/import.hpp), or a
/// directory: its matrix.json if it has one, else its per-run stats.json files.
[[nodiscard]] matrix load_results(const std::filesystem::path& path, const load_limits& limits = {});

/// Loads results one after another (load_results for each path), reusing one text buffer and one parser
/// and sizing each matrix from the one loaded before it: the files of one comparison list the same
/// metrics, and fresh memory for each file costs more in page faults than reading it.
class results_loader {
 public:
  explicit results_loader(const load_limits& limits = {});
  results_loader(results_loader&&) noexcept;
  results_loader& operator=(results_loader&&) noexcept;
  results_loader(const results_loader&) = delete;
  results_loader& operator=(const results_loader&) = delete;
  ~results_loader();

  [[nodiscard]] matrix load(const std::filesystem::path& path);

 private:
  std::unique_ptr<detail::reading_workspace> workspace_;  // the parser's types stay in src/io/
  load_limits limits_;
  std::size_t last_size_ = 0;
};

/// Several results, in the order of `paths`, reusing one text buffer and one parser from file to file
/// (fresh memory for each file costs more in page faults than reading it); the first failing path's
/// error is thrown.
[[nodiscard]] std::vector<matrix> load_all_results(std::span<const std::filesystem::path> paths,
                                                   const load_limits& limits = {});

}  // namespace perfmail::io
