#pragma once
// The exceptions perfmail throws. Callers act on the category: a usage_error is the caller's mistake,
// an input_error names the file and place at fault, and a plain error is anything else.

#include <fmt/format.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace perfmail {

/// Base of every exception perfmail throws.
class error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
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
