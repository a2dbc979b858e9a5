// Patterns over metric names on arbitrary bytes: the first line is a pattern, as --metrics and the
// direction options take it (a glob, /regex/, a leading !) and as a document's name rule gives it (the
// classifier's `pattern` and `search` rules, among the robot's own); the other lines are names. Beyond
// "no crash and no hang" (RE2 matches in linear time, so a slow input is a finding of the fuzzer's own
// timeout): a pattern is compiled or refused with a usage_error whose message is short however long the
// pattern (its reason kept); a pattern of the command line and its classifier rule match the same names.
#include "fuzz_support.hpp"

#include "perfmail/metrics/classifier.hpp"
#include "perfmail/metrics/name_pattern.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace {

using namespace perfmail;

/// Quoted input is cut to 40 characters, so a refusal stays short whatever it quotes.
void check_short(const usage_error& e) {
  fuzz::check_message(e);
  if (std::string_view{e.what()}.size() > 600) fuzz::finding("a pattern's refusal that quotes too much");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text{reinterpret_cast<const char*>(data), size};
  const auto lines = fuzz::split_lines(text);
  const std::string_view pattern = lines.front();

  std::optional<name_pattern> given;
  try {
    given = name_pattern::parse(pattern);
  } catch (const usage_error& e) {
    check_short(e);
  } catch (...) {
    fuzz::finding("a command-line pattern refused with something else than a usage_error");
  }

  std::optional<metric_classifier> classifier;
  try {
    metric_rules rules = metric_rules::robot();
    rules.directions.insert(rules.directions.begin(), direction_rule{{name_match::search, std::string{pattern}}, better::lower});
    rules.deny.push_back({name_match::pattern, std::string{pattern}});
    classifier.emplace(std::move(rules));
    if (regex_problem(pattern)) fuzz::finding("a rule the engine refuses was compiled");
  } catch (const usage_error& e) {
    check_short(e);
    if (!regex_problem(pattern)) fuzz::finding("a rule the engine accepts was refused");
  } catch (...) {
    fuzz::finding("a name rule refused with something else than a usage_error");
  }

  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string_view name = lines[i];
    if (given && name_regex::of(given->rule()).matches(name) != given->matches(name))
      fuzz::finding("a command-line pattern and its classifier rule disagree");
    if (classifier) (void)classifier->classify(name);
  }
  return 0;
}
