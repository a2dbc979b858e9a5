#pragma once
// The exceptions perfmail throws. Callers act on the category: a usage_error is the caller's mistake,
// an input_error names the file and place at fault, and a plain error is anything else. Every message is
// one line of printable UTF-8, whatever input text it quotes (see printable_message).

#include "perfmail/text/utf8.hpp"

#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace perfmail {

/// `text` with every control character (newlines, tabs, escapes, DEL) and every byte that is not part
/// of well-formed UTF-8 written as `\xHH`, so that a message quoting bad input stays one printable line.
[[nodiscard]] inline std::string printable_message(std::string_view message) {
  std::string out;
  out.reserve(message.size());
  for (std::size_t i = 0; i < message.size();) {
    const text::utf8_sequence seq = text::decode_utf8(message, i);
    if (!seq.valid() || (seq.length == 1 && (seq.code < 0x20 || seq.code == 0x7F))) {
      out += fmt::format("\\x{:02X}", static_cast<unsigned char>(message[i]));
      ++i;
      continue;
    }
    out.append(message.substr(i, seq.length));
    i += seq.length;
  }
  return out;
}

/// Base of every exception perfmail throws. The message is kept as printable_message makes it.
class error : public std::runtime_error {
 public:
  explicit error(std::string_view what) : std::runtime_error(printable_message(what)) {}
  explicit error(const std::string& what) : error(std::string_view{what}) {}
  explicit error(const char* what) : error(std::string_view{what}) {}
};

/// A place inside an input: a line and column (1-based; 0 when unknown) or a named item such as a metric.
struct input_place {
  std::size_t line = 0;
  std::size_t column = 0;
  std::string item;  ///< e.g. `metric "fio.write_bw_MBps"`, or a JSON field path

  static input_place at(std::size_t line, std::size_t column = 0) { return {line, column, {}}; }
  static input_place named(std::string item) { return {0, 0, std::move(item)}; }
  [[nodiscard]] bool empty() const noexcept { return line == 0 && item.empty(); }
};

/// Bad input: names the file, the place and the problem, formatted as `file:line:column: problem`.
class input_error : public error {
 public:
  input_error(std::string file, input_place place, std::string_view problem)
      : error(describe(file, place, problem)),
        file_(std::move(file)),
        place_(std::move(place)),
        problem_(problem) {}
  input_error(std::string file, std::string_view problem) : input_error(std::move(file), input_place{}, problem) {}

  [[nodiscard]] const std::string& file() const noexcept { return file_; }
  [[nodiscard]] const input_place& place() const noexcept { return place_; }
  [[nodiscard]] const std::string& problem() const noexcept { return problem_; }

 private:
  static std::string describe(std::string_view file, const input_place& place, std::string_view problem) {
    std::string where{file.empty() ? std::string_view{"<input>"} : file};
    if (place.line != 0) {
      where += fmt::format(":{}", place.line);
      if (place.column != 0) where += fmt::format(":{}", place.column);
    }
    if (!place.item.empty()) where += fmt::format(": {}", place.item);
    return fmt::format("{}: {}", where, problem);
  }

  std::string file_;
  input_place place_;
  std::string problem_;
};

/// A request that cannot be satisfied as asked (an unknown option value, an impossible size).
class usage_error : public error {
 public:
  using error::error;
};

}  // namespace perfmail
