#pragma once
// What every fuzz target checks: perfmail either succeeds or throws perfmail::error. Any other
// exception, a crash, or a broken invariant is a finding.

#include "perfmail/error.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/text/utf8.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::fuzz {

[[noreturn]] inline void finding(const char* what) {
  std::fprintf(stderr, "fuzz finding: %s\n", what);
  std::abort();
}

/// Loaded matrices hold only finite samples, and series no longer than the run count.
inline void check_matrix(const matrix& m) {
  const auto runs = m.run_count();
  for (const auto& series : m.metrics()) {
    if (series.size() > runs) finding("a series longer than the run count");
    for (std::size_t i = 0; i < series.size(); ++i)
      if (series.kind(i) == sample_kind::missing && series.raw_values()[i] != 0) finding("a missing sample that is not 0");
    for (double v : series.raw_values())
      if (!std::isfinite(v)) finding("a non-finite sample was accepted");
  }
  // A reader's notes reach the terminal: nothing of the input in them raw.
  for (const auto& note : m.notes())
    if (text::first_unsafe(note) != std::string_view::npos) finding("a note with a character printed raw");
}


/// Draws structured values from the fuzz bytes; once they run out, every draw is zero (or empty), so any
/// input decodes to something.
class byte_reader {
 public:
  byte_reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  [[nodiscard]] bool empty() const noexcept { return at_ >= size_; }

  std::uint8_t byte() noexcept { return at_ < size_ ? data_[at_++] : 0; }

  /// A number in 0..n-1 (n > 0).
  std::size_t below(std::size_t n) noexcept {
    const std::size_t v = n > 256 ? static_cast<std::size_t>(byte()) << 8 | byte() : byte();
    return v % n;
  }

  bool flag() noexcept { return (byte() & 1) != 0; }

  /// One of `choices`.
  template <class T, std::size_t N>
  const T& pick(const T (&choices)[N]) noexcept {
    return choices[below(N)];
  }

  /// A double: mostly small or ordinary values, sometimes the edges of the format (non-finite values
  /// only when `finite_only` is false), sometimes any bit pattern.
  double number(bool finite_only) noexcept {
    static constexpr double edges[] = {0.0,
                                       -0.0,
                                       1.0,
                                       -1.0,
                                       1e8,
                                       99.999,
                                       1e-300,
                                       5e-324,
                                       std::numeric_limits<double>::max(),
                                       -std::numeric_limits<double>::max(),
                                       std::numeric_limits<double>::max() / 2,
                                       1e308,
                                       -1e308,
                                       9.0071992547409927e15,
                                       0.1,
                                       2.5e7};
    switch (byte() % 8) {
      case 0:
      case 1:
      case 2: return static_cast<double>(static_cast<std::int8_t>(byte()));
      case 3: return static_cast<double>(static_cast<std::int16_t>(byte() << 8 | byte())) / 16.0;
      case 4: return pick(edges);
      case 5: {
        if (finite_only) return static_cast<double>(byte()) * 1e6;
        static constexpr double special[] = {std::numeric_limits<double>::quiet_NaN(),
                                             std::numeric_limits<double>::infinity(),
                                             -std::numeric_limits<double>::infinity()};
        return pick(special);
      }
      default: {
        std::uint64_t bits = 0;
        for (int i = 0; i < 8; ++i) bits = bits << 8 | byte();
        double v = 0;
        std::memcpy(&v, &bits, sizeof v);
        return finite_only && !std::isfinite(v) ? 0.0 : v;
      }
    }
  }

  /// Up to `max` bytes, the length taken from the input.
  std::string text(std::size_t max) {
    const std::size_t n = below(max + 1);
    std::string out;
    for (std::size_t i = 0; i < n && !empty(); ++i) out += static_cast<char>(byte());
    return out;
  }

  /// Up to `max` characters of UTF-8 text: ASCII, accented letters, CJK (two columns wide), emoji
  /// (outside the basic plane), or now and then any byte.
  std::string utf8_text(std::size_t max) {
    const std::size_t n = below(max + 1);
    std::string out;
    for (std::size_t i = 0; i < n && !empty(); ++i) {
      std::uint32_t c = 0;
      switch (byte() % 8) {
        case 0: c = 0xC0 + byte() % 0x40; break;
        case 1: c = 0x4E00 + below(0x5000); break;
        case 2: c = 0x1F300 + byte(); break;
        case 3: out += static_cast<char>(byte()); continue;
        default: c = 0x20 + byte() % 0x5F; break;
      }
      if (c < 0x80) {
        out += static_cast<char>(c);
      } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
      } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
      } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
      }
    }
    return out;
  }

  /// Whatever bytes are left.
  std::string_view rest() noexcept {
    const std::size_t from = at_ < size_ ? at_ : size_;
    at_ = size_;
    return {reinterpret_cast<const char*>(data_) + from, size_ - from};
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

/// The lines of `text` (split at '\n'; text without a newline is one line).
inline std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (;;) {
    const auto end = text.find('\n', start);
    out.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

/// Whether `text` holds an ASCII control character other than those listed in `allowed`.
inline bool has_control(std::string_view text, std::string_view allowed = {}) {
  for (unsigned char c : text)
    if ((c < 0x20 || c == 0x7F) && allowed.find(static_cast<char>(c)) == std::string_view::npos) return true;
  return false;
}

/// What every error message must be: one line of printable UTF-8 with no character a terminal acts on
/// (text/printable.hpp), and bounded, however long the input text it quotes.
inline void check_message(const perfmail::error& e) {
  const std::string_view what = e.what();
  if (perfmail::text::first_unsafe(what) != std::string_view::npos) finding("an error message that is not one printable line");
  if (what.size() > perfmail::max_message_bytes + 3) finding("an error message longer than the bound");
}

/// Runs `body`, accepting perfmail::error as the answer to bad input (see check_message). An input_error
/// that names `file` must name a place inside `text`: a line it has, a column within that line.
template <class Body>
void expect_success_or_input_error(Body body, std::string_view file = {}, std::string_view text = {}) {
  try {
    body();
  } catch (const perfmail::input_error& e) {
    check_message(e);
    if (!file.empty() && e.file() == file && e.place().line != 0) {
      const auto lines = split_lines(text);
      if (e.place().line > lines.size()) finding("an error placed beyond the last line");
      else if (e.place().column > lines[e.place().line - 1].size() + 1) finding("an error placed beyond its line");
    }
  } catch (const perfmail::error& e) {
    check_message(e);
  } catch (...) {
    finding("an exception that is not a perfmail::error");
  }
}

}  // namespace perfmail::fuzz
