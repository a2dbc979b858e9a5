#pragma once
// Saying what is wrong with JSON text, where it is wrong. The parsers perfmail reads JSON with
// (simdjson) are built for speed on valid input: on invalid input they report a class of error
// somewhere near the fault ("TAPE_ERROR" for a trailing comma, a single quote, a byte-order mark and a
// missing comma alike). Errors are rare and must be precise, so when a parser fails, its input is read
// once more by `diagnose_json`, a strict reading of RFC 8259 that stops at the first fault and names it:
// a trailing comma, a missing comma, single quotes, a byte-order mark, UTF-16, NaN, a bad number token,
// a bad escape, a control character in a string, a misspelt literal, truncated text, nesting beyond the
// limit, text after the value. It builds nothing and recurses nowhere (an explicit stack), so no input
// can exhaust the call stack.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace perfmail::io::detail {

/// How deeply JSON text may nest arrays and objects, in every document perfmail reads. A matrix needs 2
/// levels and a report document 5; the limit only keeps hostile input from costing memory or stack.
inline constexpr std::size_t max_json_depth = 64;

/// The first fault of a JSON text: the byte offset where it is and what it is.
struct json_fault {
  std::size_t offset = 0;
  std::string problem;
};

/// The first place where `text` is not exactly one JSON value (surrounded by optional white space), or
/// nullopt when it is one.
[[nodiscard]] std::optional<json_fault> diagnose_json(std::string_view text, std::size_t max_depth = max_json_depth);

/// One past the end of the array or object that starts at `offset` of valid JSON `text`.
[[nodiscard]] std::size_t end_of_json_value(std::string_view text, std::size_t offset);

/// Turns byte offsets of one text into 1-based line and column numbers. `first_line` and `first_column`
/// are where the text itself starts in the file it came from (a matrix written inside a report
/// document starts part-way through that document).
class text_locator {
 public:
  explicit text_locator(std::string_view text, std::size_t first_line = 1, std::size_t first_column = 1)
      : text_(text), first_line_(first_line), first_column_(first_column) {}

  struct line_column {
    std::size_t line = 0;
    std::size_t column = 0;
  };

  /// The line and column of byte `offset` (at most the text's size).
  [[nodiscard]] line_column at(std::size_t offset) const;

 private:
  std::string_view text_;
  std::size_t first_line_;
  std::size_t first_column_;
};

}  // namespace perfmail::io::detail
