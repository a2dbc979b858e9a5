#pragma once
// A JSON document written as it goes, byte for byte as nlohmann's dump(indent, ' ', ensure_ascii = true,
// replace) writes the same document (json_writing.hpp): members in the order written, the same
// indentation, escapes and numbers. The comparison's JSON is written this way, without building a tree of
// values first (docs/PERFORMANCE.md: four times the text table's time through the tree).

#include "json_writing.hpp"

#include "perfmail/text/utf8.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace perfmail::io::detail {

class json_stream {
 public:
  /// `indent` as nlohmann's dump: spaces per level, or -1 for one line.
  explicit json_stream(int indent) : indent_(indent) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  /// The key of the next member of the object being written.
  void key(std::string_view name) {
    separate();
    escaped(name);
    out_ += indent_ >= 0 ? ": " : ":";
    after_key_ = true;
  }

  /// A value, written as nlohmann writes a value of its type: a bool as a boolean, a whole number as an
  /// integer, a double as the shortest text that reads back as the same double (`.0` after an integral
  /// one; a value that is not finite is the caller's to refuse, finite_double), text as a string, an empty
  /// optional or nullptr as null.
  void value(std::nullptr_t) { scalar("null"); }
  void value(bool b) { scalar(b ? "true" : "false"); }
  void value(std::string_view s) {
    separate();
    escaped(s);
  }
  void value(const std::string& s) { value(std::string_view{s}); }
  void value(const char* s) { value(std::string_view{s}); }
  void value(double x) {
    separate();
    std::array<char, 64> buffer{};
    const char* end = nlohmann::detail::to_chars(buffer.data(), buffer.data() + buffer.size(), x);
    out_.append(buffer.data(), static_cast<std::size_t>(end - buffer.data()));
  }
  template <class Integer>
    requires std::is_integral_v<Integer> && (!std::is_same_v<Integer, bool>)
  void value(Integer n) {
    separate();
    std::array<char, 24> buffer{};
    const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), n);
    out_.append(buffer.data(), static_cast<std::size_t>(end - buffer.data()));
  }
  template <class T>
  void value(const std::optional<T>& v) {
    if (v)
      value(*v);
    else
      value(nullptr);
  }

  /// A member of the object being written: its key, then its value.
  template <class T>
  void member(std::string_view name, const T& v) {
    key(name);
    value(v);
  }

  /// Room for `bytes` of text, so that a long document is not copied as it grows.
  void reserve(std::size_t bytes) { out_.reserve(bytes); }

  /// The text written so far; complete once every container is closed.
  [[nodiscard]] std::string take() { return std::move(out_); }

 private:
  struct level {
    bool empty = true;
  };

  /// Before a value or a key: the comma after the previous one, and the new line and indentation of a
  /// container's member (nothing after a key: its value follows on the same line).
  void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (levels_.empty()) return;
    if (!levels_.back().empty) out_ += ',';
    levels_.back().empty = false;
    if (indent_ >= 0) {
      out_ += '\n';
      out_.append(static_cast<std::size_t>(indent_) * levels_.size(), ' ');
    }
  }
  void scalar(std::string_view text) {
    separate();
    out_ += text;
  }
  void open(char bracket) {
    separate();
    out_ += bracket;
    levels_.push_back({});
  }
  void close(char bracket) {
    const bool was_empty = levels_.back().empty;
    levels_.pop_back();
    if (!was_empty && indent_ >= 0) {
      out_ += '\n';
      out_.append(static_cast<std::size_t>(indent_) * levels_.size(), ' ');
    }
    out_ += bracket;
  }

  /// A string in quotes with nlohmann's escapes: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, and `\u00xx`
  /// (lower-case hex) for the other controls, DEL and every code point beyond ASCII (surrogate pairs
  /// above U+FFFF). Text that is not UTF-8 is left to nlohmann itself, whose replacement of the bytes it
  /// cannot read is its own.
  void escaped(std::string_view s) {
    // Most names need no escape: printable ASCII goes out whole.
    if (std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7F && c != '"' && c != '\\'; })) {
      out_ += '"';
      out_ += s;
      out_ += '"';
      return;
    }
    if (text::first_invalid_utf8(s) != std::string_view::npos) {
      out_ += dumped(ordered_json(std::string{s}), -1);
      return;
    }
    out_ += '"';
    for (std::size_t i = 0; i < s.size();) {
      const text::utf8_sequence seq = text::decode_utf8(s, i);
      i += seq.length;
      const std::uint32_t c = seq.code;
      switch (c) {
        case '\b': out_ += "\\b"; continue;
        case '\t': out_ += "\\t"; continue;
        case '\n': out_ += "\\n"; continue;
        case '\f': out_ += "\\f"; continue;
        case '\r': out_ += "\\r"; continue;
        case '"': out_ += "\\\""; continue;
        case '\\': out_ += "\\\\"; continue;
        default: break;
      }
      if (c > 0x1F && c < 0x7F) {
        out_ += static_cast<char>(c);
      } else if (c <= 0xFFFF) {
        hex_escape(c);
      } else {
        const std::uint32_t v = c - 0x10000;
        hex_escape(0xD800 + (v >> 10));
        hex_escape(0xDC00 + (v & 0x3FF));
      }
    }
    out_ += '"';
  }
  void hex_escape(std::uint32_t unit) {
    static constexpr char digits[] = "0123456789abcdef";
    out_ += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out_ += digits[(unit >> shift) & 0xF];
  }

  int indent_;
  std::string out_;
  std::vector<level> levels_;
  bool after_key_ = false;
};

}  // namespace perfmail::io::detail
