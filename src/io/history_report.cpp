// A history read and searched (include/perfmail/io/history_report.hpp).

#include "perfmail/io/history_report.hpp"

#include "perfmail/error.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/metrics/metric_patterns.hpp"
#include "perfmail/plot/history_plot.hpp"
#include "perfmail/table/history.hpp"
#include "perfmail/text/nearest_name.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <thread>

namespace perfmail::io {

namespace {

commit_history read_history(const history_source& source, const load_limits& limits) {
  if (!source.csv.empty()) return read_history_csv(source.csv, source.columns, limits);
  return history_of_results(source.results, limits);
}

std::vector<std::string_view> names_of(const commit_history& history) {
  std::vector<std::string_view> names;
  names.reserve(history.metrics.size());
  for (const metric_history& m : history.metrics) names.push_back(m.name);
  return names;
}

}  // namespace

history_report analyse_history(const history_request& request, const load_limits& limits) {
  const metric_patterns patterns(request.metrics);
  history_report report;
  report.history = read_history(request.source, limits);
  patterns.require_matches(names_of(report.history));
  const auto classifier = report.history.conventions == result_conventions::robot ? metric_classifier::robot()
                                                                                   : metric_classifier::tool();
  const auto chosen = [&](std::string_view name) { return patterns.empty() || patterns.chosen(name); };
  const std::size_t jobs = request.jobs != 0 ? request.jobs : std::max(1U, std::thread::hardware_concurrency());
  report.options = request.search;
  report.search = search_history(report.history, *classifier, request.search, chosen, jobs);
  report.notes = history_notes(report.history, report.search);
  return report;
}

std::string history_picture(const history_report& report, std::string_view metric, plot::plot_options options) {
  const commit_history& history = report.history;
  const auto found = std::find_if(history.metrics.begin(), history.metrics.end(),
                                  [&](const metric_history& m) { return m.name == metric; });
  if (found == history.metrics.end()) {
    throw history_picture_error(picture_refusal::unknown_metric,
                                fmt::format("{}: no metric of that name in the history{}", text::quoted(metric),
                                            text::did_you_mean(metric, names_of(history))));
  }
  const auto index = static_cast<std::size_t>(found - history.metrics.begin());
  const auto searched = std::find_if(report.search.metrics.begin(), report.search.metrics.end(),
                                     [&](const searched_metric& s) { return s.metric == index; });
  if (searched == report.search.metrics.end())
    throw history_picture_error(picture_refusal::not_searched,
                                fmt::format("{}: the metric is not searched", text::quoted(metric)));
  std::vector<std::string> labels;
  labels.reserve(history.commits.size());
  for (const history_commit& commit : history.commits) labels.push_back(commit_label(commit.id));
  std::vector<std::size_t> changes;
  for (const history_change& change : searched->result.changes) changes.push_back(change.index);
  options.title = text::printable(found->name);
  const plot::history_plot_data data{found->samples, labels, changes, options.title, searched->result.medians};
  const plot::plot_result picture = plot::render_history(data, options);
  if (!picture.drawn())
    throw history_picture_error(picture_refusal::nothing_to_draw, fmt::format("{}: no sample to draw", text::quoted(metric)));
  return picture.text + '\n';
}

}  // namespace perfmail::io
