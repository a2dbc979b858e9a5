#include <doctest/doctest.h>

#include "perfmail/io/comparison_json.hpp"

#include <nlohmann/json.hpp>

using namespace perfmail;

TEST_CASE("comparison JSON carries summaries, changes, verdicts and p-values for every metric") {
  matrix base;
  base.add(metric_series{"fio.bw", {100, 101, 102, 103, 104}, sample_kind::integer});
  base.add(metric_series{"fio.flat", {5, 5, 5, 5, 5}, sample_kind::integer});
  matrix head;
  head.add(metric_series{"fio.bw", {110, 111, 112, 113, 114}, sample_kind::integer});
  head.add(metric_series{"fio.flat", {5, 5, 5, 5, 5}, sample_kind::integer});
  compare_options o;
  o.policy.kind = policy_kind::mann_whitney;
  const std::vector<matrix> cols{base, head};
  const comparison cmp = compare(cols, o);
  table_header h;
  h.commits = {"base", "head"};
  const auto doc = nlohmann::json::parse(io::comparison_to_json(cmp, h));
  CHECK(doc.at("policy") == "utest");
  CHECK(doc.at("alpha") == 0.05);
  CHECK(doc.at("columns").at(1).at("commit") == "head");
  REQUIRE(doc.at("metrics").size() == 2);
  const auto& bw = doc.at("metrics").at(0);
  CHECK(bw.at("name") == "fio.bw");
  CHECK(bw.at("selected") == true);
  CHECK(bw.at("columns").at(0).at("mean") == 102.0);
  CHECK(bw.at("changes").at(0).at("printed") == "+9.8%");
  CHECK(bw.at("changes").at(0).at("p_value").get<double>() == doctest::Approx(2.0 / 252));
  const auto& flat = doc.at("metrics").at(1);
  CHECK(flat.at("selected") == false);
  CHECK(flat.at("changes").at(0).at("changed") == false);
}

TEST_CASE("comparison JSON writes names that are not UTF-8 with U+FFFD") {
  // Found by fuzz_table_render: the JSON library threw its own exception for such a name.
  matrix base;
  base.add(metric_series{"fio.bw\xff\x8a", {100, 101}, sample_kind::integer});
  matrix head;
  head.add(metric_series{"fio.bw\xff\x8a", {200, 201}, sample_kind::integer});
  const std::vector<matrix> cols{base, head};
  table_header h;
  h.commits = {"base\xc3", "head"};
  const auto doc = nlohmann::json::parse(io::comparison_to_json(compare(cols), h));
  CHECK(doc.at("metrics").at(0).at("name") == "fio.bw\ufffd\ufffd");
  CHECK(doc.at("columns").at(0).at("commit") == "base\ufffd");
}

TEST_CASE("comparison JSON is written as nlohmann writes the same document, in every indentation") {
  // The writer streams the document without building it; read back and written again by the JSON
  // library with the same settings, it must give the same bytes: the same order, spacing, escapes and
  // numbers (integers as integers, doubles shortest with `.0`), whatever the names hold.
  const std::vector<std::string> names{
      "fio.write_bw_MBps",  "quote\"and\\back",     "tab\tnew\nline\x01\x1f\x7f", "caf\xc3\xa9 \xe2\x82\xac",
      "emoji \xf0\x9f\x98\x80", "bad \xff\xfe utf8", "bad lead \xc3",                "latency_ms",
      "dmesg.BUG:x",        "will-it-scale.per_thread_ops"};
  for (const policy_kind policy : {policy_kind::robot, policy_kind::mann_whitney, policy_kind::welch}) {
    matrix base;
    matrix head;
    for (std::size_t i = 0; i < names.size(); ++i) {
      std::vector<double> a;
      std::vector<double> b;
      for (int r = 0; r < 6; ++r) {
        a.push_back(1000.0 / static_cast<double>(i + 1) + r * 0.37 + 1e-7);
        b.push_back(i % 3 == 0 ? a.back() * 1.8 : a.back() + (i % 2 == 0 ? 1e15 : 1e-9));
      }
      if (i == 4) b.back() = 0;  // a zero among the samples
      base.add(metric_series{names[i], a, i % 2 == 0 ? sample_kind::floating : sample_kind::integer});
      head.add(metric_series{names[i], b, sample_kind::floating});
    }
    compare_options o;
    o.policy.kind = policy;
    o.all = true;
    const std::vector<matrix> cols{base, head};
    const comparison cmp = compare(cols, o);
    table_header h;
    h.commits = {"b\xc3\xa4se", "head"};
    for (const int indent : {-1, 0, 2, 4}) {
      io::comparison_json_options j;
      j.indent = indent;
      const std::string written = io::comparison_to_json(cmp, h, j);
      const auto parsed = nlohmann::ordered_json::parse(written);
      const std::string again =
          parsed.dump(indent, ' ', true, nlohmann::ordered_json::error_handler_t::replace) + '\n';
      CAPTURE(indent);
      CHECK(written == again);
    }
  }
}
