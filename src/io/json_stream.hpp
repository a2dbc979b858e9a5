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
    put(indent_ >= 0 ? std::string_view{": "} : std::string_view{":"});
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
    constexpr std::size_t longest = 64;  // nlohmann's own buffer for a number
    char* at = room(longest);
    written_ += static_cast<std::size_t>(nlohmann::detail::to_chars(at, at + longest, x) - at);
  }
  template <class Integer>
    requires std::is_integral_v<Integer> && (!std::is_same_v<Integer, bool>)
  void value(Integer n) {
    separate();
    constexpr std::size_t longest = 24;
    char* at = room(longest);
    written_ += static_cast<std::size_t>(std::to_chars(at, at + longest, n).ptr - at);
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
  void reserve(std::size_t bytes) {
    if (bytes > out_.size()) out_.resize(bytes);
  }

  /// The text written so far; complete once every container is closed.
  [[nodiscard]] std::string take() {
    out_.resize(written_);
    written_ = 0;
    return std::move(out_);
  }

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
    if (!levels_.back().empty) put(',');
    levels_.back().empty = false;
    if (indent_ >= 0) new_line(levels_.size());
  }
  void scalar(std::string_view text) {
    separate();
    put(text);
  }
  void open(char bracket) {
    separate();
    put(bracket);
    levels_.push_back({});
  }
  void close(char bracket) {
    const bool was_empty = levels_.back().empty;
    levels_.pop_back();
    if (!was_empty && indent_ >= 0) new_line(levels_.size());
    put(bracket);
  }
  /// A line break and the indentation of `depth` levels.
  void new_line(std::size_t depth) {
    const std::size_t spaces = static_cast<std::size_t>(indent_) * depth;
    char* at = room(1 + spaces);
    *at = '\n';
    std::fill_n(at + 1, spaces, ' ');
    written_ += 1 + spaces;
  }

  /// The text is written into `out_` through a pointer, `written_` bytes of it so far: a document of
  /// megabytes is a million small pieces, and std::string's append checks and terminates each one.
  /// Room for `bytes` more: the buffer grows by doubling (the bytes past `written_` are not text).
  char* room(std::size_t bytes) {
    if (out_.size() - written_ < bytes) [[unlikely]]
      grow(bytes);
    return out_.data() + written_;
  }
  /// Out of line, so that room() stays a comparison where it is written.
  [[gnu::noinline]] void grow(std::size_t bytes) { out_.resize(std::max(2 * out_.size(), written_ + bytes + 4096)); }
  void put(char c) {
    *room(1) = c;
    ++written_;
  }
  void put(std::string_view text) {
    std::copy(text.begin(), text.end(), room(text.size()));
    written_ += text.size();
  }

  /// A string in quotes with nlohmann's escapes: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, and `\u00xx`
  /// (lower-case hex) for the other controls, DEL and every code point beyond ASCII (surrogate pairs
  /// above U+FFFF). Text that is not UTF-8 is left to nlohmann itself, whose replacement of the bytes it
  /// cannot read is its own.
  void escaped(std::string_view s) {
    // Most names need no escape: printable ASCII goes out whole.
    if (std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7F && c != '"' && c != '\\'; })) {
      char* at = room(s.size() + 2);
      *at = '"';
      std::copy(s.begin(), s.end(), at + 1);
      at[s.size() + 1] = '"';
      written_ += s.size() + 2;
      return;
    }
    if (text::first_invalid_utf8(s) != std::string_view::npos) {
      put(dumped(ordered_json(std::string{s}), -1));
      return;
    }
    put('"');
    for (std::size_t i = 0; i < s.size();) {
      const text::utf8_sequence seq = text::decode_utf8(s, i);
      i += seq.length;
      const std::uint32_t c = seq.code;
      switch (c) {
        case '\b': put("\\b"); continue;
        case '\t': put("\\t"); continue;
        case '\n': put("\\n"); continue;
        case '\f': put("\\f"); continue;
        case '\r': put("\\r"); continue;
        case '"': put("\\\""); continue;
        case '\\': put("\\\\"); continue;
        default: break;
      }
      if (c > 0x1F && c < 0x7F) {
        put(static_cast<char>(c));
      } else if (c <= 0xFFFF) {
        hex_escape(c);
      } else {
        const std::uint32_t v = c - 0x10000;
        hex_escape(0xD800 + (v >> 10));
        hex_escape(0xDC00 + (v & 0x3FF));
      }
    }
    put('"');
  }
  void hex_escape(std::uint32_t unit) {
    static constexpr char digits[] = "0123456789abcdef";
    put("\\u");
    for (int shift = 12; shift >= 0; shift -= 4) put(digits[(unit >> shift) & 0xF]);
  }

  int indent_;
  std::string out_;
  std::size_t written_ = 0;
  std::vector<level> levels_;
  bool after_key_ = false;
};

}  // namespace perfmail::io::detail
