#pragma once
// Text from the input on its way to a terminal, a table, a mail or a message. Input may hold bytes that a
// terminal acts on rather than shows: C0 controls (ESC starts an escape sequence), DEL, the C1 controls
// U+0080 to U+009F (CSI and OSC on terminals that read them, NEL as a line break), the bidirectional
// overrides that make text display in another order than it reads, and the Unicode line and paragraph
// separators. Every place that prints text it did not write goes through `printable`, so that no such
// character reaches the output raw; inputs that must hold none (metric names) are refused with
// `first_unsafe`.

#include "perfmail/text/utf8.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace perfmail::text {

/// Invisible characters that make two texts look alike: the soft hyphen, the zero-width space, the word
/// joiner and invisible operators, the byte-order mark. (The zero-width joiners are not among them:
/// scripts and emoji need them.)
[[nodiscard]] constexpr bool is_invisible_code_point(std::uint32_t c) noexcept {
  return c == 0x00AD || c == 0x200B || (c >= 0x2060 && c <= 0x2064) || c == 0xFEFF;
}

/// Whether code point `c` changes what a terminal or a text viewer does instead of being shown, or hides
/// itself (is_invisible_code_point).
[[nodiscard]] constexpr bool is_unsafe_code_point(std::uint32_t c) noexcept {
  if (c < 0x80) return c < 0x20 || c == 0x7F;         // C0 controls and DEL; the rest of ASCII is safe
  if (c >= 0x80 && c <= 0x9F) return true;            // C1 controls
  if (c == 0x061C || c == 0x200E || c == 0x200F) return true;  // bidirectional marks
  if (c >= 0x202A && c <= 0x202E) return true;        // embeddings and overrides
  if (c >= 0x2066 && c <= 0x2069) return true;        // isolates
  if (is_invisible_code_point(c)) return true;
  return c == 0x2028 || c == 0x2029;                  // line and paragraph separators
}

/// What `printable` keeps of the C0 controls that text may legitimately hold.
enum class line_breaks : bool {
  escaped,  ///< every control is escaped: the result is one line
  kept,     ///< newlines are kept (multi-line text such as a disclaimer); every other control is escaped
};

/// `text` with every unsafe character written as an escape: a control byte or a byte that is not part of
/// well-formed UTF-8 as `\xHH`, an unsafe code point beyond ASCII as `\uHHHH`. Safe text is returned
/// unchanged, byte for byte.
[[nodiscard]] inline std::string printable(std::string_view text, line_breaks breaks = line_breaks::escaped) {
  constexpr std::string_view hex = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  const auto escape_byte = [&](unsigned char b) {
    out += "\\x";
    out += hex[b >> 4];
    out += hex[b & 0xF];
  };
  for (std::size_t i = 0; i < text.size();) {
    const utf8_sequence seq = decode_utf8(text, i);
    if (!seq.valid()) {
      escape_byte(static_cast<unsigned char>(text[i]));
      ++i;
      continue;
    }
    const bool keep_break = seq.code == '\n' && breaks == line_breaks::kept;
    if (is_unsafe_code_point(seq.code) && !keep_break) {
      if (seq.length == 1) {
        escape_byte(static_cast<unsigned char>(seq.code));
      } else {
        out += "\\u";
        for (int shift = 12; shift >= 0; shift -= 4) out += hex[(seq.code >> shift) & 0xF];
      }
    } else {
      out.append(text.substr(i, seq.length));
    }
    i += seq.length;
  }
  return out;
}

/// The offset of the first byte of `text` that `printable` would escape (with every control escaped), or
/// npos: for inputs that are refused rather than escaped.
[[nodiscard]] constexpr std::size_t first_unsafe(std::string_view text) noexcept {
  for (std::size_t i = 0; i < text.size();) {
    const utf8_sequence seq = decode_utf8(text, i);
    if (!seq.valid() || is_unsafe_code_point(seq.code)) return i;
    i += seq.length;
  }
  return std::string_view::npos;
}

/// At most `max_characters` characters of `text` (whole UTF-8 sequences), with `...` when cut: how a
/// message quotes input that may be arbitrarily long.
[[nodiscard]] constexpr std::string_view excerpt_of(std::string_view text, std::size_t max_characters) noexcept {
  std::size_t i = 0;
  for (std::size_t characters = 0; i < text.size() && characters < max_characters; ++characters) {
    const utf8_sequence seq = decode_utf8(text, i);
    i += seq.valid() ? seq.length : 1;
  }
  return text.substr(0, i);
}

/// The longest prefix of `text` that is at most `max_bytes` long and does not split a UTF-8 sequence.
[[nodiscard]] constexpr std::string_view prefix_within_bytes(std::string_view text, std::size_t max_bytes) noexcept {
  std::size_t i = 0;
  while (i < text.size()) {
    const utf8_sequence seq = decode_utf8(text, i);
    const std::size_t step = seq.valid() ? seq.length : 1;
    if (i + step > max_bytes) break;
    i += step;
  }
  return text.substr(0, i);
}

/// How many characters of input a message quotes at most.
inline constexpr std::size_t quoted_characters = 40;

/// `text` in double quotes for a message, printable and cut to `quoted_characters` with an ellipsis:
/// `"12abc"`, `"aaaa...aaaa..."`.
[[nodiscard]] inline std::string quoted(std::string_view text) {
  const std::string_view shown = excerpt_of(text, quoted_characters);
  // Appended piece by piece: `"\"" + std::string` trips gcc 12's -Wrestrict at -O2.
  std::string out;
  out += '"';
  out += printable(shown);
  if (shown.size() < text.size()) out += "...";
  out += '"';
  return out;
}

static_assert(is_unsafe_code_point(0x1B) && is_unsafe_code_point(0x9B) && is_unsafe_code_point(0x202E));
static_assert(!is_unsafe_code_point(0xB1) && !is_unsafe_code_point('a') && !is_unsafe_code_point(0x20AC));
static_assert(first_unsafe("fio.write_bw_MBps") == std::string_view::npos);
static_assert(first_unsafe("a\xC2\x9B" "b") == 1);  // U+009B, CSI
static_assert(first_unsafe("a\xE2\x80\xAE") == 1);   // U+202E, right-to-left override
static_assert(excerpt_of("abcdef", 3) == "abc");
static_assert(excerpt_of("\xC3\xA9\xC3\xA9", 1) == "\xC3\xA9");
static_assert(prefix_within_bytes("\xC3\xA9\xC3\xA9", 3) == "\xC3\xA9");
static_assert(prefix_within_bytes("abc", 5) == "abc");

}  // namespace perfmail::text
