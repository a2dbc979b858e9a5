#pragma once
// A JSON document written as it goes: perfmail's one JSON writer. The layout is nlohmann's dump(indent,
// ' ', ensure_ascii = true, replace): members in the order written, the same indentation and escapes; a
// double is spelled by json_number.hpp. The comparison's JSON is written this way, without building a
// tree of values first (docs/PERFORMANCE.md: four times the text table's time through the tree), either
// kept whole or handed to a text_sink a buffer at a time; the documents built as trees are written
// through it too (dumped, json_writing.hpp).

#include "json_number.hpp"
#include "json_writing.hpp"

#include "perfmail/io/text_sink.hpp"
#include "perfmail/text/utf8.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace perfmail::io::detail {

/// The name of a member, quoted with its colon and space: only a literal whose every character needs no
/// escape (printable ASCII other than `"` and a backslash) and that fits makes one, and any other is a
/// compile error. The text has a fixed size, so that writing it is a few moves rather than a call.
class json_key {
 public:
  static constexpr std::size_t capacity = 48;

  template <std::size_t N>
  consteval json_key(const char (&name)[N]) : length_(N - 1 + 4) {  // NOLINT: implicit from a literal
    if (length_ > capacity) too_long();
    text_[0] = '"';
    for (std::size_t i = 0; i + 1 < N; ++i) {
      const char c = name[i];
      if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\') needs_escape();
      text_[i + 1] = c;
    }
    text_[N] = '"';
    text_[N + 1] = ':';
    text_[N + 2] = ' ';
  }
  /// `"name": `, all `capacity` bytes of it (what follows is spaces).
  [[nodiscard]] constexpr const char* text() const { return text_.data(); }
  /// The length of `"name": `; one less for one line, without the space.
  [[nodiscard]] constexpr std::size_t length() const { return length_; }

 private:
  // Not constexpr: calling one makes the constant evaluation, and so the compilation, fail.
  static void needs_escape() {}
  static void too_long() {}
  std::array<char, capacity> text_ = filled();
  std::size_t length_;

  static constexpr std::array<char, capacity> filled() {
    std::array<char, capacity> spaces{};
    spaces.fill(' ');
    return spaces;
  }
};

/// The calls of a json_stream, writing nothing: a writer run through it first evaluates every value it
/// would write, so that one it refuses (finite_double, or the table's printed change) is refused before any
/// text has left.
class json_dry_run {
 public:
  void begin_object() {}
  void end_object() {}
  void begin_array() {}
  void end_array() {}
  void key(const json_key&) {}
  template <class T>
  void value(const T&) {}
  template <class T>
  void member(const json_key&, const T&) {}
};

class json_stream {
 public:
  /// A document kept whole, for take(); `indent` as nlohmann's dump: spaces per level, or -1 for one line.
  explicit json_stream(int indent) : indent_(indent) {}
  /// A document handed to `sink` as it is written, a buffer of 64 KiB at a time (more for one longer
  /// piece); finish() hands the rest.
  json_stream(int indent, text_sink sink) : indent_(indent), sink_(sink) { out_.resize(sink_buffer_bytes); }

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  /// The key of the next member of the object being written; the value or container that follows is
  /// its value.
  void key(const json_key& k) {
    member_key(k);
    after_key_ = true;
  }
  /// The same for a key known only at run time (a metric's name, a tree's member), escaped as text is.
  void text_key(std::string_view name) {
    separate();
    escaped(name);
    put(indent_ >= 0 ? std::string_view{": "} : std::string_view{":"});
    after_key_ = true;
  }

  /// A value, written as nlohmann writes a value of its type: a bool as a boolean, a whole number as an
  /// integer, a double as the shortest text that reads back as the same double (`.0` after an integral
  /// one; a value that is not finite is the caller's to refuse, finite_double), text as a string, an empty
  /// optional or nullptr as null.
  template <class T>
  void value(const T& v) {
    separate();
    put_value(v);
  }

  /// A member of the object being written: its key, then its value. The separator, the indentation and
  /// the key are written in one go, as most of a document is members.
  template <class T>
  void member(const json_key& name, const T& v) {
    member_key(name);
    put_value(v);
  }

  /// Room for `bytes` of text, so that a long document is not copied as it grows.
  void reserve(std::size_t bytes) {
    if (bytes > out_.size()) out_.resize(bytes);
  }

  /// The text written so far, of a document kept whole; complete once every container is closed.
  [[nodiscard]] std::string take() {
    out_.resize(written_);
    written_ = 0;
    return std::move(out_);
  }

  /// Hands what is left of a streamed document to its sink, once every container is closed.
  void finish() { drain(); }

 private:
  struct level {
    bool empty = true;
  };

  void put_value(std::nullptr_t) { put("null"); }
  void put_value(bool b) { put(b ? std::string_view{"true"} : std::string_view{"false"}); }
  void put_value(std::string_view s) { escaped(s); }
  void put_value(const std::string& s) { escaped(s); }
  void put_value(const char* s) { escaped(s); }
  void put_value(double x) {
    char* at = room(json_double_room);
    written_ += static_cast<std::size_t>(json_double(at, x) - at);
  }
  template <class Integer>
    requires std::is_integral_v<Integer> && (!std::is_same_v<Integer, bool>)
  void put_value(Integer n) {
    constexpr std::size_t longest = 24;
    char* at = room(longest);
    written_ += static_cast<std::size_t>(std::to_chars(at, at + longest, n).ptr - at);
  }
  template <class T>
  void put_value(const std::optional<T>& v) {
    if (v)
      put_value(*v);
    else
      put("null");
  }

  /// What comes before a member's value: the separator, then the key, written in one go.
  void member_key(const json_key& k) {
    char* at = separator(room(separator_room() + json_key::capacity));
    // memcpy of a constant size is moves where it is written; std::copy_n, which must allow overlap,
    // is a call to memmove.
    std::memcpy(at, k.text(), json_key::capacity);
    written_ = static_cast<std::size_t>(at - out_.data()) + k.length() - (indent_ >= 0 ? 0 : 1);
  }

  /// Before a value or a container: the separator, unless it follows a key (its value follows on the
  /// same line) or is the document itself.
  void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (levels_.empty()) return;
    written_ = static_cast<std::size_t>(separator(room(separator_room())) - out_.data());
  }
  /// Writes at `at`, with separator_room() bytes, the comma after the container's previous member and
  /// the new line and indentation of the next; returns the end.
  char* separator(char* at) {
    level& current = levels_.back();
    if (!current.empty) *at++ = ',';
    current.empty = false;
    return indent_ >= 0 ? line_break(at, levels_.size()) : at;
  }
  /// The room separator() writes in: a comma and line_break()'s.
  [[nodiscard]] std::size_t separator_room() const { return 1 + line_room(levels_.size()); }

  void open(char bracket) {
    separate();
    put(bracket);
    levels_.push_back({});
  }
  void close(char bracket) {
    const bool was_empty = levels_.back().empty;
    levels_.pop_back();
    if (!was_empty && indent_ >= 0)
      written_ = static_cast<std::size_t>(line_break(room(line_room(levels_.size())), levels_.size()) - out_.data());
    put(bracket);
  }

  /// A line break and the indentation of the depths documents have, copied whole (a copy of a constant
  /// size is moves where it is written) and counted as far as needed.
  static constexpr std::string_view indent_line = "\n                                                               ";
  static_assert(indent_line.size() == 64);

  /// The bytes of a line break and the indentation of `depth` levels (none on one line).
  [[nodiscard]] std::size_t line_bytes(std::size_t depth) const {
    return indent_ >= 0 ? 1 + static_cast<std::size_t>(indent_) * depth : 0;
  }
  /// The room line_break() writes in: the constant line whole, or a deeper line.
  [[nodiscard]] std::size_t line_room(std::size_t depth) const { return std::max(line_bytes(depth), indent_line.size()); }
  /// Writes at `at`, with line_room(depth) bytes, a line break and the indentation of `depth` levels;
  /// returns the end.
  char* line_break(char* at, std::size_t depth) const {
    const std::size_t bytes = line_bytes(depth);
    if (bytes <= indent_line.size()) {
      std::memcpy(at, indent_line.data(), indent_line.size());
    } else {
      *at = '\n';
      std::fill_n(at + 1, bytes - 1, ' ');
    }
    return at + bytes;
  }

  /// The text is written into `out_` through a pointer, `written_` bytes of it so far: a document of
  /// megabytes is a million small pieces, and std::string's append checks and terminates each one.
  /// Room for `bytes` more: the buffer grows by doubling (the bytes past `written_` are not text).
  char* room(std::size_t bytes) {
    if (out_.size() - written_ < bytes) [[unlikely]]
      grow(bytes);
    return out_.data() + written_;
  }
  /// Out of line, so that room() stays a comparison where it is written. A streamed document hands its
  /// buffer to the sink and starts it again; one kept whole doubles it.
  [[gnu::noinline]] void grow(std::size_t bytes) {
    if (sink_) {
      drain();
      if (bytes > out_.size()) out_.resize(bytes);
      return;
    }
    out_.resize(std::max(2 * out_.size(), written_ + bytes + 4096));
  }
  void drain() {
    if (written_ == 0) return;
    (*sink_)(std::string_view{out_.data(), written_});
    written_ = 0;
  }
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
      if (!s.empty()) std::memcpy(at + 1, s.data(), s.size());  // an empty view's data may be null
      at[s.size() + 1] = '"';
      written_ += s.size() + 2;
      return;
    }
    if (text::first_invalid_utf8(s) != std::string_view::npos) {
      put(ordered_json(std::string{s}).dump(-1, ' ', true, ordered_json::error_handler_t::replace));
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

  /// Large enough that a write to a file or a pipe is worth its call, small enough to stay in the cache.
  static constexpr std::size_t sink_buffer_bytes = std::size_t{64} << 10;

  int indent_;
  std::optional<text_sink> sink_;
  std::string out_;
  std::size_t written_ = 0;
  std::vector<level> levels_;
  bool after_key_ = false;
};

}  // namespace perfmail::io::detail
