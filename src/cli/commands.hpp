#pragma once
// Each subcommand lives in its own file and registers itself on the application. The CLI only wires
// options to the library; what a command computes lives in include/perfmail/.

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

/// The choices of an option whose value is an enum, from the enum's one table of names
/// (text/enum_names.hpp): the option then holds the enum, and --help lists the names. A value that is
/// none of them is refused naming the value (quoted, so that nothing of it reaches a terminal raw) and
/// the names. (CLI11's CheckedTransformer would print the enum's underlying bytes in its message.)
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

/// What a check of perfmail's asks of an option's value, as data: --help, the man pages and the
/// completions read it from here (manual::describe_option), never from the type name CLI11 composes.
struct value_check {
  std::vector<std::string> choices;  ///< the values it takes, where it lists them
  std::string phrase;                ///< what else it asks of the value (`from 0 to 1`, `above 0`)
  /// What the option's description already tells, declared with the option, so that --help does not
  /// say it again (a test holds each declaration to the description's words).
  struct told {
    bool every_choice = false;  ///< else --help lists the choices where they do not fit beside the names
    bool the_default = false;   ///< else --help adds a `default:` note when the option has a default
  };
  told description_tells{};
};

/// `validator` under a name of its own, with `check` kept as data (check_of reads it back) and no
/// description: CLI11 shows nothing of it. Defined in manual.cpp.
[[nodiscard]] CLI::Validator registered(CLI::Validator validator, value_check check);

/// The check that registered() kept for `validator`; nullptr for a validator it did not make.
[[nodiscard]] const value_check* check_of(const CLI::Validator& validator);

/// The refusal of a value that is none of `names`: the value quoted (nothing of it reaches a terminal
/// raw), the names, and the nearest of them where the value looks mistyped (`"unicde" is not one of ...;
/// did you mean "unicode"?`). Defined in help.cpp, beside the suggestions for commands and options.
[[nodiscard]] std::string not_one_of(std::string_view value, std::span<const std::string_view> names);

/// The check of an option whose value is one of `names`: refused by not_one_of. Its names are kept as
/// enum_choices keeps its table's, so that --help, the man pages and the completions show every
/// option's choices one way.
[[nodiscard]] CLI::Validator one_of(std::vector<std::string> names,
                                    value_check::told description_tells = {});

/// The name --help, the man pages and the completions give an option's value, from the C++ type it is
/// read into: NUMBER for a real number, N for a whole one, NAME for an enum's choice, TEXT otherwise (a
/// list or an optional by what it holds). perfmail decides it here rather than read back the names
/// CLI11 composes; an option may still name its value itself (`->type_name("FILE")`).
template <class T>
[[nodiscard]] constexpr std::string_view value_name() {
  if constexpr (requires { typename T::value_type; } && !std::is_same_v<T, std::string>)
    return value_name<typename T::value_type>();
  else if constexpr (std::is_same_v<T, bool>)
    return "BOOLEAN";
  else if constexpr (std::is_floating_point_v<T>)
    return "NUMBER";
  else if constexpr (std::is_integral_v<T>)
    return "N";
  else if constexpr (std::is_enum_v<T>)
    return "NAME";
  else
    return "TEXT";
}

/// An option read into `variable`, its value named by value_name.
template <class T>
CLI::Option* add_value(CLI::App& app, std::string name, T& variable, std::string description = {}) {
  return app.add_option(std::move(name), variable, std::move(description))->type_name(std::string{value_name<T>()});
}

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
[[nodiscard]] CLI::Validator within(Number lo, Number hi) {
  return registered(CLI::Validator(
                        [lo, hi](const std::string& value) -> std::string {
                          const auto read = option_number<Number>(value);
                          if (const auto* problem = std::get_if<std::string>(&read)) return *problem;
                          const double x = std::get<double>(read);
                          if (x >= static_cast<double>(lo) && x <= static_cast<double>(hi)) return {};
                          return fmt::format("{} is not between {} and {}", text::quoted(value), lo, hi);
                        },
                        ""),
                    {{}, fmt::format("from {} to {}", lo, hi)});
}

/// The check of a number that must be above 0 (`positive<double>()`) or at least 0 (`non_negative`):
/// `--gap: "-1" is not above 0`, `"x" is not a number`, as within() words them; --help and the man
/// pages say `above 0`, `0 or more`.
template <class Number>
[[nodiscard]] CLI::Validator at_least_zero(bool zero_allowed) {
  return registered(CLI::Validator(
                        [zero_allowed](const std::string& value) -> std::string {
                          const auto read = option_number<Number>(value);
                          if (const auto* problem = std::get_if<std::string>(&read)) return *problem;
                          const double x = std::get<double>(read);
                          if (x > 0 || (zero_allowed && x == 0)) return {};
                          return text::quoted(value) + (zero_allowed ? " is below 0" : " is not above 0");
                        },
                        ""),
                    {{}, zero_allowed ? "0 or more" : "above 0"});
}
template <class Number>
[[nodiscard]] CLI::Validator positive() { return at_least_zero<Number>(false); }
template <class Number>
[[nodiscard]] CLI::Validator non_negative() { return at_least_zero<Number>(true); }

template <class Enum, std::size_t N>
[[nodiscard]] CLI::Validator enum_choices(const std::array<enum_name<Enum>, N>& table,
                                          value_check::told description_tells = {}) {
  value_check names;
  names.description_tells = description_tells;
  for (const auto& entry : table) names.choices.emplace_back(entry.name);
  return registered(CLI::Validator(
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
                    std::move(names));
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

command_action add_summary_command(CLI::App& app);
command_action add_plot_command(CLI::App& app);
command_action add_compare_command(CLI::App& app);
command_action add_report_command(CLI::App& app);
command_action add_history_command(CLI::App& app);
/// `after_separator`: the words after the first `--`, filled before the parse (application).
command_action add_bisect_command(CLI::App& app, std::shared_ptr<const std::vector<std::string>> after_separator);

/// The status `bisect` exits with when it cannot judge this commit (unclear, or the commit's build or
/// command fails): git bisect run skips the commit on it, where 2 would mark the commit bad.
inline constexpr int exit_bisect_skip = 125;
/// The status `bisect` exits with on trouble no commit can fix (a mistyped option, an unreadable file,
/// ends that cannot be told apart): from 128 on, git bisect run stops the whole bisection at once.
inline constexpr int exit_bisect_abort = 255;

}  // namespace perfmail::cli
