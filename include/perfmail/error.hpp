#pragma once
// The exceptions perfmail throws. Callers act on the category: a usage_error is the caller's mistake,
// an input_error names the file and place at fault, and a plain error is anything else. Every message is
// one line of printable UTF-8, whatever input text it quotes (see printable_message).
//
// The messages are made in src/error.cpp, so that this header, which every part includes, costs no more
// than the standard library it names and the text layer's printable text.

#include "perfmail/text/printable.hpp"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace perfmail {

/// `message` as one printable line (text::printable: controls, C1 controls, bidirectional overrides and
/// bytes outside UTF-8 escaped), and at most `max_message_bytes` long: a message that quotes input cuts
/// what it quotes (text::quoted), and this bound holds even where a caller forgot to.
inline constexpr std::size_t max_message_bytes = 2000;

[[nodiscard]] std::string printable_message(std::string_view message);

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
  static std::string describe(std::string_view file, const input_place& place, std::string_view problem);

  std::string file_;
  input_place place_;
  std::string problem_;
};

/// A number the input implies but a double cannot hold (a change of the mean beyond about 1.8e308, a
/// count whose sum overflows): refused rather than printed as an infinity or NaN. Names the metric.
class value_error : public error {
 public:
  using error::error;
};

/// A request that cannot be satisfied as asked (an unknown option value, an impossible size).
class usage_error : public error {
 public:
  using error::error;
};

}  // namespace perfmail
