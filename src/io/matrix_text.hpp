#pragma once
// Matrix text found inside another document (a report document's inline matrices), read with every
// rule of a matrix.json file and with messages that point into the document.

#include "perfmail/io/matrix_json.hpp"

#include <cstddef>
#include <string_view>

namespace perfmail::io::detail {

/// parse_matrix for text that starts at `first_line`:`first_column` of the file named `source`.
[[nodiscard]] matrix parse_matrix_at(std::string_view json, std::string_view source, const load_limits& limits,
                                     std::size_t first_line, std::size_t first_column);

}  // namespace perfmail::io::detail
