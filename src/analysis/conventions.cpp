// Whose conventions judge a comparison (include/perfmail/analysis/conventions.hpp).

#include "perfmail/analysis/conventions.hpp"

#include "perfmail/model/matrix.hpp"

#include <fmt/format.h>

namespace perfmail {

namespace {

/// What a result set is called in the note: by the tool that made it, so that a user sees which file
/// is the odd one.
std::string kind_of_results(const result_origin& origin) {
  return origin.conventions == result_conventions::robot ? std::string{"the robot's results"}
                                                         : fmt::format("{} results", origin.tool);
}

}  // namespace

conventions_choice conventions_judging(std::span<const matrix> results, std::span<const std::string> column_names,
                                       std::optional<result_conventions> chosen) {
  const result_origin& base = results.front().origin();
  conventions_choice choice{.conventions = chosen.value_or(base.conventions), .mixed_note = std::nullopt};
  if (chosen) return choice;
  for (std::size_t i = 1; i < results.size(); ++i) {
    const result_origin& other = results[i].origin();
    if (other.conventions == base.conventions) continue;
    choice.mixed_note = fmt::format("{} holds {} but the base {} holds {}: all are judged as the base's",
                                    column_names[i], kind_of_results(other), column_names.front(),
                                    kind_of_results(base));
    break;
  }
  return choice;
}

}  // namespace perfmail
