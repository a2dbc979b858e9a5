#pragma once
// Where a command's output goes, and what is promised about it (docs/RELIABILITY.md, "No partial
// output"):
// * Output is never lost silently: a write that fails (a full disk, a file-size limit, any error) ends
//   the command with exit status 2 and one line, `perfmail: WHERE: cannot write: REASON`.
// * `-o FILE` never damages what is there. A regular file is replaced atomically by a complete one; a
//   device or a FIFO is written into, as a redirection would; a symbolic link is followed to its target,
//   which is replaced, and stays a link.

#include "perfmail/error.hpp"
#include "perfmail/io/text_sink.hpp"

#include <functional>
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

/// Output produced piece by piece: a function that hands its text, in order, to the sink it is given.
/// It should throw nothing but what the sink throws: to standard output, what it gave before is written.
using text_producer = std::function<void(io::text_sink)>;

/// Writes `text` to stdout when `path` is empty or "-", else to the file `path` (write_file).
void write_output(const std::string& path, std::string_view text);
/// The same for output produced piece by piece, each piece written as it comes, so that a long document
/// is never held whole.
void write_output(const std::string& path, const text_producer& produce);

/// Writes all of `text` to standard output. Throws write_error naming `stdout`.
void write_stdout(std::string_view text);
void write_stdout(const text_producer& produce);

/// Writes `text` to `path`, following symbolic links at its end as a shell redirection does:
/// * a regular file that may be written, or nothing, is replaced atomically: `text` goes to a new
///   hidden file beside it, `.NAME.XXXXXX` (a random suffix, created exclusively: an existing name or
///   link is never opened), which is synced, given the replaced file's mode and, where permitted, its
///   owner (a new file gets 0666 less the umask), renamed over the target, and the directory synced;
/// * anything else (a character device, a FIFO) is opened for writing, without truncating, and written
///   into; a directory is refused.
/// On any failure the temporary file is removed and the target left as it was; write_error names `path`.
void write_file(const std::string& path, std::string_view text);
/// The same for output produced piece by piece; a producer that throws leaves a replaced file as it was.
void write_file(const std::string& path, const text_producer& produce);

/// Flushes and closes standard output, once the command has succeeded: anything written through the C
/// library (CLI11, iostreams) that did not reach its destination, or an error the system reports only
/// when the file is closed, is thrown as write_error naming `stdout`.
void close_stdout();

namespace output_detail {
/// Gives the random part of a temporary file's name, six letters and digits. Tests replace it to make
/// names collide; write_file tries the next name when one exists.
using suffix_source = std::function<std::string()>;
suffix_source& temporary_suffix();
}  // namespace output_detail

}  // namespace perfmail::cli
