#pragma once
// Reading an input whole, with a bound. Every file perfmail reads (matrix.json, stats.json, report
// documents, plot samples, standard input) is read through this one function, so the input-size limit
// holds on every path: a regular file's size is checked before it is read, and anything whose size is
// not known in advance (standard input, a pipe, a FIFO, /dev/zero, a procfs file, whose stat size is 0)
// is counted while it is read and refused as soon as it passes the limit. Filesystem conditions (a
// missing file, a symlink loop, permission denied, an I/O error, a directory) are input errors that name
// the path and the system's reason. Inputs that must be regular files (a result root's job.yaml, a mail's
// attachments) are read by read_regular_file, which never waits on a FIFO or a device.

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace perfmail::io {

/// The name standard input goes by, as a path argument and in messages.
inline constexpr std::string_view standard_input_path = "-";
inline constexpr std::string_view standard_input_name = "<stdin>";

/// The whole of `path` (standard input for "-"), refusing more than `max_bytes` with an input_error.
[[nodiscard]] std::string read_text(const std::filesystem::path& path, std::size_t max_bytes);

/// The whole of the regular file `path`, and nothing else: a FIFO, a directory, a device or a socket is
/// refused with an input_error saying what it is (`cannot read: it is a FIFO, not a file`), without
/// waiting on it (it is opened with O_NONBLOCK and its type checked on the open descriptor), and so is
/// standard input. A file larger than `max_bytes` is refused before any of it is read (`file of 1073741824
/// bytes is larger than the attachment limit of 16777216 bytes`, `limit_name` naming the limit).
[[nodiscard]] std::string read_regular_file(const std::filesystem::path& path, std::size_t max_bytes,
                                            std::string_view limit_name = "the limit");

/// What to say of an input that holds nothing (or only white space), in the user's words: for a pipe,
/// standard input included (`true | perfmail summary -`, `<(true)`), that the command writing to it
/// printed nothing; for standard input redirected from elsewhere, that it is empty; for a file (or a name
/// that is not a file), `file_problem`, the reader's own words for an empty file.
[[nodiscard]] std::string empty_input_problem(std::string_view source, std::string_view file_problem);

/// How `path` is named in messages: `<stdin>` for "-", else the path as given.
[[nodiscard]] std::string input_name(const std::filesystem::path& path);

}  // namespace perfmail::io
