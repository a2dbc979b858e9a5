#pragma once
// Each subcommand lives in its own file and registers itself on the application. The CLI only wires
// options to the library; what a command computes lives in include/perfmail/.

#include "declared_values.hpp"

#include "perfmail/io/matrix_json.hpp"
#include "perfmail/text/enum_names.hpp"
#include "perfmail/text/printable.hpp"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <array>
#include <cstddef>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace perfmail::cli {

/// What a subcommand runs once its options are parsed; returns the process exit status.
using command_action = std::function<int()>;

/// The check of every command's -o: an empty path is refused (as a shell's `> ''` and GNU tools refuse
/// it) rather than taken for standard output, which a script whose variable came out empty did not ask
/// for. `-` names standard output.
[[nodiscard]] inline CLI::Validator output_path() {
  return CLI::Validator(
      [](const std::string& value) -> std::string {
        return value.empty() ? "an empty path (give a file name, or - for standard output)" : std::string{};
      },
      "");  // no description: --help and the manual show the option as before
}

/// The refusal of a value that is none of `names`: the value quoted (nothing of it reaches a terminal
/// raw), the names, and the nearest of them where the value looks mistyped (`"unicde" is not one of ...;
/// did you mean "unicode"?`). Defined in help.cpp, beside the suggestions for commands and options.
[[nodiscard]] std::string not_one_of(std::string_view value, std::span<const std::string_view> names);

/// The check of an option whose value is one of `names`: refused by not_one_of. Its names are listed as
/// enum_choices lists its table's, so that --help, the man pages and the completions show every
/// option's choices one way.
[[nodiscard]] value_check one_of(std::vector<std::string> names, told_by_description description_tells = {});

/// An option's value read as a number of type Number's kind: the number, or the refusal in perfmail's
/// words (`"x" is not a number`, `"2.5" is not a whole number` for a whole-number option).
template <class Number>
[[nodiscard]] std::variant<double, std::string> option_number(const std::string& value) {
  char* end = nullptr;
  const double x = std::strtod(value.c_str(), &end);
  if (value.empty() || end != value.c_str() + value.size() || !std::isfinite(x))
    return text::quoted(value) + " is not a number";
  if constexpr (std::is_integral_v<Number>)
    if (x != std::floor(x) || value.find_first_of(".eE") != std::string::npos)
      return text::quoted(value) + " is not a whole number";
  return x;
}

/// The check of a number that must lie in [lo, hi]: `--alpha: "2" is not between 0 and 1`, in the words
/// of perfmail's other messages (CLI11's Range would print `Value 2 not in range 0.000000 to 1.000000`).
/// --help and the man pages say the range as `from lo to hi`. A value that is no number (or, for a
/// whole-number option, not a whole number) is refused in the same words.
template <class Number>
[[nodiscard]] value_check within(Number lo, Number hi) {
  return {.validator = CLI::Validator(
              [lo, hi](const std::string& value) -> std::string {
                const auto read = option_number<Number>(value);
                if (const auto* problem = std::get_if<std::string>(&read)) return *problem;
                const double x = std::get<double>(read);
                if (x >= static_cast<double>(lo) && x <= static_cast<double>(hi)) return {};
                return fmt::format("{} is not between {} and {}", text::quoted(value), lo, hi);
              },
              ""),
          .phrase = fmt::format("from {} to {}", lo, hi)};
}

/// The check of a number that must be above 0 (`positive<double>()`) or at least 0 (`non_negative`):
/// `--gap: "-1" is not above 0`, `"x" is not a number`, as within() words them; --help and the man
/// pages say `above 0`, `0 or more`.
template <class Number>
[[nodiscard]] value_check at_least_zero(bool zero_allowed) {
  return {.validator = CLI::Validator(
              [zero_allowed](const std::string& value) -> std::string {
                const auto read = option_number<Number>(value);
                if (const auto* problem = std::get_if<std::string>(&read)) return *problem;
                const double x = std::get<double>(read);
                if (x > 0 || (zero_allowed && x == 0)) return {};
                return text::quoted(value) + (zero_allowed ? " is below 0" : " is not above 0");
              },
              ""),
          .phrase = zero_allowed ? "0 or more" : "above 0"};
}
template <class Number>
[[nodiscard]] value_check positive() { return at_least_zero<Number>(false); }
template <class Number>
[[nodiscard]] value_check non_negative() { return at_least_zero<Number>(true); }

/// The choices of an option whose value is an enum, from the enum's one table of names
/// (text/enum_names.hpp): the option then holds the enum, and --help lists the names. A value that is
/// none of them is refused naming the value (quoted, so that nothing of it reaches a terminal raw) and
/// the names. (CLI11's CheckedTransformer would print the enum's underlying bytes in its message.)
template <class Enum, std::size_t N>
[[nodiscard]] value_check enum_choices(const std::array<enum_name<Enum>, N>& table,
                                       told_by_description description_tells = {}) {
  std::vector<std::string> names;
  for (const auto& entry : table) names.emplace_back(entry.name);
  return {.validator = CLI::Validator(
              [table](std::string& value) -> std::string {
                const std::optional<Enum> chosen = value_named(table, value);
                if (!chosen) {
                  std::array<std::string_view, N> listed{};
                  for (std::size_t i = 0; i < N; ++i) listed[i] = table[i].name;
                  return not_one_of(value, listed);
                }
                // CLI11 reads an enum option as its underlying number.
                value = std::to_string(static_cast<long long>(*chosen));
                return {};
              },
              ""),
          .rewrites_value = true,
          .choices = std::move(names),
          .description_tells = description_tells};
}

/// Exit statuses shared by every command, as diff(1) and `git diff --exit-code` use them: 0 when all
/// is well, 1 when the comparison found what --fail-on names, 2 for trouble. A bug gets a status of its
/// own, so that a CI job gating on 1 never mistakes one for a regression.
inline constexpr int exit_ok = 0;
inline constexpr int exit_verdict = 1;     ///< a verdict that --fail-on names (a regression, a change)
inline constexpr int exit_bad_input = 2;   ///< unreadable or invalid input, or a bad option
inline constexpr int exit_cannot_write = 2;  ///< output that could not be written whole (diff's "trouble")
inline constexpr int exit_failure = 3;     ///< an internal error or no memory left (a bug: please report it)

/// The input limits every command applies to what it reads, set by the global options --max-input-size
/// and --max-runs (docs/RELIABILITY.md).
io::load_limits& input_limits();

/// Each adds its command to `app`, its options' values recorded in `declared`.
command_action add_summary_command(CLI::App& app, declared_values& declared);
command_action add_plot_command(CLI::App& app, declared_values& declared);
command_action add_compare_command(CLI::App& app, declared_values& declared);
command_action add_report_command(CLI::App& app, declared_values& declared);
command_action add_history_command(CLI::App& app, declared_values& declared);
/// `after_separator`: the words after the first `--`, filled before the parse (application).
command_action add_bisect_command(CLI::App& app, declared_values& declared,
                                  std::shared_ptr<const std::vector<std::string>> after_separator);

/// The status `bisect` exits with when it cannot judge this commit (unclear, or the commit's build or
/// command fails): git bisect run skips the commit on it, where 2 would mark the commit bad.
inline constexpr int exit_bisect_skip = 125;
/// The status `bisect` exits with on trouble no commit can fix (a mistyped option, an unreadable file,
/// ends that cannot be told apart): from 128 on, git bisect run stops the whole bisection at once.
inline constexpr int exit_bisect_abort = 255;

}  // namespace perfmail::cli
