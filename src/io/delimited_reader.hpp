#pragma once
// Records of delimited text (RFC 4180 CSV, and TSV): what the CSV and TSV importers and the history's CSV
// reader share, so that one grammar of quoting holds for every delimited file perfmail reads.

#include "import_support.hpp"

#include <fmt/format.h>

#include <array>
#include <cstddef>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::io::detail {

/// One field of a record, and where it starts in the text. The text views the file's text, or for a
/// quoted field with a doubled quote its unescaped copy, which the reader keeps: it is valid while the
/// reader and the file's text are.
struct cell {
  std::string_view text;
  std::size_t offset = 0;
};

/// Records of RFC 4180 text: fields split by `separator`, records by CRLF or LF; a field in double quotes
/// may hold the separator, line breaks and `""` for a quote. Anything else with a quote is refused,
/// since a lenient reading of it is a guess.
class delimited_reader {
 public:
  /// A byte-order mark at the start (Excel's "CSV UTF-8") is passed over. Text in UTF-16 or UTF-32 (what
  /// Excel's "Unicode text" and PowerShell write) is refused naming its encoding: read as UTF-8, its
  /// records would be one field of text and NUL bytes each.
  delimited_reader(std::string_view text, char separator, const import_builder& b)
      : text_(text), separator_(separator), b_(b), at_(detail::byte_order_mark_of(text)) {
    refuse_wide_text(text, b_);
    for (const char c : {separator, '\n', '\r', '"'}) ends_field_[static_cast<unsigned char>(c)] = true;
  }

  /// The next record into `out`; false at the end. Empty lines are skipped. Reading record after record
  /// into one vector allocates nothing once it is as long as the longest record.
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
      if (at_ < text_.size() && text_[at_] == '"') {
        c.text = quoted_field();
        if (at_ < text_.size() && text_[at_] != separator_ && text_[at_] != '\n' && text_[at_] != '\r')
          b_.fail(at_, "text after a quoted field's closing quote");
      } else {
        // One lookup a byte: the field runs to the first byte that ends it (or is a stray quote).
        const std::size_t start = at_;
        while (at_ < text_.size() && !ends_field_[static_cast<unsigned char>(text_[at_])]) ++at_;
        if (at_ < text_.size() && text_[at_] == '"')
          b_.fail(at_, "a quote inside a field that does not start with one (RFC 4180)");
        c.text = text_.substr(start, at_ - start);
      }
      if (at_ >= text_.size()) break;
      if (text_[at_] == separator_) {
        ++at_;
        if (at_ >= text_.size()) {
          if (count == out.size()) out.emplace_back();
          out[count].text = {};
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
  /// The quoted field at at_, which is left after its closing quote: a view of the text between the
  /// quotes, or where a doubled quote stands for one, of its unescaped copy.
  std::string_view quoted_field() {
    const std::size_t open = at_++;
    std::string* unescaped = nullptr;
    for (;;) {
      // The text up to the next quote is the field's as it is.
      const std::size_t quote = text_.find('"', at_);
      if (quote == std::string_view::npos) b_.fail(open, "a quoted field is not closed");
      const bool doubled = quote + 1 < text_.size() && text_[quote + 1] == '"';
      if (unescaped == nullptr && !doubled) {
        const std::string_view inside = text_.substr(at_, quote - at_);
        at_ = quote + 1;
        return inside;
      }
      if (unescaped == nullptr) unescaped = &unescaped_.emplace_back();
      unescaped->append(text_.substr(at_, quote - at_));
      at_ = quote + 1;
      if (!doubled) return *unescaped;
      *unescaped += '"';
      ++at_;
    }
  }

  std::string_view text_;
  char separator_;
  const import_builder& b_;
  std::size_t at_;
  std::size_t line_start_ = 0;
  std::array<bool, 256> ends_field_{};
  /// The quoted fields with doubled quotes, unescaped; a deque, so that their views stay valid.
  std::deque<std::string> unescaped_;
};

}  // namespace perfmail::io::detail
