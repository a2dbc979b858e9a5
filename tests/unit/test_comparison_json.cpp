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
