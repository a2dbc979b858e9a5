// Choosing and ordering rows: see row_choice.hpp.

#include "row_choice.hpp"

#include "help.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/metrics/name_pattern.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <system_error>
#include <string_view>

namespace perfmail::cli {

namespace {

/// `text` as a pattern of `option`; the engine's refusal names the option.
name_pattern pattern_of(std::string_view option, std::string_view text) {
  try {
    return name_pattern::parse(text);
  } catch (const usage_error& e) {
    throw usage_error(fmt::format("{} {}", option, e.what()));
  }
}

}  // namespace

void refuse_stray_pattern(std::span<const std::string> paths, std::string_view option,
                          const std::vector<std::string>& given) {
  if (given.empty()) return;
  for (const std::string& path : paths) {
    const std::string_view p = path;
    const bool pattern = p.find_first_of("*?[") != std::string_view::npos || p.starts_with('!') ||
                         (p.size() > 2 && p.front() == '/' && p.back() == '/');
    if (!pattern || p == io::standard_input_path) continue;
    std::error_code error;
    if (std::filesystem::symlink_status(path, error).type() != std::filesystem::file_type::not_found) continue;
    throw usage_error(fmt::format("{}: no such results file, and it reads as a pattern: {} takes one pattern each "
                                  "time it is given, so repeat the option ({} {} {} {})",
                                  text::quoted(path), option, option, text::quoted(given.back()), option,
                                  text::quoted(path)));
  }
}

name_rule name_rule_of(std::string_view option, const std::string& pattern) {
  const name_pattern parsed = pattern_of(option, pattern);
  if (parsed.excludes())
    throw usage_error(fmt::format("{} {}: a direction pattern cannot exclude (a leading '!')", option,
                                  text::quoted(pattern)));
  return parsed.rule();
}

std::vector<direction_rule> caller_rules_of(const std::vector<std::string>& lower_better,
                                            const std::vector<std::string>& higher_better) {
  std::vector<direction_rule> rules;
  rules.reserve(lower_better.size() + higher_better.size());
  for (const auto& p : lower_better) rules.push_back({name_rule_of("--lower-is-better", p), better::lower});
  for (const auto& p : higher_better) rules.push_back({name_rule_of("--higher-is-better", p), better::higher});
  return rules;
}

namespace {

bool shown_by(only_rows only, const comparison_row& row, const verdict_options& verdicts) {
  for (std::size_t c = 1; c <= row.compared_columns(); ++c) {
    const change_verdict v = verdict_of(row, c, verdicts);
    switch (only) {
      case only_rows::regressions:
        if (v == change_verdict::regression) return true;
        break;
      case only_rows::improvements:
        if (v == change_verdict::improvement) return true;
        break;
      case only_rows::missing:
        if (v == change_verdict::gone || v == change_verdict::added || v == change_verdict::failed) return true;
        break;
      case only_rows::changes:
        if (v != change_verdict::unchanged) return true;
        break;
    }
  }
  return false;
}

/// The size of the first compared column's change, for --sort change: the relative change of the mean
/// (over a zero base, the modern table's division by 1e-100, which puts a metric new from zero first),
/// or a failure row's change of the share of runs failing.
double change_size(const comparison_row& row) {
  if (row.compared_columns() == 0) return 0;
  const column_change c = row.change(1);
  const double size = std::fabs(row.failure() ? c.reproduction : c.modern_relative);
  return std::isfinite(size) ? size : 0;
}

}  // namespace

chosen_rows choose_rows(const comparison& cmp, const metric_patterns& patterns, std::optional<only_rows> only,
                        std::optional<row_sort> sort, const verdict_options& verdicts) {
  {
    std::vector<std::string_view> names;
    names.reserve(cmp.rows.size());
    for (const comparison_row& row : cmp.rows) names.push_back(row.name);
    patterns.require_matches(names);
  }
  chosen_rows out;
  out.judged.reserve(cmp.rows.size());
  for (const comparison_row& row : cmp.rows)
    if (patterns.empty() || patterns.chosen(row.name)) out.judged.push_back(&row);
  for (const comparison_row* row : out.judged)
    if (!only || shown_by(*only, *row, verdicts)) out.shown.push_back(row);
  if (!sort) return out;
  switch (*sort) {
    case row_sort::name:
      std::stable_sort(out.shown.begin(), out.shown.end(),
                       [](const comparison_row* a, const comparison_row* b) { return a->name < b->name; });
      break;
    case row_sort::change:
      std::stable_sort(out.shown.begin(), out.shown.end(), [](const comparison_row* a, const comparison_row* b) {
        return change_size(*a) > change_size(*b);
      });
      break;
    case row_sort::p:
      // Untested rows (no p-value) last, in the comparison's order.
      std::stable_sort(out.shown.begin(), out.shown.end(), [](const comparison_row* a, const comparison_row* b) {
        const auto p = [](const comparison_row* r) {
          return !r->verdicts.empty() && r->verdicts[0].p_value ? *r->verdicts[0].p_value : 2.0;
        };
        return p(a) < p(b);
      });
      break;
  }
  return out;
}

}  // namespace perfmail::cli
