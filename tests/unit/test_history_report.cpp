// A history read and searched through the library's one call (io/history_report.hpp), as a program that
// links perfmail would: the request, the report, and the picture of one metric.

#include "perfmail/error.hpp"
#include "perfmail/io/history_report.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/plot/look.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace {

/// A CSV of 30 commits, one sample a row: `parse_ns` steps up by 10% at commit 15, `size` stays.
/// Each test case its own file: ctest runs them in processes of their own, at once.
std::filesystem::path history_csv(const std::string& name) {
  const auto path = std::filesystem::temp_directory_path() / ("perfmail-test-history-report-" + name + ".csv");
  std::ofstream out(path);
  out << "commit,metric,value\n";
  for (int c = 0; c < 30; ++c)
    for (int run = 0; run < 3; ++run) {
      const double wiggle = ((c * 7 + run * 3) % 5 - 2) * 0.5;
      out << "c" << 100 + c << ",parse_ns," << (c < 15 ? 1000.0 : 1100.0) + wiggle << '\n';
      out << "c" << 100 + c << ",size," << 500.0 + wiggle << '\n';
    }
  return path;
}

std::string error_of(const auto& call) {
  try {
    (void)call();
  } catch (const perfmail::usage_error& e) {
    return e.what();
  }
  return {};
}

}  // namespace

TEST_CASE("history report: the library reads, chooses and searches as the command does") {
  perfmail::io::history_request request;
  request.source.csv = history_csv("search");
  request.metrics = {"parse*"};
  request.jobs = 1;
  const perfmail::io::history_report report = perfmail::io::analyse_history(request, perfmail::io::load_limits{});
  REQUIRE(report.history.metrics.size() == 2);
  REQUIRE(report.search.metrics.size() == 1);  // size is not chosen
  const auto& changes = report.search.metrics[0].result.changes;
  REQUIRE(changes.size() == 1);
  CHECK(changes[0].index == 15);
  CHECK(report.options.alpha == request.search.alpha);

  perfmail::plot::plot_options options;
  options.style = perfmail::plot::look::unicode;
  options.width = 60;
  options.height = 14;
  const std::string picture = perfmail::io::history_picture(report, "parse_ns", options);
  CHECK(picture.find("parse_ns") != std::string::npos);
  CHECK(picture.find("c114") != std::string::npos);  // the commits either side of the change
  CHECK(picture.find("c115") != std::string::npos);
  CHECK(error_of([&] { return perfmail::io::history_picture(report, "parse_n", options); }) ==
        "--plot \"parse_n\": no metric of that name in the history; did you mean \"parse_ns\"?");
  CHECK(error_of([&] { return perfmail::io::history_picture(report, "size", options); })
            .find("the metric is not searched") != std::string::npos);
  std::filesystem::remove(request.source.csv);
}

TEST_CASE("history report: a pattern that matches no metric is refused, with the name meant") {
  perfmail::io::history_request request;
  request.source.csv = history_csv("unmatched");
  request.metrics = {"parse_nz"};
  CHECK(error_of([&] { return perfmail::io::analyse_history(request, perfmail::io::load_limits{}); }) ==
        "--metrics \"parse_nz\" matched no metric of the results; did you mean \"parse_ns\"?");
  std::filesystem::remove(request.source.csv);
}
