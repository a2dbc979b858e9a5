#pragma once
// Running another program without a shell: git for the sender's identity and the commit under test, a
// benchmark command for `bisect`. The arguments reach it as given; its standard input is /dev/null.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace perfmail::cli {

/// How a program ended, and what it wrote on standard output.
struct process_result {
  bool started = false;    ///< false: it could not be run (not found, not executable); `error` says why
  std::string error;
  bool exited = false;     ///< it exited (rather than being killed by a signal)
  int status = 0;          ///< its exit status, or the signal that killed it
  std::string output;      ///< standard output, at most `max_output` bytes
  bool truncated = false;  ///< it wrote more than `max_output` bytes (the rest was read and dropped)
};

/// Runs `argv` (argv[0] looked up in PATH) and waits for it. Standard error is the caller's when
/// `keep_stderr`, else /dev/null.
[[nodiscard]] process_result run_program(const std::vector<std::string>& argv, std::size_t max_output,
                                         bool keep_stderr);

}  // namespace perfmail::cli
