// A history read and searched through the library's one call (io/history_report.hpp), as a program that
// links perfmail would: the request, the report, and the picture of one metric.

#include "scratch_file.hpp"

#include "perfmail/io/history_report.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/plot/look.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>

namespace {

/// A CSV of 30 commits, one sample a row: `parse_ns` steps up by 10% at commit 15, `size` stays.
std::string history_csv() {
  std::ostringstream out;
  out << "commit,metric,value\n";
  for (int c = 0; c < 30; ++c)
    for (int run = 0; run < 3; ++run) {
      const double wiggle = ((c * 7 + run * 3) % 5 - 2) * 0.5;
      out << "c" << 100 + c << ",parse_ns," << (c < 15 ? 1000.0 : 1100.0) + wiggle << '\n';
      out << "c" << 100 + c << ",size," << 500.0 + wiggle << '\n';
    }
  return out.str();
}

using perfmail::testing::scratch_file;
using perfmail::testing::usage_error_of;

}  // namespace

TEST_CASE("history report: the library reads, chooses and searches as the command does") {
  const scratch_file csv("history-report-search.csv", history_csv());
  perfmail::io::history_request request;
  request.source.csv = csv.path();
  request.metrics = {"parse*"};
  request.search.alpha = 0.02;
  request.jobs = 1;
  const perfmail::io::history_report report = perfmail::io::analyse_history(request, perfmail::io::load_limits{});
  REQUIRE(report.history.metrics.size() == 2);
  REQUIRE(report.search.metrics.size() == 1);  // size is not chosen
  const auto& changes = report.search.metrics[0].result.changes;
  REQUIRE(changes.size() == 1);
  CHECK(changes[0].index == 15);
  CHECK(report.options.alpha == 0.02);  // what the search ran with, for the JSON

  perfmail::plot::plot_options options;
  options.style = perfmail::plot::look::unicode;
  options.width = 60;
  options.height = 14;
  const std::string picture = perfmail::io::history_picture(report, "parse_ns", options);
  CHECK(picture.find("parse_ns") != std::string::npos);
  CHECK(picture.find("c114") != std::string::npos);  // the commits either side of the change
  CHECK(picture.find("c115") != std::string::npos);
  // The refusals name the metric and why, not how a caller asked for it.
  CHECK(usage_error_of([&] { return perfmail::io::history_picture(report, "parse_n", options); }) ==
        "\"parse_n\": no metric of that name in the history; did you mean \"parse_ns\"?");
  CHECK(usage_error_of([&] { return perfmail::io::history_picture(report, "size", options); }) ==
        "\"size\": the metric is not searched");
  const auto why = [&](std::string_view metric) {
    try {
      (void)perfmail::io::history_picture(report, metric, options);
    } catch (const perfmail::io::history_picture_error& refused) {
      return refused.why();
    }
    FAIL("drawn");
    return perfmail::io::picture_refusal::nothing_to_draw;
  };
  CHECK(why("parse_n") == perfmail::io::picture_refusal::unknown_metric);
  CHECK(why("size") == perfmail::io::picture_refusal::not_searched);
}

TEST_CASE("history report: a pattern that matches no metric is refused, with the name meant") {
  const scratch_file csv("history-report-unmatched.csv", history_csv());
  perfmail::io::history_request request;
  request.source.csv = csv.path();
  request.metrics = {"parse_nz"};
  CHECK(usage_error_of([&] { return perfmail::io::analyse_history(request, perfmail::io::load_limits{}); }) ==
        "--metrics \"parse_nz\" matched no metric of the results; did you mean \"parse_ns\"?");
}
