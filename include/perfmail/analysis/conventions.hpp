#pragma once
// Whose conventions judge a comparison of result sets (model/origin.hpp): the caller's choice, else the
// base's, even where a compared set was made by another tool. Judging a mix by the base's conventions is
// a choice the caller should know of, so it comes with a sentence saying so; a caller that names its own
// way to choose (an option, a document field) adds that to the sentence. Declarations only:
// src/analysis/conventions.cpp.

#include "perfmail/model/origin.hpp"

#include <optional>
#include <span>
#include <string>

namespace perfmail {

class matrix;

/// The conventions a comparison is judged by, and what the caller is told of the choice.
struct conventions_choice {
  result_conventions conventions = result_conventions::robot;
  /// When nothing was chosen and a compared set is of other conventions than the base's: `HEAD holds
  /// CSV results but the base BASE holds the robot's results: all are judged as the base's`, for the
  /// first such set. Not yet made printable: the caller may add its own words first.
  std::optional<std::string> mixed_note;
};

/// The conventions that judge `results` (the base first): `chosen` when given, else the base's.
/// `column_names` names each result set (the base first) in the note.
[[nodiscard]] conventions_choice conventions_judging(std::span<const matrix> results,
                                                     std::span<const std::string> column_names,
                                                     std::optional<result_conventions> chosen);

}  // namespace perfmail
