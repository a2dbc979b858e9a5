// Finds the commits after which each metric of a history moved, as `perfmail history` does, and prints
// a line a change, then the trend of the first metric that moved:
//   example_history_changes examples/history/runs.csv
#include <perfmail/io/history_report.hpp>
#include <perfmail/io/matrix_json.hpp>
#include <perfmail/perfmail.hpp>
#include <perfmail/plot/look.hpp>

#include <fmt/core.h>

#include <cstdio>
#include <string>

int main(int argc, char** argv) {
  if (argc != 2) {
    fmt::print(stderr, "usage: {} HISTORY.csv\n", argv[0]);
    return 2;
  }
  try {
    perfmail::io::history_request request;
    request.source.csv = argv[1];
    const perfmail::io::history_report report = perfmail::io::analyse_history(request, perfmail::io::load_limits{});
    for (const std::string& note : report.notes) fmt::print(stderr, "note: {}\n", note);
    std::string first_moved;
    for (const perfmail::searched_metric& searched : report.search.metrics) {
      const perfmail::metric_history& metric = report.history.metrics[searched.metric];
      for (const perfmail::history_change& change : searched.result.changes) {
        fmt::print("{}: after commit {} the median went from {:.6g} to {:.6g}\n", metric.name,
                   report.history.commits[change.last_before].id.substr(0, 12), change.before_median,
                   change.after_median);
        if (first_moved.empty()) first_moved = metric.name;
      }
    }
    if (!first_moved.empty()) {
      perfmail::plot::plot_options picture;
      picture.style = perfmail::plot::look::unicode;
      picture.width = 72;
      picture.height = 16;
      fmt::print("{}", perfmail::io::history_picture(report, first_moved, picture));
    }
  } catch (const perfmail::error& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 2;
  }
  return 0;
}
