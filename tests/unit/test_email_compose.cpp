#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/email/compose.hpp"
#include "perfmail/io/matrix_json.hpp"

#include <memory>
#include <string>
#include <string_view>

using namespace perfmail;
using namespace perfmail::email;

namespace {

results results_of(const std::string& origin, std::string_view json) {
  return {origin, std::make_shared<const matrix>(io::parse_matrix(json, origin))};
}

report_document sample_document() {
  report_document doc;
  doc.dialect = table_dialect::classic;
  doc.head = {"e932fd3f1772e1fbc0b90dcfb4fbc689729a48f8", "mm: vmscan: kick flushers", "", ""};
  doc.base = {"2b837027cdc60ac3", "", "", ""};
  doc.test = {"fio-basic", {{"runtime", "300s"}}, "", ""};
  doc.group = {"fio-basic", "300s", "lkp-bdw-de1", {}};
  doc.base_results = results_of("base", R"({"fio.write_bw_MBps": [66.0, 67.0, 65.0], "fio.write_clat_mean_us": [470, 468, 472],
                                           "turbostat.Avg_MHz": [560, 562, 564]})");
  doc.head_results.push_back(results_of("head", R"({"fio.write_bw_MBps": [82.0, 83.0, 81.0], "fio.write_clat_mean_us": [377, 379, 375],
                                    "turbostat.Avg_MHz": [561, 563, 562]})"));
  return doc;
}

}  // namespace

TEST_CASE("compose: plot titles replace what the robot's gnuplot titles cannot hold") {
  CHECK(plot_title("fio.latency_4ms%") == "fio.latency_4ms_");
  CHECK(plot_title("fio.write_clat_90%_us") == "fio.write_clat_90__us");
  CHECK(plot_title("perf-stat.dTLB-loads") == "perf-stat.dTLB-loads");
  CHECK(plot_title("a b/c:d+e=f") == "a_b_c:d+e=f");
}

TEST_CASE("compose: the robot's rules pick the rows, the first performance row makes the headline") {
  const auto report = compose(sample_document());
  REQUIRE(report.rows.size() == 2);  // turbostat.Avg_MHz did not change
  CHECK(report.headline_metric == "fio.write_bw_MBps");
  CHECK(report.body.find("FYI, we noticed a 24% improvement of fio.write_bw_MBps due to commit:") != std::string::npos);
  CHECK(report.body.find("turbostat.Avg_MHz") == std::string::npos);
  CHECK(report.subject == "[mm] e932fd3f1772: fio.write_bw_MBps 24% improvement");
}

TEST_CASE("compose: the subject is one line whatever the commit subject and the words hold") {
  // Found by fuzz_email_compose: a commit subject with a newline made a subject of two lines.
  auto doc = sample_document();
  doc.head.subject = "mm: vmscan:\nkick flushers";
  doc.headline.word = "big\r\nwin";
  CHECK(compose(doc).subject == "[mm] e932fd3f1772: fio.write_bw_MBps 24% big win");
  doc.mail.subject = "given\nsubject";
  CHECK(compose(doc).subject == "given subject");
}

TEST_CASE("compose: the headline metric and word can be chosen") {
  auto doc = sample_document();
  doc.headline.metric = "fio.write_clat_mean_us";
  SUBCASE("lower latency is an improvement") {
    CHECK(compose(doc).body.find("a -20% improvement of fio.write_clat_mean_us") != std::string::npos);
  }
  SUBCASE("a caller's direction rule wins") {
    doc.directions.push_back({{name_match::exact, "fio.write_clat_mean_us"}, better::higher});
    CHECK(compose(doc).body.find("a -20% regression of fio.write_clat_mean_us") != std::string::npos);
  }
  SUBCASE("an unknown metric is an error naming the field") {
    doc.headline.metric = "fio.nothing";
    CHECK_THROWS_WITH_AS((void)compose(doc), doctest::Contains("headline.metric"), input_error);
  }
}

TEST_CASE("compose: modern emails repeat the table's signed change") {
  auto doc = sample_document();
  doc.dialect = table_dialect::modern;
  doc.group.axes = {{"tbox_group", "lkp-bdw-de1"}, {"testcase", "fio-basic"}};
  const auto report = compose(doc);
  CHECK(report.body.find("We noticed a +24.2% improvement of fio.write_bw_MBps") != std::string::npos);
  CHECK(report.body.find("FYI") == std::string::npos);
}

TEST_CASE("compose: explicit rows, in the document's order") {
  auto doc = sample_document();
  doc.table.rows = {"turbostat.Avg_MHz", "fio.write_bw_MBps"};
  const auto report = compose(doc);
  REQUIRE(report.rows.size() == 2);
  CHECK(report.rows[0]->name == "turbostat.Avg_MHz");
  CHECK(report.body.find("turbostat.Avg_MHz") < report.body.find("fio.write_bw_MBps\n"));
  doc.table.rows = {"nope"};
  CHECK_THROWS_WITH_AS((void)compose(doc), doctest::Contains("\"nope\""), input_error);
}

TEST_CASE("compose: plots of base against head, of the bisection, or of given samples") {
  auto doc = sample_document();
  doc.plots.metrics_from = plot_request::which::changed;
  SUBCASE("changed metrics, base as good and head as bad") {
    const auto report = compose(doc);
    CHECK(report.plotted == std::vector<std::string>{"fio.write_bw_MBps", "fio.write_clat_mean_us"});
    CHECK(report.body.find("fio.write_clat_mean_us\n\n") != std::string::npos);  // a title line
    CHECK(report.body.find("*") != std::string::npos);                          // 4.6 look marks good samples
  }
  SUBCASE("the bisection's commits in order") {
    doc.plots.metrics_from = plot_request::which::listed;
    doc.plots.metrics = {"fio.write_bw_MBps"};
    doc.plots.style = "gnuplot-5.4";
    doc.plots.bisection = {{"a", true, results_of("a", R"({"fio.write_bw_MBps": [60, 61]})")},
                           {"b", false, results_of("b", R"({"fio.write_bw_MBps": [90, 91]})")},
                           {"c", true, results_of("c", R"({"fio.write_bw_MBps": [62]})")}};
    const auto report = compose(doc);
    // Good samples 60, 61, 62 and bad 90, 91: the y axis spans 60 to 95 or so, never the head's 81..83.
    CHECK(report.body.find(" 90 |") != std::string::npos);
    CHECK(report.body.find(" 82 ") == std::string::npos);
  }
  SUBCASE("given samples, and no plot where nothing can be drawn") {
    doc.plots.metrics_from = plot_request::which::listed;
    doc.plots.metrics = {"fio.write_bw_MBps", "fio.write_clat_mean_us"};
    doc.plots.samples = {{"fio.write_bw_MBps", std::vector<double>{}, std::vector<double>{}},
                         {"fio.write_clat_mean_us", std::vector<double>{1, 2, 3}, std::nullopt}};
    const auto report = compose(doc);
    CHECK(report.plotted == std::vector<std::string>{"fio.write_clat_mean_us"});
  }
  SUBCASE("an unknown style names the field") {
    doc.plots.style = "gnuplot-9";
    CHECK_THROWS_WITH_AS((void)compose(doc), doctest::Contains("plots.style"), input_error);
  }
}

TEST_CASE("compose: the message of a report carries its subject, and the Message-ID its body names") {
  report_document doc = sample_document();
  doc.mail.from = "Perf Tester <perf@example.org>";
  doc.mail.date = "Sun, 06 Dec 2026 21:00:00 +0000";
  const composed_report r = compose(doc);
  composed_report named = r;
  named.message_id = "report-1@example.org";
  const std::string message = message_of(named, doc.mail);
  REQUIRE(r.subject.size() < 70);  // one line, unfolded: checked whole
  CHECK(message.find("\nSubject: " + r.subject + "\n") != std::string::npos);
  CHECK(message.find("Message-ID: <report-1@example.org>") != std::string::npos);
  CHECK(message.find("From: Perf Tester <perf@example.org>") != std::string::npos);
  // The document's own Message-ID wins over the one derived for the body.
  mail_headers own = doc.mail;
  own.message_id = "mine@example.org";
  CHECK(message_of(named, own).find("Message-ID: <mine@example.org>") != std::string::npos);
  // A header mbox_message refuses is refused here too.
  mail_headers bad = doc.mail;
  bad.from.clear();
  CHECK_THROWS_AS((void)message_of(named, bad), mail_header_error);
}
