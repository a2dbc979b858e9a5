// The text of `perfmail summary` (declared in include/perfmail/table/summary.hpp).

#include "perfmail/table/summary.hpp"

#include "perfmail/analysis/policy.hpp"
#include "perfmail/stats/correction.hpp"
#include "perfmail/table/quantity.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/text/statistic_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <optional>

namespace perfmail {

namespace {

using text_out = std::back_insert_iterator<std::string>;

/// A metric's planning columns: `-`, `exact`, or the numbers (`>LIMIT` runs where no number up to the
/// limit is enough).
void plan_columns(text_out out, const metric_plan& p, const plan_request& request) {
  const auto runs_text = [&request](std::optional<std::size_t> runs) {
    return runs ? fmt::format("{}", *runs) : fmt::format(">{}", request.runs_limit);
  };
  const bool detect = request.detect.has_value();
  if (p.basis != plan_basis::estimated) {
    const char* shown = p.basis == plan_basis::exact ? "exact" : "-";
    fmt::format_to(out, "  {:>10}", shown);
    if (detect) fmt::format_to(out, "  {:>9}  {:>9}", shown, shown);
    return;
  }
  fmt::format_to(out, "  {:>10}", fmt::format("{:.2g}%", p.detectable_percent.value_or(0)));
  if (detect) fmt::format_to(out, "  {:>9}  {:>9}", runs_text(p.ttest_runs), runs_text(p.utest_runs));
}

/// The heading of a file's table: its name and runs, and the columns' names.
void table_heading(text_out out, const file_summary& f, std::size_t width, const plan_request* plan) {
  fmt::format_to(out, "{} ({} runs)\n", text::printable(f.path), f.runs);
  fmt::format_to(out, "{:<{}}  {:>4}  {:>14}  {:>8}  {:>14}  {:>14}  {:>14}", "metric", width, "n", "mean",
                 "%stddev", "min", "median", "max");
  if (plan != nullptr) {
    fmt::format_to(out, "  {:>10}", "detectable");
    if (plan->detect)
      fmt::format_to(out, "  {:>9}  {:>9}", fmt::format("ttest {:g}%", 100 * *plan->detect),
                     fmt::format("utest {:g}%", 100 * *plan->detect));
  }
  *out++ = '\n';
}

/// The table of one result file; `plan` adds the planning columns.
void file_table(text_out out, const file_summary& f, const plan_request* plan) {
  std::size_t width = 6;
  for (const auto& m : f.metrics) width = std::max(width, m.name.size());
  table_heading(out, f, width, plan);
  for (const auto& m : f.metrics) {
    const summary& s = m.stats;
    if (s.empty()) {
      fmt::format_to(out, "{:<{}}  {:>4}  (no samples)\n", m.name, width, 0);
      continue;
    }
    // A zero mean with spread has no percentage: printed as "-", never as an infinity.
    const std::string shown =
        m.stddev_percent ? fmt::format("{:>7.1f}%", *m.stddev_percent) : fmt::format("{:>8}", "-");
    // A value of a known unit prints in it (`7.855µs`, as compare prints it); others keep six digits.
    const auto value = [&m](double x) {
      return m.unit.what == quantity::none ? fmt::format("{:.6g}", x) : format_quantity(x, m.unit);
    };
    fmt::format_to(out, "{:<{}}  {:>4}  {:>14}  {}  {:>14}  {:>14}  {:>14}", m.name, width, s.n, value(s.mean), shown,
                   value(s.min), value(s.median), value(s.max));
    if (plan != nullptr && m.plan) plan_columns(out, *m.plan, *plan);
    *out++ = '\n';
  }
  for (const auto& name : f.textual_metrics) fmt::format_to(out, "{:<{}}  (text, ignored)\n", name, width);
}

}  // namespace

std::string render_summary_plan_line(const summary_plan_settings& plan) {
  const plan_request& r = plan.request;
  return fmt::format(
      "plan: {:g}% power with Welch's t (ttest) and Mann-Whitney U (utest), at least {} runs a side; alpha {:g} "
      "with {} over {} tested metric{}: {} for a lone change; floors: {}; noise: the {} upper bound of each "
      "metric's CV\n",
      100 * r.power, compare_min_runs, r.alpha, name_of(correction_names, r.correction), plan.family,
      plan.family == 1 ? "" : "s", text::p_value_text(plan.level, {text::p_format::form::significant, 2}),
      r.min_change_percent ? fmt::format("a change of the mean of {:g}%", *r.min_change_percent)
                           : std::string{"the robot's (medians 1% apart, 5% for secondary metrics)"},
      text::confidence_text(r.cv_confidence));
}

std::string render_summary(std::span<const file_summary> files) {
  std::string text;
  for (const file_summary& f : files) file_table(std::back_inserter(text), f, nullptr);
  return text;
}

std::string render_summary(std::span<const file_summary> files, const summary_plan_settings& plan) {
  std::string text = render_summary_plan_line(plan);
  for (const file_summary& f : files) file_table(std::back_inserter(text), f, &plan.request);
  return text;
}

}  // namespace perfmail
