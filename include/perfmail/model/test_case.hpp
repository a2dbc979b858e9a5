#pragma once
// What was run, and where: a test case with its parameters in the job's order, and the machine.

#include <compare>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail {

struct parameter {
  std::string key;
  std::string value;
  auto operator<=>(const parameter&) const = default;
};

struct test_case {
  std::string name;                   ///< e.g. "fio-basic"
  std::vector<parameter> parameters;  ///< in the job file's order, which the email keeps
  std::string description;            ///< one line, printed as "test-description:"
  std::string url;                    ///< printed as "test-url:"

  /// The value of parameter `key`, if the job sets it.
  [[nodiscard]] std::optional<std::string_view> parameter_value(std::string_view key) const {
    for (const auto& p : parameters)
      if (p.key == key) return p.value;
    return std::nullopt;
  }

  auto operator<=>(const test_case&) const = default;
};

struct test_machine {
  std::string name;         ///< the test box group, e.g. "lkp-bdw-de1"
  std::string description;  ///< e.g. "16 threads Intel(R) Xeon(R) CPU D-1541 @ 2.10GHz with 8G memory"
  auto operator<=>(const test_machine&) const = default;
};

}  // namespace perfmail
