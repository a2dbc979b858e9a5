// A strict reading of RFC 8259 that stops at the first fault and names it (see json_diagnosis.hpp).

#include "json_diagnosis.hpp"

#include "perfmail/text/number_grammar.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/text/utf8.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace perfmail::io::detail {

namespace {

bool is_white(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/// Characters that may belong to a mistyped number or word: read together so that the message quotes the
/// whole token (`0x4000`, `123abc`, `1true`, `NaN`), not its first character.
bool is_word_character(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '+' || c == '-' ||
         c == '.' || c == '_';
}

/// How a character is named in a message: printable ASCII in quotes, anything else by its code.
std::string describe_character(std::string_view text, std::size_t at) {
  const auto c = static_cast<unsigned char>(text[at]);
  if (c > 0x20 && c < 0x7F) return fmt::format("'{}'", static_cast<char>(c));
  if (c == ' ') return "a space";
  const text::utf8_sequence seq = text::decode_utf8(text, at);
  if (seq.valid()) return fmt::format("U+{:04X}", seq.code);
  return fmt::format("the byte 0x{:02X}", c);
}

class diagnosis {
 public:
  diagnosis(std::string_view text, std::size_t max_depth) : text_(text), max_depth_(max_depth) {}

  std::optional<json_fault> run() {
    if (auto fault = encoding_fault()) return fault;
    skip_white();
    if (at_ >= text_.size()) return fault_at(at_, "no JSON value (the text is empty)");
    // Containers open and close on an explicit stack; scalars are read whole.
    expect next = expect::value;
    while (true) {
      skip_white();
      if (at_ >= text_.size()) {
        if (stack_.empty() && next != expect::value) return std::nullopt;
        return fault_at(text_.size(), "truncated JSON: an array or object is not closed");
      }
      const char c = text_[at_];
      switch (next) {
        case expect::value:
        case expect::value_or_close: {
          if (next == expect::value_or_close && c == ']') {
            close();
            next = after_value();
            break;
          }
          if (c == ']' || c == '}') {
            if (last_comma_) return fault_at(*last_comma_, fmt::format("a trailing comma before '{}'", c));
            return fault_at(at_, fmt::format("'{}' where a value was expected", c));
          }
          if (c == '{' || c == '[') {
            if (stack_.size() == max_depth_)
              return fault_at(at_, fmt::format("JSON nested more than {} levels deep", max_depth_));
            stack_.push_back(c);
            ++at_;
            last_comma_.reset();
            next = c == '{' ? expect::key_or_close : expect::value_or_close;
            break;
          }
          if (auto fault = scalar()) return fault;
          last_comma_.reset();
          next = after_value();
          if (stack_.empty()) return trailing_text();
          break;
        }
        case expect::key:
        case expect::key_or_close: {
          if (next == expect::key_or_close && c == '}') {
            close();
            next = after_value();
            break;
          }
          if (c == '}') return fault_at(*last_comma_, "a trailing comma before '}'");
          if (c == '\'') return fault_at(at_, "an object key in single quotes; JSON strings use double quotes");
          if (c != '"') {
            const std::size_t end = word_end(at_);
            if (end > at_)
              return fault_at(at_, fmt::format("an object key that is not a string: {} (keys are written in double "
                                               "quotes)", text::quoted(text_.substr(at_, end - at_))));
            return fault_at(at_, fmt::format("{} where an object key (a string in double quotes) was expected",
                                              describe_character(text_, at_)));
          }
          if (auto fault = string()) return fault;
          last_comma_.reset();
          next = expect::colon;
          break;
        }
        case expect::colon:
          if (c != ':') return fault_at(at_, fmt::format("{} after an object key, where ':' was expected",
                                                         describe_character(text_, at_)));
          ++at_;
          next = expect::value;
          break;
        case expect::comma_or_close: {
          const char open = stack_.back();
          const char close_char = open == '{' ? '}' : ']';
          if (c == ',') {
            last_comma_ = at_;
            ++at_;
            next = open == '{' ? expect::key : expect::value;
            break;
          }
          if (c == close_char) {
            close();
            next = after_value();
            if (stack_.empty()) return trailing_text();
            break;
          }
          if (starts_value(c))
            return fault_at(at_, fmt::format("a missing comma before {}", describe_character(text_, at_)));
          return fault_at(at_, fmt::format("{} where ',' or '{}' was expected", describe_character(text_, at_),
                                           close_char));
        }
      }
      if (stack_.empty() && next == expect::comma_or_close) return trailing_text();
    }
  }

 private:
  /// What may come next.
  enum class expect { value, value_or_close, key, key_or_close, colon, comma_or_close };

  std::optional<json_fault> encoding_fault() const {
    if (text_.starts_with("\xEF\xBB\xBF"))
      return json_fault{0, "a byte-order mark (U+FEFF) before the JSON value; JSON text must start with the value"};
    const bool utf16_mark = text_.starts_with("\xFF\xFE") || text_.starts_with("\xFE\xFF");
    const bool nul_early = text_.substr(0, 4).find('\0') != std::string_view::npos;
    if (utf16_mark || nul_early) return json_fault{0, "text in UTF-16 or UTF-32; JSON text must be UTF-8"};
    return std::nullopt;
  }

  static json_fault fault_at(std::size_t offset, std::string problem) { return {offset, std::move(problem)}; }

  void skip_white() {
    while (at_ < text_.size() && is_white(text_[at_])) ++at_;
  }

  static bool starts_value(char c) {
    return c == '"' || c == '{' || c == '[' || c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' ||
           c == 'n' || c == '\'';
  }

  std::size_t word_end(std::size_t from) const {
    std::size_t end = from;
    while (end < text_.size() && is_word_character(text_[end])) ++end;
    return end;
  }

  void close() {
    stack_.pop_back();
    ++at_;
  }

  /// After a value: a comma or the container's close (at the top level, only white space may follow).
  static expect after_value() { return expect::comma_or_close; }

  std::optional<json_fault> trailing_text() {
    skip_white();
    if (at_ < text_.size()) return fault_at(at_, "text after the end of the JSON value");
    return std::nullopt;
  }

  std::optional<json_fault> scalar() {
    const char c = text_[at_];
    if (c == '"') return string();
    if (c == '\'') return fault_at(at_, "a string in single quotes; JSON strings use double quotes");
    const std::size_t end = word_end(at_);
    if (end == at_)
      return fault_at(at_, fmt::format("{} where a value was expected", describe_character(text_, at_)));
    const std::string_view word = text_.substr(at_, end - at_);
    if (word == "true" || word == "false" || word == "null") {
      at_ = end;
      return std::nullopt;
    }
    if (word == "NaN" || word == "nan" || word == "-NaN" || word == "Infinity" || word == "-Infinity" ||
        word == "inf" || word == "-inf")
      return fault_at(at_, fmt::format("{} is not a JSON number (JSON has no NaN or infinities)", text::quoted(word)));
    if (c == '-' || (c >= '0' && c <= '9') || c == '+' || c == '.') {
      if (!text::is_json_number(word)) return fault_at(at_, fmt::format("not a JSON number: {}", text::quoted(word)));
      // An exponent beyond a double's range is an infinity here (one too small reads as 0, as every
      // parser here reads it).
      if (std::isinf(std::strtod(std::string{word}.c_str(), nullptr)))
        return fault_at(at_, fmt::format("a number beyond the range of a double: {}", text::quoted(word)));
      at_ = end;
      return std::nullopt;
    }
    if (c == 't' || c == 'f' || c == 'n')
      return fault_at(at_, fmt::format("a misspelt true, false or null: {}", text::quoted(word)));
    return fault_at(at_, fmt::format("an unquoted word {} where a value was expected (strings are written in "
                                     "double quotes)", text::quoted(word)));
  }

  std::optional<json_fault> string() {
    const std::size_t open = at_;
    ++at_;
    while (at_ < text_.size()) {
      const auto c = static_cast<unsigned char>(text_[at_]);
      if (c == '"') {
        ++at_;
        return std::nullopt;
      }
      if (c < 0x20)
        return fault_at(at_, fmt::format("a control character (0x{:02X}) inside a string; write it as \\u{:04X}", c, c));
      if (c == '\\') {
        if (at_ + 1 >= text_.size()) break;
        const char e = text_[at_ + 1];
        if (e == 'u') {
          for (std::size_t k = 2; k < 6; ++k) {
            const char h = at_ + k < text_.size() ? text_[at_ + k] : '\0';
            const bool hex = (h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F');
            if (!hex) return fault_at(at_, "an escape \\u without four hexadecimal digits in a string");
          }
          at_ += 6;
          continue;
        }
        if (std::string_view{"\"\\/bfnrt"}.find(e) == std::string_view::npos)
          return fault_at(at_, fmt::format("an invalid escape {} in a string", text::quoted(text_.substr(at_, 2))));
        at_ += 2;
        continue;
      }
      if (c < 0x80) {
        ++at_;
        continue;
      }
      const text::utf8_sequence seq = text::decode_utf8(text_, at_);
      if (!seq.valid()) return fault_at(at_, "text that is not valid UTF-8");
      at_ += seq.length;
    }
    return fault_at(open, "a string that is not closed");
  }

  std::string_view text_;
  std::size_t max_depth_;
  std::size_t at_ = 0;
  std::vector<char> stack_;                 // '{' or '[' per open container
  std::optional<std::size_t> last_comma_;   // the comma just read, for "a trailing comma"
};

}  // namespace

std::optional<json_fault> diagnose_json(std::string_view text, std::size_t max_depth) {
  return diagnosis(text, max_depth).run();
}

std::size_t end_of_json_value(std::string_view text, std::size_t offset) {
  std::size_t depth = 0;
  bool in_string = false, escaped = false;
  for (std::size_t i = offset; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '{' || c == '[') ++depth;
    else if ((c == '}' || c == ']') && --depth == 0) return i + 1;
  }
  return text.size();
}

text_locator::line_column text_locator::at(std::size_t offset) const {
  if (offset > text_.size()) offset = text_.size();
  std::size_t line = 0, line_start = 0;
  for (std::size_t i = 0; i < offset; ++i)
    if (text_[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  const std::size_t column = offset - line_start + 1;
  return {first_line_ + line, line == 0 ? first_column_ + column - 1 : column};
}

}  // namespace perfmail::io::detail
