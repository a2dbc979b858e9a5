#pragma once
// The headline sentence and the mail subject: "FYI, we noticed a 24% improvement of fio.write_bw_MBps
// due to commit:" and "[mm] e932fd3f17: fio.write_bw_MBps 24% improvement".

#include "perfmail/analysis/verdict.hpp"
#include "perfmail/metrics/metric_class.hpp"

#include <fmt/core.h>

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace perfmail::email {

/// The words of a headline and a subject for its verdict (analysis/verdict.hpp, headline_verdict):
/// "improvement", "regression", or "change" when the direction is unknown or nothing changed.
inline constexpr std::array<enum_name<change_verdict>, 3> headline_words{{
    {change_verdict::improvement, "improvement"},
    {change_verdict::regression, "regression"},
    {change_verdict::changed, "change"},
}};

/// The headline word of `verdict` (any verdict without a word of its own is a "change").
[[nodiscard]] constexpr std::string_view headline_word(change_verdict verdict) noexcept {
  for (const auto& entry : headline_words)
    if (entry.value == verdict) return entry.name;
  return "change";
}

/// The verdict a headline word given by a document stands for: the word's, or `changed` for any other
/// word (a document may word its headline freely).
[[nodiscard]] constexpr change_verdict verdict_of_word(std::string_view word) noexcept {
  for (const auto& entry : headline_words)
    if (entry.name == word) return entry.value;
  return change_verdict::changed;
}

/// Whether a document's own headline word may print for a metric of `verdict`: a free word, "change",
/// or the verdict's own word. The verdict (and with it the status lines and the tags) is always the
/// metric's; a word that names the other verdict would contradict it, and is refused.
[[nodiscard]] constexpr bool word_fits(std::string_view word, change_verdict verdict) noexcept {
  const change_verdict named = verdict_of_word(word);
  return named == change_verdict::changed || named == verdict;
}

/// The change of the headline metric as the sentence prints it.
struct headline_change {
  std::string text;  ///< "24%", "4.9%", "-75%" (classic) or "+8.2%" (modern)
  double relative_change = 0;  ///< unrounded, in percent, for the improvement/regression word
};

/// Classic emails print the unrounded relative change with two significant digits (`%.2g`), so a row
/// printing `5%` is headlined `4.9%`. `format_2g` must format like printf's `%.2g`.
template <class Format2g>
[[nodiscard]] headline_change classic_headline_change(double relative_change, Format2g format_2g) {
  return {format_2g(relative_change) + "%", relative_change};
}

/// Modern emails repeat the table's change cell, sign included ("+8.2%").
[[nodiscard]] inline headline_change modern_headline_change(std::string_view table_cell, double relative_change) {
  std::string text{table_cell};
  const auto first = text.find_first_not_of(' ');
  const auto last = text.find_last_not_of(' ');
  text = first == std::string::npos ? std::string{} : text.substr(first, last - first + 1);
  return {text, relative_change};
}

/// "FYI, we noticed a 24% improvement of fio.write_bw_MBps due to commit:".
[[nodiscard]] inline std::string headline_sentence(std::string_view lead, const headline_change& change,
                                                   std::string_view word, std::string_view metric) {
  return fmt::format("{} a {} {} of {} due to commit:", lead, change.text, word, metric);
}

/// The subsystem part of a commit subject: the text before its first ": " ("mm: vmscan: kick ..." -> "mm",
/// "x86, dax, pmem: introduce ..." -> "x86, dax, pmem"); empty when the subject names none.
[[nodiscard]] inline std::string_view subsystem_of(std::string_view subject) {
  const auto colon = subject.find(": ");
  return colon == std::string_view::npos ? std::string_view{} : subject.substr(0, colon);
}

/// "[mm] e932fd3f17: fio.write_bw_MBps 24% improvement", optionally after a list tag ("[lkp-robot] ...").
[[nodiscard]] inline std::string mail_subject(std::string_view tag, std::string_view commit_subject,
                                              std::string_view commit_id, std::string_view metric,
                                              const headline_change& change, std::string_view word) {
  std::string subject;
  if (!tag.empty()) subject += fmt::format("[{}] ", tag);
  if (const auto subsystem = subsystem_of(commit_subject); !subsystem.empty())
    subject += fmt::format("[{}] ", subsystem);
  subject += fmt::format("{}: {} {} {}", commit_id.substr(0, 12), metric, change.text, word);
  return subject;
}

}  // namespace perfmail::email
