#pragma once
// Where a command's output goes: stdout, or a file written whole or not at all (a temporary file in the
// same directory, renamed over the target once complete), so an error never leaves a partial report.
// Output is never lost silently: a write that fails ends the command with exit status 2 and one line,
// `perfmail: WHERE: cannot write: REASON` (docs/RELIABILITY.md, "No partial output").

#include "perfmail/error.hpp"

#include <string>
#include <string_view>

namespace perfmail::cli {

/// Output that could not be written: `WHERE: cannot write: REASON`, where WHERE is `stdout` or the file
/// named with -o, and REASON the system's (strerror) text.
class write_error : public error {
 public:
  write_error(std::string_view where, int errnum);
  write_error(std::string_view where, std::string_view reason);
};

/// Sets the signals output depends on, once at start-up: SIGXFSZ ignored, so that a file-size limit
/// (`ulimit -f`) makes a write fail with EFBIG, which is reported, rather than kill the process;
/// SIGPIPE at its default, so that a reader that has gone (`| head -1`) ends the command quietly even
/// when the parent ignored SIGPIPE.
void prepare_output_signals();

/// Writes `text` to stdout, or atomically to `path` when it is not empty or "-". Throws write_error.
void write_output(const std::string& path, std::string_view text);

/// Writes all of `text` to standard output. Throws write_error naming `stdout`.
void write_stdout(std::string_view text);

/// Flushes and closes standard output, once the command has succeeded: anything written through the C
/// library (CLI11, iostreams) that did not reach its destination, or an error the system reports only
/// when the file is closed, is thrown as write_error naming `stdout`.
void close_stdout();

}  // namespace perfmail::cli
