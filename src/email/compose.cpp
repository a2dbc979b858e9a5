// From a report document to the email (include/perfmail/email/compose.hpp).

#include "perfmail/email/compose.hpp"

#include "compose_parts.hpp"

#include "perfmail/analysis/common_metrics.hpp"
#include "perfmail/email/body.hpp"
#include "perfmail/email/headline.hpp"
#include "perfmail/email/mbox.hpp"
#include "perfmail/error.hpp"
#include "perfmail/plot/look.hpp"
#include "perfmail/plot/trend_plot.hpp"
#include "perfmail/table/render.hpp"
#include "perfmail/text/lines.hpp"
#include "perfmail/text/printable.hpp"
#include "table/table_text.hpp"

#include <fmt/format.h>

#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail::email {

std::shared_ptr<const matrix> no_results() { return std::make_shared<const matrix>(); }

std::string plot_title(std::string_view metric) {
  std::string title{metric};
  for (char& c : title) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                      c == '.' || c == ':' || c == '+' || c == '=' || c == '-';
    if (!keep) c = '_';
  }
  return title;
}

table_header table_header_of(const report_document& doc) {
  // The current table's header is the one its email prints.
  if (doc.dialect == table_dialect::current)
    return detail::current_table_header(doc, doc.test, doc.machine, doc.group, doc.head_results);
  table_header header;
  header.testcase = doc.group.testcase.empty() ? doc.test.name : doc.group.testcase;
  header.path_params = doc.group.path_params;
  header.tbox_group = doc.group.tbox_group.empty() ? doc.machine.name : doc.group.tbox_group;
  for (const auto& axis : doc.group.axes) header.axes.emplace_back(axis.key, axis.value);

  header.commits.push_back(doc.base.id);
  header.commits.push_back(doc.head.id);
  // Further compared columns are named after where their results came from.
  for (std::size_t i = 1; i < doc.head_results.size(); ++i) header.commits.push_back(doc.head_results[i].origin);
  return header;
}

table_request table_request_of(const report_document& doc) { return table_request_of(doc, doc.table); }

table_request table_request_of(const report_document& doc, const table_section& t) {
  table_request request = robot_table(doc.dialect);
  // An email is the robot's: its tables judge every result by the robot's conventions.
  request.comparison.conventions = result_conventions::robot;
  request.noise_filter = !t.keep_noise;
  compare_options& options = request.comparison;
  options.policy.kind = t.policy;
  if (t.alpha) options.policy.alpha = *t.alpha;
  options.policy.correction = t.correction;
  options.policy.min_change_percent = t.min_change_percent;
  options.policy.robot.distance = t.distance;
  options.policy.robot.gap = t.gap;
  options.policy.robot.variance = t.variance;
  options.all = t.all || !t.rows.empty();
  options.order = order_in(doc.dialect, t.order);
  options.testcase_first = t.testcase_first.value_or(doc.layout.testcase_first);
  options.caller_rules = doc.directions;
  return request;
}

namespace detail {

std::vector<const comparison_row*> rows_to_print(const table_section& request, const comparison& table) {
  std::vector<const comparison_row*> rows;
  if (!request.rows.empty()) {
    for (const auto& name : request.rows) {
      const auto* row = table.find(name);
      if (row == nullptr)
        throw input_error("report", input_place::named("table.rows"),
                          fmt::format("no results have the metric {}", text::quoted(name)));
      rows.push_back(row);
    }
    return rows;
  }
  for (const auto& row : table.rows)
    if (row.selected) rows.push_back(&row);
  return rows;
}

}  // namespace detail

namespace {

/// A matrix's samples of one metric for a plot: missing runs are undefined points; absent when the
/// matrix lacks the metric.
plot::trend_series plot_series_of(const matrix& m, std::string_view metric) {
  const auto* s = m.find(metric);
  if (s == nullptr) return std::nullopt;
  plot::samples out;
  out.reserve(s->size());
  for (std::size_t i = 0; i < s->size(); ++i)
    out.push_back(s->is_missing(i) ? std::numeric_limits<double>::quiet_NaN() : s->raw_values()[i]);
  return out;
}

void append_series(plot::trend_series& into, const plot::trend_series& more) {
  if (!more) return;
  if (!into) into.emplace();
  into->insert(into->end(), more->begin(), more->end());
}

/// The good and bad samples of one metric: given directly, from the bisection, or base against head.
std::pair<plot::trend_series, plot::trend_series> plot_samples_of(const report_document& doc,
                                                                          std::string_view metric) {
  for (const auto& s : doc.plots.samples)
    if (s.metric == metric) return {s.good, s.bad};
  if (!doc.plots.bisection.empty()) {
    plot::trend_series good, bad;
    for (const auto& point : doc.plots.bisection)
      append_series(point.good ? good : bad, plot_series_of(*point.data.data, metric));
    return {good, bad};
  }
  plot::trend_series good = plot_series_of(*doc.base_results.data, metric);
  plot::trend_series bad;
  for (const auto& head : doc.head_results) append_series(bad, plot_series_of(*head.data, metric));
  return {good, bad};
}

/// Trailing blanks removed from each line and blank lines from the end: how plots travel in mail.
std::string mail_lines(std::string_view text) {
  std::string out;
  for (const text::line l : text::lines(text)) {
    std::string_view line = l.text;
    while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
    out += line;
    out += '\n';
  }
  while (out.ends_with("\n\n")) out.pop_back();
  return out.empty() ? "\n" : out;  // an empty picture is one empty line
}

plot::look look_of(const report_document& doc) {
  if (doc.plots.style.empty()) return plot_look_of(doc.layout.era, doc.dialect);
  if (const auto look = plot::parse_look(doc.plots.style)) return *look;
  throw input_error("report", input_place::named("plots.style"),
                    fmt::format("unknown style {} for an email plot", text::quoted(doc.plots.style)));
}

}  // namespace

namespace detail {

void check_word(std::string_view word, change_verdict verdict, const comparison_row& row, std::string_view field) {
  if (word_fits(word, verdict)) return;
  throw input_error("report", input_place::named(std::string{field}),
                    fmt::format("says {}, but the change of {} {}", text::quoted(word), text::quoted(row.name),
                                verdict == change_verdict::regression    ? "is a regression"
                                : verdict == change_verdict::improvement ? "is an improvement"
                                                                         : "has no direction"));
}

plot_block render_plots(const report_document& doc, std::span<const comparison_row* const> rows) {
  plot_block block;
  const bool seed = has_one_table(doc.layout.era);
  // Plots, in the order asked; a metric with nothing to draw gets no plot, as with the robot's gnuplot.
  std::vector<std::string> plot_metrics;
  if (doc.plots.metrics_from == plot_request::which::listed) {
    plot_metrics = doc.plots.metrics;
  } else if (doc.plots.metrics_from == plot_request::which::changed) {
    for (const auto* row : rows)
      if (!row->failure()) plot_metrics.push_back(std::string{row->name});
  }
  if (!plot_metrics.empty()) {
    plot::plot_options options;
    options.style = look_of(doc);
    options.width = doc.plots.width;
    options.height = doc.plots.height;
    for (const auto& metric : plot_metrics) {
      const auto [good, bad] = plot_samples_of(doc, metric);
      options.title = plot_title(metric);
      const auto result = plot::render_trend(good, bad, options);
      if (!result.drawn()) continue;
      if (seed) {
        if (!block.text.empty()) block.text += "\n\n";
        block.text += mail_lines(result.text);
      } else {
        // The emails of 2020 on print gnuplot's pages as they are, each without its form feed and
        // final newline: the last row of one page and the first of the next share a line.
        std::string_view page = result.text;
        if (page.ends_with('\n')) page.remove_suffix(1);
        block.text += page;
      }
      block.plotted.push_back(metric);
    }
  }
  if (!seed && !block.text.empty()) block.text += '\n';
  return block;
}

}  // namespace detail

verdict_options verdict_options_of(const report_document& doc) { return table_request_of(doc).verdicts(); }

std::string message_of(const composed_report& report, mail_headers headers,
                       std::span<const mail_attachment> attachments) {
  headers.subject = report.subject;
  if (headers.message_id.empty()) headers.message_id = report.message_id;  // the one the body names
  return mbox_message(headers, report.body, attachments);
}

verdict_counts count_report_verdicts(const composed_report& report, const report_document& doc) {
  const verdict_options options = verdict_options_of(doc);
  verdict_counts counts = count_verdicts(report.rows, options);
  for (const composed_section& section : report.further) counts += count_verdicts(section.rows, options);
  return counts;
}

namespace detail {

std::vector<std::shared_ptr<const matrix>> columns_of(const results& base, const std::vector<results>& heads) {
  std::vector<std::shared_ptr<const matrix>> columns;
  columns.reserve(1 + heads.size());
  columns.push_back(base.data);
  for (const auto& head : heads) columns.push_back(head.data);
  if (const auto disjoint = first_column_sharing_no_metric(columns))
    throw input_error(heads[*disjoint - 1].origin, fmt::format("no metric in common with {}", base.origin));
  return columns;
}

void require_columns_of(const comparison& table, const results& base, const std::vector<results>& heads) {
  bool same = table.columns.size() == 1 + heads.size() && table.columns.front() == base.data;
  for (std::size_t i = 0; same && i < heads.size(); ++i) same = table.columns[1 + i] == heads[i].data;
  if (!same)
    throw usage_error("the comparison given to compose() is not of the document's base and head results: its "
                      "columns must be the document's matrices, so that its tables and its plots agree");
}

}  // namespace detail

composed_report compose(const report_document& doc) {
  if (!has_one_table(doc.layout.era)) return compose_current(doc, std::nullopt);
  const table_request request = table_request_of(doc);
  return compose(doc, compare(detail::columns_of(doc.base_results, doc.head_results), request.comparison));
}

composed_report compose(const report_document& doc, comparison table) {
  detail::require_columns_of(table, doc.base_results, doc.head_results);
  if (!has_one_table(doc.layout.era)) return compose_current(doc, std::move(table));
  composed_report out;
  const table_request request = table_request_of(doc);
  out.table = std::move(table);
  out.rows = detail::rows_to_print(doc.table, out.table);

  render_options render;
  render.noise_filter = request.noise_filter;
  const std::string table_text = render_table(doc.dialect, table_header_of(doc), out.rows, render);

  // The headline names the chosen metric, or the most important regression printed, or the first
  // performance row printed (analysis/verdict.hpp, headline_row_of).
  const comparison_row* headline_row = nullptr;
  if (!doc.headline.metric.empty()) {
    headline_row = out.table.find(doc.headline.metric);
    if (headline_row == nullptr)
      throw input_error("report", input_place::named("headline.metric"),
                        fmt::format("no results have the metric {}", text::quoted(doc.headline.metric)));
  } else {
    headline_row = headline_row_of(out.rows, request.verdicts());
    if (headline_row == nullptr)
      throw usage_error("no performance metric changed: name the headline metric (headline.metric)");
  }
  out.headline_metric = std::string{headline_row->name};
  const double relative = relative_change_of(*headline_row).value_or(0.0);
  const auto format_2g = [&](double v) {
    return table_detail::for_metric(headline_row->name,
                                    [&] { return table_detail::formatted("%.2g", v, "change of the mean"); });
  };
  const headline_change change = doc.dialect == table_dialect::classic
                                     ? classic_headline_change(relative, format_2g)
                                     : modern_headline_change(printed_change(doc.dialect, *headline_row), relative);
  const change_verdict verdict = headline_verdict(*headline_row);
  detail::check_word(doc.headline.word, verdict, *headline_row, "headline.word");
  const std::string word = !doc.headline.word.empty() ? doc.headline.word : std::string{headline_word(verdict)};
  const std::string lead = !doc.headline.lead.empty()               ? doc.headline.lead
                           : doc.dialect == table_dialect::classic ? "FYI, we noticed"
                                                                   : "We noticed";

  detail::plot_block plots = detail::render_plots(doc, out.rows);
  out.plotted = std::move(plots.plotted);
  body_content content;
  content.headline = headline_sentence(lead, change, word, headline_row->name);
  content.head = doc.head;
  content.base = doc.base;
  content.test = doc.test;
  content.machine = doc.machine;
  content.table = table_text;
  content.plots = std::move(plots.text);
  body_text words = doc.text;
  words.job_file_attached = attaches_job_file(doc);
  out.body = is_project_era(doc.layout.era) ? compose_project_body(content, words) : compose_body(content, words);
  // One line whatever the commit subject, the metric name or the given words hold (controls become a
  // space), and no C1 control or bidirectional override left for a mail client to act on.
  out.subject = text::printable(header_line(!doc.mail.subject.empty()
                                                ? doc.mail.subject
                                                : mail_subject(doc.subject_tag, doc.head.subject, doc.head.id,
                                                               headline_row->name, change, word)));
  return out;
}

}  // namespace perfmail::email
