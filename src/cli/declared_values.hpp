#pragma once
// What perfmail says of each option's value in --help, the man pages and the completions: its name, the
// choices it takes, what its checks ask, and what its description tells already. It is recorded where
// the option is declared (add_value, declared_option::check), in a table the application owns beside
// its CLI::App, so that manual::describe_option reads it as data: never back from CLI11's validators,
// nor from the type names CLI11 composes.

#include <CLI/CLI.hpp>

#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace perfmail::cli {

/// What an option's value is, by the C++ type it is read into (a list or an optional by what it holds).
enum class value_type { text, whole_number, number, boolean, choice };

template <class T>
[[nodiscard]] constexpr value_type value_type_of() {
  if constexpr (requires { typename T::value_type; } && !std::is_same_v<T, std::string>)
    return value_type_of<typename T::value_type>();
  else if constexpr (std::is_same_v<T, bool>)
    return value_type::boolean;
  else if constexpr (std::is_floating_point_v<T>)
    return value_type::number;
  else if constexpr (std::is_integral_v<T>)
    return value_type::whole_number;
  else if constexpr (std::is_enum_v<T>)
    return value_type::choice;
  else
    return value_type::text;
}

/// The name a value of `type` goes by where its option gives it none: NUMBER for a real number, N for a
/// whole one, NAME for an enum's choice, TEXT otherwise.
[[nodiscard]] constexpr std::string_view value_type_name(value_type type) {
  switch (type) {
    case value_type::whole_number: return "N";
    case value_type::number: return "NUMBER";
    case value_type::boolean: return "BOOLEAN";
    case value_type::choice: return "NAME";
    case value_type::text: break;
  }
  return "TEXT";
}

/// What an option's description already tells, declared with the option so that --help does not say it
/// again (a test holds each declaration to the description's words).
struct told_by_description {
  bool every_choice = false;  ///< else --help lists the choices where they do not fit beside the names
  bool the_default = false;   ///< else --help adds a `default:` note when the option has a default
};

/// A check of perfmail's on an option's value: the validator that refuses a bad value (CLI11 runs it),
/// and what --help, the man pages and the completions say the check asks.
struct value_check {
  CLI::Validator validator{};
  /// The validator turns the value into what CLI11 reads (an enum's name into its number), so that CLI11
  /// runs it before every other check.
  bool rewrites_value = false;
  std::vector<std::string> choices{};  ///< the values it takes, where it lists them
  std::string phrase{};                ///< what else it asks of the value (`from 0 to 1`, `above 0`)
  told_by_description description_tells{};
};

/// What perfmail says of one option's value.
struct declared_value {
  value_type type = value_type::text;
  std::string own_name;                ///< the name the option gives its value (`FILE`), else empty
  std::vector<std::string> choices;    ///< the values its checks list
  std::vector<std::string> checks;     ///< what its other checks ask (`from 0 to 1`, `above 0`)
  told_by_description description_tells{};

  /// The name --help, the man pages and the completions give the value: the option's own, else NAME for
  /// text that takes one of its choices, else its type's (value_type_name).
  [[nodiscard]] std::string shown_name() const;
};

/// An option being declared, as add_value returns it: its checks and its value's name go to CLI11 and to
/// the option's declared_value at once; anything else of CLI11's is reached through `->`.
class declared_option {
 public:
  declared_option(CLI::Option& option, declared_value& value) noexcept : option_(&option), value_(&value) {}

  /// Checks the value with `check`'s validator and records what the check asks.
  declared_option& check(value_check check);
  /// Names the value (`FILE`, `PATTERN`) in perfmail's texts and in CLI11's messages alike.
  declared_option& named(std::string name);
  /// Lists `names` as the values the option takes, without checking them: the command judges the value
  /// itself, in its own words.
  declared_option& lists(std::vector<std::string> names);

  CLI::Option* operator->() const noexcept { return option_; }

 private:
  CLI::Option* option_;
  declared_value* value_;
};

/// The declared values of an application's options, by option. The application owns it beside its
/// CLI::App (help.hpp), which it must not outlive.
class declared_values {
 public:
  /// Records that `option` takes a value of `type`, named as its type is until the option names it.
  declared_option declare(CLI::Option& option, value_type type);
  /// What `option` declared of its value; a std::logic_error for an option that takes a value and was
  /// declared elsewhere (a value --help would have no words for).
  [[nodiscard]] const declared_value& of(const CLI::Option& option) const;

 private:
  std::map<const CLI::Option*, declared_value> values_;
};

/// An option of `app` read into `variable`, its value recorded in `declared`.
template <class T>
declared_option add_value(declared_values& declared, CLI::App& app, std::string name, T& variable,
                          std::string description = {}) {
  return declared.declare(*app.add_option(std::move(name), variable, std::move(description)), value_type_of<T>());
}

}  // namespace perfmail::cli
