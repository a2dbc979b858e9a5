#pragma once
// Where a command's output goes: stdout, or a file written whole or not at all (a temporary file in the
// same directory, renamed over the target once complete), so an error never leaves a partial report.

#include <string>
#include <string_view>

namespace perfmail::cli {

/// Writes `text` to stdout, or atomically to `path` when it is not empty.
void write_output(const std::string& path, std::string_view text);

}  // namespace perfmail::cli
