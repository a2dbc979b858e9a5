#pragma once
// What `perfmail bisect --record` keeps (docs/HISTORY.md, "Bisecting"): a directory of result roots, one
// for each end and one for each judged commit, laid out as the robot's so that `report --base ROOT
// --head ROOT` reads them back (io/root_report.hpp), and the file that marks the directory as one
// perfmail made. The files are returned, not written: the caller writes them and checks every write.
// Declarations only: src/io/recorded_root.cpp.

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail {
struct bisect_judgement;
}  // namespace perfmail

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

/// The file that marks a recording's directory as perfmail's, written before any root: a recording goes
/// on into a directory so marked, and never writes into one of the user's.
[[nodiscard]] root_file recording_marker();

/// Why a recording cannot go into `directory`: it is not a directory, or it holds files and no
/// recording_marker. Empty when it can (the directory may not exist yet).
[[nodiscard]] std::string recording_directory_problem(const std::filesystem::path& directory);

/// Why `commit` cannot name its root's directory in a recording: the ends' roots are `good` and `bad`,
/// and a name that is empty, holds a slash or starts with a dot would leave the directory or hide in
/// it. Empty when it can.
[[nodiscard]] std::string recorded_commit_problem(std::string_view commit);

/// bisect.txt's line: the end the commit is like (`good`, `bad`, else `skip`) and why.
[[nodiscard]] std::string recorded_judgement_text(const bisect_judgement& judgement);

/// What a recording keeps of one judged commit.
struct recorded_step {
  std::string_view commit;  ///< its root's directory name (recorded_commit_problem passes it)
  std::string_view metric;
  std::span<const double> good;  ///< the ends' samples so far
  std::span<const double> bad;
  std::span<const double> current;  ///< the commit's samples
  /// Whether the ends' samples grow from commit to commit (measured beside each): their roots are then
  /// written anew at every commit. Ends measured before are written once, and a root of theirs already
  /// there is kept.
  bool ends_grow = false;
};

/// A result root of a recording: its directory in the recording's, and its files.
struct recorded_root {
  std::string directory;
  std::vector<root_file> files;
  bool keep_existing = false;  ///< a root already in that directory is kept, not written over
};

/// The roots a recording writes for one judged commit, in the order to write them: the good end's, the
/// bad end's, and the commit's with its judgement (recorded_judgement_text).
[[nodiscard]] std::vector<recorded_root> recorded_step_roots(const recorded_step& step,
                                                             const bisect_judgement& judgement);

}  // namespace perfmail::io
