#pragma once
// fmt prints every named enum of perfmail's (text/enum_names.hpp) by its name, as `<<` does:
// `fmt::format("{}", verdict)` is "regression", and a string's format specification applies
// (`{:>12}` pads it). Apart from enum_names.hpp so that the enums' own headers stay free of fmt; the
// umbrella header includes it.

#include "perfmail/text/enum_names.hpp"

#include <fmt/core.h>

#include <string>
#include <string_view>

template <perfmail::named_enum Enum>
struct fmt::formatter<Enum, char> {
  /// The specification after the colon (`>12`), applied to the name as to any string. It is kept as
  /// text and handed to fmt's string formatting, whose code is compiled in the fmt library: fmt/core.h
  /// alone declares the string formatter but does not define it.
  std::string_view specification;

  constexpr auto parse(fmt::format_parse_context& context) {
    auto end = context.begin();
    while (end != context.end() && *end != '}') ++end;
    specification = std::string_view(context.begin(), static_cast<std::size_t>(end - context.begin()));
    return end;
  }

  template <class FormatContext>
  auto format(Enum value, FormatContext& context) const {
    if (specification.empty()) return fmt::format_to(context.out(), "{}", name_of(value));
    return fmt::format_to(context.out(), fmt::runtime("{:" + std::string{specification} + "}"), name_of(value));
  }
};
