#pragma once
// Records of delimited text (RFC 4180 CSV, and TSV): what the CSV and TSV importers and the history's CSV
// reader share, so that one grammar of quoting holds for every delimited file perfmail reads.

#include "import_support.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::io::detail {

/// One field of a record, and where it starts in the text.
struct cell {
  std::string text;
  std::size_t offset = 0;
};

/// Records of RFC 4180 text: fields split by `separator`, records by CRLF or LF; a field in double quotes
/// may hold the separator, line breaks and `""` for a quote. Anything else with a quote is refused,
/// since a lenient reading of it is a guess.
class delimited_reader {
 public:
  /// A byte-order mark at the start (Excel's "CSV UTF-8") is passed over.
  delimited_reader(std::string_view text, char separator, const import_builder& b)
      : text_(text), separator_(separator), b_(b), at_(detail::byte_order_mark_of(text)) {}

  /// The next record into `out`; false at the end. Empty lines are skipped.
  bool next(std::vector<cell>& out) {
    out.clear();
    while (at_ < text_.size() && (text_[at_] == '\n' || (text_[at_] == '\r' && at_ + 1 < text_.size() && text_[at_ + 1] == '\n')))
      at_ += text_[at_] == '\n' ? 1 : 2;
    if (at_ >= text_.size()) return false;
    line_start_ = at_;
    for (;;) {
      cell c;
      c.offset = at_;
      if (at_ < text_.size() && text_[at_] == '"') {
        const std::size_t open = at_++;
        for (;;) {
          if (at_ >= text_.size()) b_.fail(open, "a quoted field is not closed");
          if (text_[at_] == '"') {
            if (at_ + 1 < text_.size() && text_[at_ + 1] == '"') {
              c.text += '"';
              at_ += 2;
              continue;
            }
            ++at_;
            break;
          }
          c.text += text_[at_++];
        }
        if (at_ < text_.size() && text_[at_] != separator_ && text_[at_] != '\n' && text_[at_] != '\r')
          b_.fail(at_, "text after a quoted field's closing quote");
      } else {
        while (at_ < text_.size() && text_[at_] != separator_ && text_[at_] != '\n' && text_[at_] != '\r') {
          if (text_[at_] == '"') b_.fail(at_, "a quote inside a field that does not start with one (RFC 4180)");
          c.text += text_[at_++];
        }
      }
      out.push_back(std::move(c));
      if (at_ >= text_.size()) return true;
      if (text_[at_] == separator_) {
        ++at_;
        if (at_ >= text_.size()) {
          out.push_back({{}, at_});
          return true;
        }
        continue;
      }
      if (text_[at_] == '\r') {
        if (at_ + 1 >= text_.size() || text_[at_ + 1] != '\n') b_.fail(at_, "a carriage return that ends no line");
        at_ += 2;
        return true;
      }
      ++at_;  // '\n'
      return true;
    }
  }

  [[nodiscard]] std::size_t line_start() const noexcept { return line_start_; }

 private:
  std::string_view text_;
  char separator_;
  const import_builder& b_;
  std::size_t at_;
  std::size_t line_start_ = 0;
};

}  // namespace perfmail::io::detail
