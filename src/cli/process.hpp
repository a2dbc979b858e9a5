#pragma once
// Running another program without a shell: git for the sender's identity, the commit under test and the
// trees of a bisection, a benchmark command and its build for `bisect`. The arguments reach it as given;
// its standard input is /dev/null.

#include <chrono>
#include <cstddef>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace perfmail::cli {

/// How a program ended, and what it wrote on standard output.
struct process_result {
  bool started = false;    ///< false: it could not be run (not found, not executable); `error` says why
  std::string error;
  bool exited = false;     ///< it exited (rather than being killed by a signal)
  int status = 0;          ///< its exit status, or the signal that killed it
  std::string output;      ///< standard output, at most `max_output` bytes
  bool truncated = false;  ///< it wrote more than `max_output` bytes: it was stopped there
  /// It exited, but something it started kept its output open past the grace period: reading stopped
  /// there, and what was left of its process group was ended.
  bool abandoned = false;
};

struct process_options {
  /// The most bytes of standard output kept. Past them the program and its process group are ended
  /// (SIGKILL) and `truncated` is set: a runaway command never fills memory nor runs on unread.
  std::size_t max_output = std::numeric_limits<std::size_t>::max();
  bool keep_stderr = true;       ///< its standard error is ours, else /dev/null
  bool output_to_stderr = false;  ///< its standard output goes to our standard error (a build), unread
  std::string directory;         ///< where it runs (empty: here)
  std::vector<std::pair<std::string, std::string>> environment;  ///< set for it, beside what we have
  /// How long output is still read after the program exited: a background process it started may hold
  /// its output open (`sh -c 'echo 1; sleep 30 &'`), and waiting for it would wait for that.
  std::chrono::milliseconds grace{1000};
};

/// Runs `argv` (argv[0] looked up in PATH unless it has a slash) in a process group of its own, and
/// waits for it. While it runs, SIGINT, SIGTERM and SIGHUP sent to us are passed on to its group and,
/// once it has ended, end us too, so that Ctrl-C stops a benchmark as it would without us. SIGPIPE is
/// at its default in the program whatever ours is.
[[nodiscard]] process_result run_program(const std::vector<std::string>& argv, const process_options& options);

/// The same with the output limit and standard error given, run here.
[[nodiscard]] process_result run_program(const std::vector<std::string>& argv, std::size_t max_output,
                                         bool keep_stderr);

/// Whether `program` names something that can be run: with a slash, an executable file there; without,
/// one found in PATH. Empty when it can, else why not.
[[nodiscard]] std::string program_problem(const std::string& program);

}  // namespace perfmail::cli
