#pragma once
// Reading UTF-8 one sequence at a time, for the places that must treat text they did not write: error
// messages that quote input, plot titles fitted to terminal columns, and the loader explaining where a
// file stops being UTF-8; and the columns text takes, for everything perfmail aligns.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace perfmail::text {

/// One sequence: its code point and its length in bytes; a length of 0 means the bytes at that place
/// are not well-formed UTF-8 (a bad lead or continuation byte, a cut sequence, an overlong form, a
/// surrogate or a code point beyond U+10FFFF).
struct utf8_sequence {
  std::uint32_t code = 0;
  std::size_t length = 0;
  [[nodiscard]] constexpr bool valid() const noexcept { return length != 0; }
};

/// The sequence that starts at byte `at` of `text` (`at` < text.size()).
[[nodiscard]] constexpr utf8_sequence decode_utf8(std::string_view text, std::size_t at) noexcept {
  const auto lead = static_cast<unsigned char>(text[at]);
  if (lead < 0x80) return {lead, 1};
  const std::size_t length = (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : (lead & 0xF8) == 0xF0 ? 4 : 0;
  if (length == 0 || at + length > text.size()) return {};
  std::uint32_t code = lead & (0xFFu >> (length + 1));
  for (std::size_t k = 1; k < length; ++k) {
    const auto next = static_cast<unsigned char>(text[at + k]);
    if ((next & 0xC0) != 0x80) return {};
    code = (code << 6) | (next & 0x3Fu);
  }
  constexpr std::uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < smallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return {};
  return {code, length};
}

/// The offset of the first byte that is not part of well-formed UTF-8, or npos.
[[nodiscard]] constexpr std::size_t first_invalid_utf8(std::string_view text) noexcept {
  for (std::size_t i = 0; i < text.size();) {
    const utf8_sequence s = decode_utf8(text, i);
    if (!s.valid()) return i;
    i += s.length;
  }
  return std::string_view::npos;
}

[[nodiscard]] constexpr bool is_valid_utf8(std::string_view text) noexcept {
  return first_invalid_utf8(text) == std::string_view::npos;
}

/// The terminal columns `text` takes: one per code point, a continuation byte starting none. What
/// perfmail aligns (tables, the email's box, help) holds no wide characters: `±` and `µ` take one.
[[nodiscard]] constexpr std::size_t columns_of(std::string_view text) noexcept {
  std::size_t n = 0;
  for (const char c : text)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

static_assert(decode_utf8("\xC3\xA9", 0).code == 0xE9);
static_assert(!decode_utf8("\xC0\x80", 0).valid());          // overlong
static_assert(!decode_utf8("\xED\xA0\x80", 0).valid());      // a surrogate
static_assert(!decode_utf8("\xE2\x82", 0).valid());          // cut short
static_assert(first_invalid_utf8("ab\xFF") == 2);
static_assert(is_valid_utf8("\xE2\x82\xAC \xF0\x9F\x98\x80"));
static_assert(columns_of("") == 0 && columns_of("abc") == 3 && columns_of(" \u00b1  3%") == 6);

}  // namespace perfmail::text
