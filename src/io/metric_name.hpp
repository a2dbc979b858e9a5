#pragma once
// What a metric name read from any input must be, decided once for the matrix.json loader and the
// importers: names are printed on one line in tables, plot titles and mail headers.

#include "perfmail/io/matrix_json.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace perfmail::io::detail {

/// Why `name` cannot be a metric's name (not valid UTF-8, a control or formatting character, longer
/// than `limits.max_name_bytes`), or nullopt when it can.
[[nodiscard]] std::optional<std::string> metric_name_problem(std::string_view name, const load_limits& limits);

}  // namespace perfmail::io::detail
