#pragma once
// What the JSON writers of src/io share (the comparison's, the summary's, the history's, a result root's):
// one ordered document type, one way to write it, one refusal of numbers JSON cannot hold.

#include "perfmail/error.hpp"
#include "perfmail/text/printable.hpp"

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include <cmath>
#include <string>
#include <string_view>

namespace perfmail::io::detail {

using ordered_json = nlohmann::ordered_json;

/// `doc` as text, written by json_stream (the one writer, so that a number or a name is spelled alike in
/// every document): ASCII, with the bytes of a name that are not UTF-8 as U+FFFD rather than an
/// exception, since metric names and paths come from the input as they are; `indent` as nlohmann's dump
/// (-1: one line). Defined in json_dump.cpp.
[[nodiscard]] std::string dumped(const ordered_json& doc, int indent);

/// A number of metric `metric`. JSON has no infinities, and a null would say that the value does not
/// exist: such a value is refused, as the text tables refuse it.
[[nodiscard]] inline double finite_double(double x, std::string_view metric, std::string_view what) {
  if (!std::isfinite(x))
    throw value_error(fmt::format("metric {}: the {} is beyond the range of a double", text::quoted(metric), what));
  return x;
}
/// The same, as a value of the document type.
[[nodiscard]] inline ordered_json finite_number(double x, std::string_view metric, std::string_view what) {
  return ordered_json(finite_double(x, metric, what));
}

}  // namespace perfmail::io::detail
