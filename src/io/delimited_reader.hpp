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

  /// The next record into `out`; false at the end. Empty lines are skipped. The cells `out` holds are
  /// written over, so that reading record after record into one vector allocates nothing once its
  /// cells are as long as the longest fields.
  bool next(std::vector<cell>& out) {
    while (at_ < text_.size() && (text_[at_] == '\n' || (text_[at_] == '\r' && at_ + 1 < text_.size() && text_[at_ + 1] == '\n')))
      at_ += text_[at_] == '\n' ? 1 : 2;
    if (at_ >= text_.size()) {
      out.clear();
      return false;
    }
    line_start_ = at_;
    std::size_t count = 0;
    for (;;) {
      if (count == out.size()) out.emplace_back();
      cell& c = out[count++];
      c.offset = at_;
      c.text.clear();
      if (at_ < text_.size() && text_[at_] == '"') {
        const std::size_t open = at_++;
        for (;;) {
          // The text up to the next quote is the field's as it is.
          const std::size_t quote = text_.find('"', at_);
          if (quote == std::string_view::npos) b_.fail(open, "a quoted field is not closed");
          c.text.append(text_.substr(at_, quote - at_));
          at_ = quote + 1;
          if (at_ < text_.size() && text_[at_] == '"') {
            c.text += '"';
            ++at_;
            continue;
          }
          break;
        }
        if (at_ < text_.size() && text_[at_] != separator_ && text_[at_] != '\n' && text_[at_] != '\r')
          b_.fail(at_, "text after a quoted field's closing quote");
      } else {
        const std::size_t start = at_;
        while (at_ < text_.size() && text_[at_] != separator_ && text_[at_] != '\n' && text_[at_] != '\r') {
          if (text_[at_] == '"') b_.fail(at_, "a quote inside a field that does not start with one (RFC 4180)");
          ++at_;
        }
        c.text.assign(text_.substr(start, at_ - start));
      }
      if (at_ >= text_.size()) break;
      if (text_[at_] == separator_) {
        ++at_;
        if (at_ >= text_.size()) {
          if (count == out.size()) out.emplace_back();
          out[count].text.clear();
          out[count++].offset = at_;
          break;
        }
        continue;
      }
      if (text_[at_] == '\r') {
        if (at_ + 1 >= text_.size() || text_[at_ + 1] != '\n') b_.fail(at_, "a carriage return that ends no line");
        at_ += 2;
        break;
      }
      ++at_;  // '\n'
      break;
    }
    out.resize(count);
    return true;
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
