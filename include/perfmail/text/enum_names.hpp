#pragma once
// One table of names per enum, used everywhere the enum meets text: the command line (its choices and
// help), report documents, the JSON writer and the docs. An enum's table sits beside the enum; these
// functions read any table.

#include <array>
#include <concepts>
#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace perfmail {

template <class Enum>
struct enum_name {
  Enum value;
  std::string_view name;
};

/// The name of `value` in `table` (empty when the table lacks it).
template <class Enum, std::size_t N>
[[nodiscard]] constexpr std::string_view name_of(const std::array<enum_name<Enum>, N>& table, Enum value) noexcept {
  for (const auto& entry : table)
    if (entry.value == value) return entry.name;
  return {};
}

/// The value named `name` in `table`.
template <class Enum, std::size_t N>
[[nodiscard]] constexpr std::optional<Enum> value_named(const std::array<enum_name<Enum>, N>& table,
                                                        std::string_view name) noexcept {
  for (const auto& entry : table)
    if (entry.name == name) return entry.value;
  return std::nullopt;
}

/// The names of `table` as `a, b or c`, for messages and help texts.
template <class Enum, std::size_t N>
[[nodiscard]] std::string names_listed(const std::array<enum_name<Enum>, N>& table) {
  std::string out;
  for (std::size_t i = 0; i < N; ++i) {
    if (i > 0) out += i + 1 == N ? " or " : ", ";
    out += table[i].name;
  }
  return out;
}

/// An enum of perfmail's whose values have names: `name_of(value)`, declared beside the enum, gives them.
/// Each such enum prints its name with `<<` (here) and with fmt (perfmail/text/enum_format.hpp, which
/// the umbrella header includes): `fmt::print("{}", perfmail::change_verdict::regression)` prints
/// `regression`.
template <class Enum>
concept named_enum = std::is_enum_v<Enum> && requires(Enum value) {
  { name_of(value) } -> std::convertible_to<std::string_view>;
};

template <class Char, class Traits, named_enum Enum>
std::basic_ostream<Char, Traits>& operator<<(std::basic_ostream<Char, Traits>& out, Enum value) {
  return out << name_of(value);
}

}  // namespace perfmail
