#pragma once
// Reading an input whole, with a bound. Every file perfmail reads (matrix.json, stats.json, report
// documents, plot samples, standard input) is read through this one function, so the input-size limit
// holds on every path: a regular file's size is checked before it is read, and anything whose size is
// not known in advance (standard input, a pipe, a FIFO, /dev/zero, a procfs file, whose stat size is 0)
// is counted while it is read and refused as soon as it passes the limit. Filesystem conditions (a
// missing file, a symlink loop, permission denied, an I/O error, a directory) are input errors that name
// the path and the system's reason.

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

/// How `path` is named in messages: `<stdin>` for "-", else the path as given.
[[nodiscard]] std::string input_name(const std::filesystem::path& path);

}  // namespace perfmail::io
