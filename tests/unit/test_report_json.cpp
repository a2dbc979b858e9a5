#include <doctest/doctest.h>
#include <fmt/core.h>

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
  CHECK(doc.base_results.data->find("fio.write_iops") != nullptr);
  REQUIRE(doc.head_results.size() == 1);
  CHECK(doc.table.order == row_order::given);
  CHECK(doc.plots.metrics_from == email::plot_request::which::none);
  CHECK(doc.table.correction == p_correction::bh);
  CHECK_FALSE(doc.table.min_change_percent.has_value());
  CHECK(doc.text.greeting == "Greeting,");
  CHECK_FALSE(doc.text.reproduce_repository.has_value());
}

TEST_CASE("report document: every section") {
  const auto doc = io::parse_report(
      with(R"("group": {"axes": {"tbox_group": "lkp-skl-2sp2", "testcase": "vm-scalability"}},
  "table": {"order": "robot", "rows": ["fio.write_iops"], "keep_noise": true, "policy": "utest", "alpha": 0.01,
            "correction": "holm", "min_change_percent": 2},
  "plots": {"metrics": ["fio.write_iops"], "style": "gnuplot-5.0",
            "samples": {"fio.write_iops": {"good": [1, null, 3], "bad": null}}},
  "headline": {"metric": "fio.write_iops"},
  "text": {"reproduce": true, "signature": "Xiaolong"},
  "mail": {"to": ["a@example.org"], "cc": "b@example.org", "tag": "lkp-robot", "date": "Sun, 29 Nov 2026 21:07:17 +0000"},
  "directions": [{"match": "prefix", "text": "turbostat.", "better": "lower"}])"),
      "r.json", ".");
  CHECK(doc.group.axes.size() == 2);
  CHECK(doc.group.axes[0].key == "tbox_group");
  CHECK(doc.table.order == row_order::robot);
  CHECK(doc.table.rows.size() == 1);
  CHECK(doc.table.alpha == 0.01);
  CHECK(doc.table.correction == p_correction::holm);
  CHECK(doc.table.min_change_percent == 2);
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

TEST_CASE("report document: errors name the place in the user's file and the field") {
  CHECK(error_of("[]") == "r.json:1:1: the top level must be a JSON object (see docs/REPORT.md)");
  CHECK(error_of("{\"dialect\": \"classic\",}") == "r.json:1:22: a trailing comma before '}'");
  CHECK(error_of(with("\"plots\": {\"stlye\": \"x\"}")) ==
        "r.json:8:13: plots.stlye: unknown field; the nearest known field is \"style\"");
  CHECK(error_of(with("\"colour\": 1")) == "r.json:8:3: colour: unknown field; the nearest known field is \"layout\"");
  CHECK(error_of(R"({"dialect": "classic"})") == "r.json:1:1: results: missing");
  CHECK(error_of(with("\"table\": {\"order\": \"random\"}")) ==
        "r.json:8:22: table.order: must be one of \"given\", \"robot\"");
  CHECK(error_of(with("\"plots\": {\"width\": 0}")) == "r.json:8:22: plots.width: 0 is below 32");
  CHECK(error_of(with("\"plots\": {\"style\": \"unicode\", \"height\": 501}")) == "r.json:8:43: plots.height: 501 is above 500");
  CHECK(error_of(with("\"table\": {\"alpha\": 1}")) == "r.json:8:22: table.alpha: 1 is not below 1");
  CHECK(error_of(with("\"table\": {\"gap\": -2}")) == "r.json:8:20: table.gap: -2 is not above 0");
  CHECK(error_of(with("\"table\": {\"correction\": \"fdr\"}")) ==
        "r.json:8:27: table.correction: must be one of \"none\", \"bh\", \"by\", \"holm\", \"bonferroni\"");
  CHECK(error_of(with("\"plots\": {\"metrics\": [\"fio.write_iops\"], \"samples\": {\"fio.write_iops\": {\"good\": [\"x\"]}}}")) ==
        "r.json:8:84: plots.samples.fio.write_iops.good[0]: must be a number, or null for an undefined sample");
  std::string bad_dialect = minimal;
  bad_dialect.replace(bad_dialect.find("classic"), 7, "fancy");
  CHECK(error_of(bad_dialect) == "r.json:2:14: dialect: must be one of \"classic\", \"modern\", \"current\"");
}

TEST_CASE("report document: the reproduce block's form and place, the subject's spacing, empty lines, attachments") {
  const auto doc = io::parse_report(
      with(R"("text": {"reproduce_commands": "split-job", "reproduce_place": "after-tables",
           "empty_lines": {"leading": 0, "before_disclaimer": 3}},
  "mail": {"spaces_after_bracket": 1, "attachments": ["run/job.yaml", "config"]})"),
      "r.json", "docs");
  CHECK(doc.blocks.reproduce_commands == email::reproduce_form::split_job);
  CHECK(doc.blocks.reproduce_after_tables);
  CHECK(doc.blocks.empty_lines.leading == 0);
  CHECK(doc.blocks.empty_lines.before_disclaimer == 3);
  CHECK_FALSE(doc.blocks.empty_lines.after_parameters.has_value());
  CHECK_FALSE(doc.blocks.empty_lines.trailing.has_value());
  CHECK(doc.blocks.spaces_after_bracket == 1);
  // Attachments are relative to the document, as its results are.
  CHECK(doc.attachments == std::vector<std::string>{"docs/run/job.yaml", "docs/config"});
  CHECK(email::attaches_job_file(doc));
  const auto defaults = io::parse_report(minimal, "r.json", ".");
  CHECK_FALSE(defaults.blocks.reproduce_commands.has_value());
  CHECK_FALSE(defaults.blocks.reproduce_after_tables);
  CHECK(defaults.blocks.spaces_after_bracket == 2);
  CHECK_FALSE(email::attaches_job_file(defaults));

  CHECK(error_of(with(R"("text": {"reproduce_commands": "sudo"})")) ==
        "r.json:8:34: text.reproduce_commands: must be one of \"none\", \"lkp-run\", \"split-job\", \"sudo-split-job\"");
  CHECK(error_of(with(R"("text": {"reproduce_place": "end"})")) ==
        "r.json:8:31: text.reproduce_place: must be one of \"before-tables\", \"after-tables\"");
  CHECK(error_of(with(R"("text": {"empty_lines": {"leading": 12}})")) ==
        "r.json:8:39: text.empty_lines.leading: 12 is above 9");
  CHECK(error_of(with(R"("text": {"empty_lines": {"after": 1}})")).find("text.empty_lines.after: unknown field") != std::string::npos);
  CHECK(error_of(with(R"("mail": {"spaces_after_bracket": 3})")) == "r.json:8:36: mail.spaces_after_bracket: 3 is above 2");
  CHECK(error_of(with(R"("mail": {"attachments": [""]})")) == "r.json:8:27: mail.attachments[0]: must name a file");
  // A document attaches files of its own directory only: never the user's other files.
  for (const char* outside : {"/etc/passwd", "../secret", "run/../../secret"})
    CHECK(error_of(with(fmt::format(R"("mail": {{"attachments": ["{}"]}})", outside))) ==
          "r.json:8:27: mail.attachments[0]: must be a file in the document's directory or below it (give any other "
          "file with --attach)");
  // A document in the working directory (`report d.json`: its directory is the empty path) attaches a
  // file of that directory that is missing, which the reading then names as missing, and nothing outside it.
  const std::string missing_here = with(R"("mail": {"attachments": ["no-such-job.yaml", "run/no-such.yaml"]})");
  CHECK(io::parse_report(missing_here, "r.json", "").attachments ==
        std::vector<std::string>{"no-such-job.yaml", "run/no-such.yaml"});
  for (const char* outside : {"/etc/passwd", "../secret", "run/../../secret"})
    CHECK_THROWS_WITH_AS(io::parse_report(with(fmt::format(R"("mail": {{"attachments": ["{}"]}})", outside)), "r.json", ""),
                         doctest::Contains("must be a file in the document's directory or below it"), input_error);
  // A name no message can carry is the document's mistake, named where it is.
  CHECK(error_of(with(R"("mail": {"attachments": ["job\nyaml"]})")) ==
        "r.json:8:27: mail.attachments[0]: \"job\\x0Ayaml\": not one line of UTF-8 (byte 4)");
}

TEST_CASE("report document: a key twice is an error naming both places") {
  CHECK(error_of(with("\"machine\": {\"name\": \"a\",\n    \"name\": \"b\"}")) ==
        "r.json:9:5: machine.name: the key appears twice (first at 8:15)");
  std::string twice = minimal;
  twice.replace(twice.find("[4, 5, 6]"), 9, "[4, 5, 6], \"fio.write_iops\": [7]");
  CHECK(error_of(twice) == "r.json:6:92: results.head.fio.write_iops: the key appears twice (first at 6:63)");
}

TEST_CASE("report document: every metric it names must be in the results") {
  CHECK(error_of(with("\"table\": {\"rows\": [\"fio.write_iops\", \"fio.write_ipos\"]}")) ==
        "r.json:8:40: table.rows[1]: no results have the metric \"fio.write_ipos\"");
  CHECK(error_of(with("\"headline\": {\"metric\": \"nope\"}")) ==
        "r.json:8:26: headline.metric: no results have the metric \"nope\"");
  CHECK(error_of(with("\"plots\": {\"metrics\": [\"nope\"]}")) ==
        "r.json:8:25: plots.metrics[0]: no results have the metric \"nope\"");
  CHECK(error_of(with("\"plots\": {\"metrics\": [\"fio.write_iops\"], \"samples\": {\"other\": {\"good\": [1]}}}")) ==
        "r.json:8:56: plots.samples.other: samples for a metric that plots.metrics does not list");
  // A listed plot may be drawn from samples alone.
  CHECK(error_of(with("\"plots\": {\"metrics\": [\"given\"], \"samples\": {\"given\": {\"good\": [1]}}}")) == "(no error)");
  // Keys of plots.samples are metric names: the one rule for names applies, and a long one is cut in
  // the path so that the reason follows it.
  CHECK(error_of(with("\"plots\": {\"samples\": {\"fio.write\u200B_iops\": {\"good\": [1]}}}")).ends_with(
      "plots.samples: a metric name holding an invisible formatting character (U+200B): two names would read "
      "alike in tables, plots and mail"));
  const std::string long_name(3000, 'x');
  CHECK(error_of(with("\"plots\": {\"metrics\": [\"fio.write_iops\"], \"samples\": {\"" + long_name + "\": {\"good\": [1]}}}"))
            .ends_with(": plots.samples." + std::string(40, 'x') + "...: samples for a metric that plots.metrics does not list"));
}

TEST_CASE("report document: numbers follow JSON's grammar and fit a double") {
  // Found by fuzz_report_json: the JSON library's own out_of_range exception escaped instead.
  CHECK(error_of(with("\"plots\": {\"samples\": {\"m\": {\"good\": [1, 219E8571]}}}")) ==
        "r.json:8:43: a number beyond the range of a double: \"219E8571\"");
  CHECK(error_of(R"({"dialect": -1e400})") == "r.json:1:13: a number beyond the range of a double: \"-1e400\"");
  CHECK(error_of(R"({"dialect": 0123})") == "r.json:1:13: not a JSON number: \"0123\"");
}

TEST_CASE("report document: a matrix written in the document is read as a matrix.json, placed in the document") {
  std::string doc = minimal;
  doc.replace(doc.find("[4, 5, 6]"), 9, "[4, true]");
  CHECK(error_of(doc) == "r.json:6:85: metric \"fio.write_iops\": a sample is true or false; expected a number");
  SUBCASE("the limit of runs holds inside documents too") {
    CHECK_THROWS_WITH_AS((void)io::parse_report(minimal, "r.json", ".", {.max_runs = 2}),
                         "r.json:6:42: metric \"fio.write_iops\" has more than 2 samples (the limit of runs)",
                         input_error);
  }
  SUBCASE("nesting beyond the limit is refused without recursion") {
    std::string deep = minimal;
    deep.replace(deep.find("[4, 5, 6]"), 9, std::string(100000, '[') + std::string(100000, ']'));
    CHECK(error_of(deep) == "r.json:6:142: JSON nested more than 64 levels deep");
  }
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
  CHECK(loaded.base_results.data->find("x") != nullptr);
  CHECK(loaded.head_results[0].origin == (dir / "data" / "head.json").string());

  SUBCASE("a missing result file is named") {
    std::filesystem::remove(dir / "data" / "head.json");
    CHECK_THROWS_WITH_AS((void)io::load_report(dir / "report.json"),
                         doctest::Contains("head.json: no such file"), input_error);
  }
  std::filesystem::remove_all(dir);
}
