#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/io/report_json.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

using namespace perfmail;

namespace {

const std::string minimal = R"({
  "dialect": "classic",
  "commit": {"id": "e932fd3f1772e1fbc0b90dcfb4fbc689729a48f8", "subject": "mm: vmscan: kick flushers"},
  "base_commit": {"id": "2b837027cdc60ac3"},
  "test": {"name": "fio-basic", "parameters": {"runtime": "300s", "disk": "1SSD", "nr_task": 8}},
  "results": {"base": {"fio.write_iops": [1, 2, 3]}, "head": {"fio.write_iops": [4, 5, 6]}}
})";

std::string error_of(const std::string& json) {
  try {
    (void)io::parse_report(json, "r.json", ".");
  } catch (const input_error& e) {
    return e.what();
  }
  return "(no error)";
}

std::string with(const std::string& field_and_value) {
  std::string doc = minimal;
  doc.insert(doc.rfind('}'), ",\n  " + field_and_value + "\n");
  return doc;
}

}  // namespace

TEST_CASE("report document: the minimal document and its defaults") {
  const auto doc = io::parse_report(minimal, "r.json", ".");
  CHECK(doc.dialect == table_dialect::classic);
  CHECK(doc.head.subject == "mm: vmscan: kick flushers");
  CHECK(doc.base.id == "2b837027cdc60ac3");
  REQUIRE(doc.test.parameters.size() == 3);
  CHECK(doc.test.parameters[0].key == "runtime");  // the document's order, not sorted
  CHECK(doc.test.parameters[1].key == "disk");
  CHECK(doc.test.parameters[2].value == "8");
  CHECK(doc.base_results.data.find("fio.write_iops") != nullptr);
  REQUIRE(doc.head_results.size() == 1);
  CHECK(doc.table.row_order == email::table_request::order::given);
  CHECK(doc.plots.metrics_from == email::plot_request::which::none);
  CHECK(doc.text.greeting == "Greeting,");
  CHECK_FALSE(doc.text.reproduce_repository.has_value());
}

TEST_CASE("report document: every section") {
  const auto doc = io::parse_report(
      with(R"("group": {"axes": {"tbox_group": "lkp-skl-2sp2", "testcase": "vm-scalability"}},
  "table": {"order": "robot", "rows": ["a", "b"], "keep_noise": true, "policy": "utest", "alpha": 0.01},
  "plots": {"metrics": ["fio.write_iops"], "style": "gnuplot-5.0",
            "samples": {"fio.write_iops": {"good": [1, null, 3], "bad": null}}},
  "headline": {"metric": "fio.write_iops"},
  "text": {"reproduce": true, "signature": "Xiaolong"},
  "mail": {"to": ["a@example.org"], "cc": "b@example.org", "tag": "lkp-robot", "date": "Sun, 29 Nov 2026 21:07:17 +0000"},
  "directions": [{"match": "prefix", "text": "turbostat.", "better": "lower"}])"),
      "r.json", ".");
  CHECK(doc.group.axes.size() == 2);
  CHECK(doc.group.axes[0].key == "tbox_group");
  CHECK(doc.table.row_order == email::table_request::order::robot);
  CHECK(doc.table.rows.size() == 2);
  CHECK(doc.table.alpha == 0.01);
  CHECK(doc.plots.metrics_from == email::plot_request::which::listed);
  REQUIRE(doc.plots.samples.size() == 1);
  REQUIRE(doc.plots.samples[0].good.has_value());
  CHECK(std::isnan((*doc.plots.samples[0].good)[1]));
  CHECK_FALSE(doc.plots.samples[0].bad.has_value());
  CHECK(doc.text.reproduce_repository == std::string{email::robot_lkp_repository});
  CHECK(doc.mail.cc.size() == 1);
  CHECK(doc.subject_tag == "lkp-robot");
  CHECK(doc.directions.size() == 1);
}

TEST_CASE("report document: errors name the field") {
  CHECK(error_of("[]") == "r.json: the top level must be a JSON object (see docs/REPORT.md)");
  CHECK(error_of("{\"dialect\": \"classic\",}").starts_with("r.json:1:"));
  CHECK(error_of(with("\"plots\": {\"stlye\": \"x\"}")) == "r.json: field \"plots.stlye\": unknown field");
  CHECK(error_of(with("\"colour\": 1")) == "r.json: field \"colour\": unknown field");
  CHECK(error_of(R"({"dialect": "classic"})") == "r.json: field \"commit\": missing");
  CHECK(error_of(with("\"table\": {\"order\": \"random\"}")) ==
        "r.json: field \"table.order\": must be \"given\" or \"robot\"");
  CHECK(error_of(with("\"plots\": {\"width\": 0}")) ==
        "r.json: field \"plots.width\": must be a whole number from 1 to 1000");
  CHECK(error_of(with("\"plots\": {\"samples\": {\"m\": {\"good\": [\"x\"]}}}")) ==
        "r.json: field \"plots.samples.m.good\": must hold only numbers (or null for an undefined sample)");
  std::string bad_dialect = minimal;
  bad_dialect.replace(bad_dialect.find("classic"), 7, "fancy");
  CHECK(error_of(bad_dialect) == "r.json: field \"dialect\": must be \"classic\" or \"modern\"");
}

TEST_CASE("report document: a number beyond the range of a double is an input error at its place") {
  // Found by fuzz_report_json: the JSON library's own out_of_range exception escaped instead.
  CHECK(error_of(with("\"plots\": {\"samples\": {\"m\": {\"good\": [1, 219E8571]}}}")) ==
        "r.json:8:43: a number that is not a finite double (out of range): 219E8571");
  CHECK(error_of(R"({"dialect": -1e400})") == "r.json:1:13: a number that is not a finite double (out of range): -1e400");
}

TEST_CASE("report document: errors inside an inline matrix name the field") {
  std::string doc = minimal;
  doc.replace(doc.find("[4, 5, 6]"), 9, "[4, true]");
  CHECK(error_of(doc).starts_with("r.json (field \"results.head\"):1:"));
}

TEST_CASE("report document: result paths are relative to the document") {
  const auto dir = std::filesystem::temp_directory_path() / "perfmail-test-report";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "data");
  std::ofstream(dir / "data" / "base.json") << R"({"x": [1, 2]})";
  std::ofstream(dir / "data" / "head.json") << R"({"x": [3, 4]})";
  std::string doc = minimal;
  const std::string inline_base = R"({"fio.write_iops": [1, 2, 3]})";
  const std::string inline_head = R"({"fio.write_iops": [4, 5, 6]})";
  doc.replace(doc.find(inline_base), inline_base.size(), "\"data/base.json\"");
  doc.replace(doc.find(inline_head), inline_head.size(), "\"data/head.json\"");
  std::ofstream(dir / "report.json") << doc;
  const auto loaded = io::load_report(dir / "report.json");
  CHECK(loaded.base_results.data.find("x") != nullptr);
  CHECK(loaded.head_results[0].origin == (dir / "data" / "head.json").string());

  SUBCASE("a missing result file is named") {
    std::filesystem::remove(dir / "data" / "head.json");
    CHECK_THROWS_WITH_AS((void)io::load_report(dir / "report.json"),
                         doctest::Contains("head.json: no such file"), input_error);
  }
  std::filesystem::remove_all(dir);
}
