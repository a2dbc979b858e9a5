#pragma once
// Reading a report document (docs/REPORT.md). Declarations only: the JSON parser stays in src/io/.
// Every problem is an input_error naming the file and the field ("plots.style"), or the referenced
// result file and its place.

#include "perfmail/email/document.hpp"
#include "perfmail/io/matrix_json.hpp"

#include <filesystem>
#include <string_view>

namespace perfmail::io {

/// Parses a report document; relative paths in it are resolved against `base_dir`.
[[nodiscard]] email::report_document parse_report(std::string_view json, std::string_view source,
                                                  const std::filesystem::path& base_dir,
                                                  const load_limits& limits = {});

/// Loads a report document file; relative paths are resolved against its directory.
[[nodiscard]] email::report_document load_report(const std::filesystem::path& file, const load_limits& limits = {});

}  // namespace perfmail::io
