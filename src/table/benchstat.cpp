// The table for other benchmark tools' results (include/perfmail/table/benchstat.hpp).

#include "perfmail/table/benchstat.hpp"

#include "perfmail/analysis/geomean.hpp"
#include "perfmail/analysis/verdict.hpp"
#include "perfmail/error.hpp"
#include "perfmail/stats/estimate.hpp"
#include "perfmail/table/quantity.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/text/statistic_text.hpp"
#include "perfmail/text/enum_names.hpp"
#include "perfmail/text/utf8.hpp"
#include "perfmail/text/wrap.hpp"

#include "table/table_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail {

namespace {

/// The samples a distribution-free interval of a median at `confidence` needs: with fewer, even the
/// widest interval (the smallest to the largest sample) covers the median less often (6 at 95%).
std::size_t samples_for_median_interval(double confidence) {
  std::size_t n = 1;
  while (median_interval_rank(n, confidence) == 0 && n < 100000) ++n;
  return n;
}

/// `3.909µs ± 1%`: the median and how far its interval reaches from it (table_detail::reach_cell), in
/// whole percent of it.
std::string centre_text(const column_summary& column, const std::optional<interval>& ci,
                        metric_unit unit) {
  const std::string spread =
      table_detail::reach_cell(column.median, ci, 0, [unit](double reach) { return format_quantity(reach, unit); });
  return fmt::format("{} \u00b1 {}", format_quantity(column.median, unit), spread);
}

/// Changes with two decimals, their intervals' ends with one.
std::string percent_text(double x) { return text::change_percent_text(x, 2); }

/// p and q as benchstat prints them: `=0.002`, `<0.001`.
std::string probability_text(double p) { return text::p_relation_text(p, {text::p_format::form::bounded, 3}); }

/// The test's figures: `p=0.002 q=0.004 n=10`, or `n=10+8` where the sides differ; without the q where
/// `with_q` is false.
std::string test_text(const change_inference& inference, bool with_q = true) {
  const std::string n = inference.n_base == inference.n_head ? fmt::format("{}", inference.n_base)
                                                             : fmt::format("{}+{}", inference.n_base, inference.n_head);
  if (!with_q) return fmt::format("p{} n={}", probability_text(inference.p_value), n);
  return fmt::format("p{} q{} n={}", probability_text(inference.p_value), probability_text(inference.q_value), n);
}

/// The change of compared column `column`: `+3.97% [+3.1%, +4.8%]`, `~`, or what is missing.
std::string change_text(const comparison_row& row, std::size_t column, const change_inference* inference) {
  const column_verdict& verdict = row.verdicts[column - 1];
  switch (verdict.sides) {
    case presence::gone: return "gone";
    case presence::added:
    case presence::base_failed: return "new";
    case presence::failed: return "failed";
    case presence::both: break;
  }
  if (!verdict.changed || inference == nullptr) return "~";
  if (!inference->estimate_percent) return "changed";
  if (!inference->ci_percent) return percent_text(*inference->estimate_percent);
  return fmt::format("{} {}", percent_text(*inference->estimate_percent), text::interval_percent_text(*inference->ci_percent, 1));
}

/// A column's cell: its centre, `-` where the column lacks the metric, `failed` where it has no sample.
std::string value_text(const comparison& cmp, const comparison_row& row, std::size_t column,
                       metric_unit unit) {
  if (row.samples[column] == nullptr) return "-";
  const column_summary& c = row.columns[column];
  if (c.n == 0) return fmt::format("failed ({} run{})", c.runs, c.runs == 1 ? "" : "s");
  const row_statistics* statistics = cmp.statistics_of(row);
  const std::optional<interval> ci =
      statistics != nullptr && column < statistics->median_ci.size() ? statistics->median_ci[column] : std::nullopt;
  return centre_text(c, ci, unit);
}

void pad_to(std::string& out, std::string_view cell, std::size_t width) {
  out += cell;
  out.append(width - std::min(width, text::columns_of(cell)), ' ');
}

}  // namespace

std::string benchstat_value(const comparison& cmp, const comparison_row& row, std::size_t column) {
  return value_text(cmp, row, column, row.cls.unit);
}

std::string benchstat_change(const comparison& cmp, const comparison_row& row, std::size_t column) {
  return change_text(row, column, cmp.inference_of(row, column));
}

benchmark_and_unit benchmark_and_unit_of(const comparison_row& row) {
  const std::string_view name = row.name;
  if (row.cls.unit.what == quantity::none) return {std::string{name}, ""};
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == name.size())
    return {std::string{name}, std::string{name_of(row.cls.unit.what)}};
  return {std::string{name.substr(0, dot)}, std::string{name.substr(dot + 1)}};
}

namespace {

/// The names of one table's rows as printed: without Go's `Benchmark`, then without the prefix they all
/// share up to a separator (`/`, `:`, `.`, a space), so that what differs is what is read. Each keeps at
/// least one character, and distinct names stay distinct (a shared prefix is cut from every one).
std::vector<std::string> short_names(std::vector<std::string> names) {
  constexpr std::string_view go_prefix = "Benchmark";
  for (std::string& name : names)
    if (name.size() > go_prefix.size() && name.starts_with(go_prefix)) name.erase(0, go_prefix.size());
  if (names.size() < 2) return names;
  std::size_t shared = names.front().size();
  for (const std::string& name : names) {
    std::size_t i = 0;
    while (i < shared && i < name.size() && name[i] == names.front()[i]) ++i;
    shared = i;
  }
  // Back to just after a separator, and short of every name's end.
  while (shared > 0 && std::string_view{"/:. "}.find(names.front()[shared - 1]) == std::string_view::npos) --shared;
  for (const std::string& name : names)
    if (name.size() <= shared) return names;
  for (std::string& name : names) name.erase(0, shared);
  return names;
}

/// One table's rows: the cells of each, or a folded line in place of several.
struct table_line {
  std::vector<std::string> cells;  ///< empty: `folded` is the line
  std::string folded;
};

/// How much of each compared column a table shows, from the most to the least.
enum class detail_level { whole, no_interval, no_q, no_test };

std::string change_cell(const comparison_row& row, std::size_t column, const change_inference* inference,
                        detail_level level) {
  if (level == detail_level::whole || inference == nullptr || !inference->estimate_percent ||
      !row.verdicts[column - 1].changed || row.verdicts[column - 1].sides != presence::both)
    return change_text(row, column, inference);
  return percent_text(*inference->estimate_percent);
}

std::string test_cell(const change_inference* inference, detail_level level) {
  if (inference == nullptr || level == detail_level::no_test) return {};
  return test_text(*inference, level != detail_level::no_q);
}

/// The columns a table of these column widths takes, two spaces apart; a column empty in every line (the
/// tests, when left out) takes none.
std::size_t width_of(const std::vector<std::size_t>& widths) {
  std::size_t total = 0;
  std::size_t shown = 0;
  for (const std::size_t w : widths) {
    total += w;
    shown += w > 0 ? 1 : 0;
  }
  return total + 2 * (shown == 0 ? 0 : shown - 1);
}

std::vector<std::size_t> widths_of(const std::vector<table_line>& lines) {
  std::vector<std::size_t> widths;
  for (const table_line& line : lines) {
    widths.resize(std::max(widths.size(), line.cells.size()), 0);
    for (std::size_t i = 0; i < line.cells.size(); ++i) widths[i] = std::max(widths[i], text::columns_of(line.cells[i]));
  }
  return widths;
}

/// `text` cut to `columns`, its end marked by `…` where it was cut.
std::string cut_to(const std::string& text, std::size_t columns) {
  if (text::columns_of(text) <= columns || columns == 0) return text;
  return std::string{text::excerpt_of(text, columns - 1)} + "\u2026";
}

/// One table of the rows of one unit, fitted to `layout.width`; sets `narrowed` when something was left out.
std::string unit_table(const comparison& cmp, const table_header& header, std::string_view unit_name,
                       std::span<const comparison_row* const> rows, const benchstat_layout& layout, bool& narrowed) {
  const std::size_t columns = cmp.columns.size();
  std::vector<std::string> names;
  names.reserve(rows.size());
  for (const comparison_row* row : rows) names.push_back(text::printable(benchmark_and_unit_of(*row).benchmark));
  names = short_names(std::move(names));
  // Metrics of no known unit share a table, but a mean of unrelated quantities (operations a second and
  // milliseconds) means nothing: only a table of one unit has a geomean row.
  const std::optional<std::vector<double>> geomean =
      unit_name.empty() ? std::nullopt : median_geomeans(rows);
  const metric_unit unit = rows.front()->cls.unit;

  const auto lines_at = [&](detail_level level) {
    std::vector<table_line> lines;
    std::vector<std::string> heading{unit_name.empty() ? std::string{"metric"} : text::printable(unit_name)};
    for (std::size_t c = 0; c < columns; ++c) {
      heading.push_back(c < header.commits.size() && !header.commits[c].empty() ? text::printable(header.commits[c])
                                                                               : fmt::format("column {}", c + 1));
      if (c > 0) {
        heading.emplace_back("change");
        heading.emplace_back("");
      }
    }
    lines.push_back({std::move(heading), {}});
    // Rows alike in every column and unchanged, by the value they print: folded where two or more share it.
    std::vector<std::string> alike(rows.size());
    std::map<std::string, std::size_t> alike_count;
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const comparison_row& row = *rows[r];
      std::vector<std::string> line{names[r]};
      bool same = true;
      for (std::size_t c = 0; c < columns; ++c) {
        line.push_back(value_text(cmp, row, c, unit));
        same = same && line.back() == line[1];
        if (c == 0) continue;
        const change_inference* inference = cmp.inference_of(row, c);
        line.push_back(change_cell(row, c, inference, level));
        same = same && line.back() == "~";
        line.push_back(test_cell(inference, level));
      }
      if (layout.fold && same) {
        alike[r] = line[1];
        ++alike_count[line[1]];
      }
      lines.push_back({std::move(line), {}});
    }
    if (layout.fold) {
      std::vector<table_line> kept{lines.front()};
      std::map<std::string, bool> said;
      for (std::size_t r = 0; r < rows.size(); ++r) {
        if (alike[r].empty() || alike_count[alike[r]] < 2) {
          kept.push_back(std::move(lines[r + 1]));
        } else if (!said[alike[r]]) {
          said[alike[r]] = true;
          kept.push_back({{}, fmt::format("{} benchmarks: {} everywhere, unchanged (--all)",
                                          alike_count[alike[r]], alike[r])});
        }
      }
      lines = std::move(kept);
    }
    if (geomean) {
      std::vector<std::string> line{"geomean"};
      for (std::size_t c = 0; c < columns; ++c) {
        line.push_back(format_quantity((*geomean)[c], unit));
        if (c == 0) continue;
        line.push_back(percent_text(100 * ((*geomean)[c] / (*geomean)[0] - 1)));
        line.emplace_back("");
      }
      lines.push_back({std::move(line), {}});
    }
    return lines;
  };

  std::vector<table_line> lines;
  std::vector<std::size_t> widths;
  for (const detail_level level : {detail_level::whole, detail_level::no_interval, detail_level::no_q, detail_level::no_test}) {
    lines = lines_at(level);
    widths = widths_of(lines);
    if (layout.width == 0 || width_of(widths) <= layout.width) break;
    narrowed = true;
  }
  if (layout.width > 0 && width_of(widths) > layout.width) {
    // Still too wide: the names, then the columns' headings, lose their ends.
    const std::size_t rest = width_of(widths) - widths[0];
    widths[0] = std::max<std::size_t>(8, layout.width > rest ? layout.width - rest : 0);
    for (table_line& line : lines)
      if (!line.cells.empty()) line.cells[0] = cut_to(line.cells[0], widths[0]);
    const std::vector<table_line> body(lines.begin() + 1, lines.end());
    const std::vector<std::size_t> body_widths = widths_of(body);
    for (std::size_t i = 1; i < lines.front().cells.size() && i < body_widths.size(); ++i)
      lines.front().cells[i] = cut_to(lines.front().cells[i], std::max<std::size_t>(6, body_widths[i]));
    widths = widths_of(lines);
  }
  std::string out;
  for (const table_line& line : lines) {
    if (line.cells.empty()) {
      out += line.folded;
      out += '\n';
      continue;
    }
    std::string text;
    for (std::size_t i = 0; i < line.cells.size() && i < widths.size(); ++i) {
      if (i > 0 && widths[i] == 0) continue;
      if (i > 0) text += "  ";
      pad_to(text, line.cells[i], widths[i]);
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text;
    out += '\n';
  }
  out += '\n';
  return out;
}

}  // namespace

std::string render_benchstat_method(const comparison& cmp, const table_header& header, int width, bool defaults) {
  std::string tools;
  std::string files;
  for (std::size_t c = 0; c < cmp.columns.size(); ++c) {
    const result_origin& o = cmp.columns[c]->origin();
    const std::string tool = o.tool.empty() ? std::string{"robot"} : o.tool;
    if (tools.find(tool) == std::string::npos) tools += (tools.empty() ? "" : ", ") + tool;
    files += (c == 0 ? "" : " vs ") + text::printable(header.commits[c]);
  }
  std::size_t tested = 0;
  for (const comparison_row& row : cmp.rows)
    if (cmp.inference_of(row, 1) != nullptr) ++tested;
  const change_policy& p = cmp.policy;
  const std::string test = p.kind == policy_kind::welch ? "Welch's t-test" : "Mann-Whitney U test";
  static constexpr std::array<enum_name<p_correction>, 5> correction_words{{{p_correction::none, "no correction"},
                                                                            {p_correction::bh, "Benjamini-Hochberg"},
                                                                            {p_correction::by, "Benjamini-Yekutieli"},
                                                                            {p_correction::holm, "Holm"},
                                                                            {p_correction::bonferroni, "Bonferroni"}}};
  const std::string correction =
      p.correction == p_correction::none
          ? std::string{"no correction"}
          : fmt::format("{} over {} metric{}", name_of(correction_words, p.correction), tested, tested == 1 ? "" : "s");
  const std::string floor = !p.min_change_percent || *p.min_change_percent == 0
                                ? std::string{"no minimum change"}
                                : fmt::format("changes of {}% or more", *p.min_change_percent);
  const std::string method =
      fmt::format("{} on each metric's own samples, {}, alpha {}, {}{}", test, correction, p.alpha, floor,
                  defaults ? " (the defaults for results of other tools: docs/INPUTS.md)" : "");
  return fmt::format("{}\n{}\n\n", text::wrap_text(fmt::format("{}: {}", tools, files), width, 2),
                     text::wrap_text(method, width, 2));
}

std::string render_benchstat(const comparison& cmp, const table_header& header,
                             std::span<const comparison_row* const> rows, const benchstat_layout& layout) {
  if (cmp.policy.kind == policy_kind::robot)
    throw usage_error("the benchstat table prints the tests of utest or ttest, and the robot policy has none");
  // The units in the order their first row comes, each with its rows in print order.
  std::vector<std::string> units;
  std::vector<std::vector<const comparison_row*>> tables;
  for (const comparison_row* row : rows) {
    std::string unit = benchmark_and_unit_of(*row).unit;
    const auto at = std::find(units.begin(), units.end(), unit);
    if (at == units.end()) {
      units.push_back(std::move(unit));
      tables.emplace_back();
      tables.back().push_back(row);
    } else {
      tables[static_cast<std::size_t>(at - units.begin())].push_back(row);
    }
  }
  std::string out;
  bool narrowed = false;
  for (std::size_t t = 0; t < units.size(); ++t) out += unit_table(cmp, header, units[t], tables[t], layout, narrowed);
  if (narrowed)
    out += "(narrowed to fit: see --width, --details, --format markdown)\n\n";
  return out;
}

std::string benchstat_footnotes(const comparison& cmp, std::span<const comparison_row* const> rows) {
  bool needs_more = false;
  for (const comparison_row* row : rows) {
    const row_statistics* statistics = cmp.statistics_of(*row);
    for (std::size_t c = 0; c < row->column_count(); ++c)
      if (row->samples[c] != nullptr && row->columns[c].n > 0 &&
          (statistics == nullptr || c >= statistics->median_ci.size() || !statistics->median_ci[c]))
        needs_more = true;
  }
  if (!needs_more) return {};
  return fmt::format("{} the {} interval of a median needs at least {} samples\n", table_detail::needs_more_mark,
                     text::confidence_text(cmp.policy.confidence), samples_for_median_interval(cmp.policy.confidence));
}

}  // namespace perfmail
