#include <doctest/doctest.h>

#include "perfmail/io/comparison_json.hpp"

#include "perfmail/error.hpp"

#include "io/json_writing.hpp"

#include <nlohmann/json.hpp>

#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

using namespace perfmail;

namespace {

/// Every metric of `base` against `head` under the policy `kind`, shown or not.
comparison compare_all(const matrix& base, const matrix& head, policy_kind kind) {
  compare_options o;
  o.policy.kind = kind;
  o.all = true;
  const std::vector<matrix> cols{base, head};
  return compare(cols, o);
}

table_header header_of(std::string base, std::string head) {
  table_header h;
  h.commits = {std::move(base), std::move(head)};
  return h;
}

}  // namespace

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

namespace {

/// A JSON text with each number outside strings replaced by `#`, and the numbers in order: two texts
/// with the same skeleton have the same layout, whatever the spelling of their numbers.
struct json_skeleton {
  std::string text;
  std::vector<std::string> numbers;
};

json_skeleton skeleton_of(std::string_view json) {
  json_skeleton out;
  bool in_string = false;
  for (std::size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      out.text += c;
      if (c == '\\') out.text += json[++i];
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    if (c == '-' || (c >= '0' && c <= '9')) {
      const std::size_t end = json.find_first_not_of("0123456789+-.eE", i);
      out.numbers.emplace_back(json.substr(i, end - i));
      out.text += '#';
      i = end - 1;
      continue;
    }
    out.text += c;
  }
  return out;
}

}  // namespace

TEST_CASE("comparison JSON is laid out as nlohmann lays out the same document, in every indentation") {
  // The writer streams the document without building it. Read back and written again by the JSON
  // library with the same settings, it must have the same order, spacing and escapes, whatever the names
  // hold, and the same numbers: integers alike, doubles as the same double, never in more characters
  // (nlohmann's Grisu2 sometimes gives more digits than the shortest, or a last digit further from the
  // double's exact value; perfmail writes the shortest and nearest:
  // tests/unit/test_json_number.cpp). Written again by perfmail's own writer of trees, it is the same bytes.
  const std::vector<std::string> names{
      "fio.write_bw_MBps",  "quote\"and\\back",     "tab\tnew\nline\x01\x1f\x7f", "caf\xc3\xa9 \xe2\x82\xac",
      "emoji \xf0\x9f\x98\x80", "bad \xff\xfe utf8", "bad lead \xc3",                "latency_ms",
      "dmesg.BUG:x",        "will-it-scale.per_thread_ops",
      // Escapes past the first eight bytes, which are checked a word at a time.
      "a_long_metric_name\"quoted", "a_long_metric_name\\slash", "a_long_metric_name_with_del_\x7f_x",
      "a_long_metric_name_tab\tx", "a_long_metric_\xc3\xa9_name", "sixteen_bytes_ok"};
  std::size_t spelled_otherwise = 0;
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
    const comparison cmp = compare_all(base, head, policy);
    const table_header h = header_of("b\xc3\xa4se", "head");
    for (const int indent : {-1, 0, 2, 4, 16}) {  // 16: lines longer than the constant one
      io::comparison_json_options j;
      j.indent = indent;
      const std::string written = io::comparison_to_json(cmp, h, j);
      const auto parsed = nlohmann::ordered_json::parse(written);
      const std::string again =
          parsed.dump(indent, ' ', true, nlohmann::ordered_json::error_handler_t::replace) + '\n';
      CAPTURE(indent);
      const json_skeleton ours = skeleton_of(written);
      const json_skeleton theirs = skeleton_of(again);
      CHECK(ours.text == theirs.text);
      REQUIRE(ours.numbers.size() == theirs.numbers.size());
      for (std::size_t k = 0; k < ours.numbers.size(); ++k) {
        CAPTURE(ours.numbers[k]);
        CAPTURE(theirs.numbers[k]);
        CHECK(std::stod(ours.numbers[k]) == std::stod(theirs.numbers[k]));
        CHECK(ours.numbers[k].size() <= theirs.numbers[k].size());
        CHECK((ours.numbers[k].find_first_of(".eE") == std::string::npos) ==
              (theirs.numbers[k].find_first_of(".eE") == std::string::npos));
        if (ours.numbers[k] != theirs.numbers[k]) ++spelled_otherwise;
      }
      CHECK(io::detail::dumped(parsed, indent) + '\n' == written);
    }
  }
  // The document holds doubles that Grisu2 spells otherwise (more digits, or a last digit further from
  // the double's exact value): the checks above have teeth.
  CHECK(spelled_otherwise > 0);
}

namespace {

/// A comparison of `metrics` metrics of six runs a side, every one changed by a different amount.
comparison many_metrics(std::size_t metrics) {
  matrix base;
  matrix head;
  for (std::size_t i = 0; i < metrics; ++i) {
    std::vector<double> a;
    std::vector<double> b;
    for (int r = 0; r < 6; ++r) {
      a.push_back(1000.0 + static_cast<double>(i) * 0.731 + r * 0.37);
      b.push_back(a.back() * (1.0 + static_cast<double>(i % 7) * 0.05));
    }
    base.add(metric_series{"fio.metric_" + std::to_string(i), a, sample_kind::floating});
    head.add(metric_series{"fio.metric_" + std::to_string(i), b, sample_kind::floating});
  }
  compare_options o;
  o.all = true;
  const std::vector<matrix> cols{base, head};
  return compare(cols, o);
}

}  // namespace

TEST_CASE("comparison JSON streamed: the same bytes as the whole document, in pieces") {
  const comparison cmp = many_metrics(300);  // some 250 KB indented: several of the stream's buffers
  const comparison further_cmp = many_metrics(3);
  table_header h;
  h.commits = {"base", "head"};
  std::vector<io::further_comparison> further(1);
  further[0].testcase = "fio-basic";
  further[0].metric = "fio.metric_1";
  further[0].table = &further_cmp;
  further[0].header = h;
  for (const int indent : {-1, 2}) {
    for (const bool with_further : {false, true}) {
      io::comparison_json_options j;
      j.indent = indent;
      const std::span<const io::further_comparison> tests =
          with_further ? std::span<const io::further_comparison>{further} : std::span<const io::further_comparison>{};
      std::vector<std::string> pieces;
      auto collect = [&](std::string_view piece) { pieces.emplace_back(piece); };
      io::write_comparison_json(collect, cmp, h, tests, j);
      std::string streamed;
      for (const auto& piece : pieces) streamed += piece;
      CAPTURE(indent);
      CAPTURE(with_further);
      CHECK(pieces.size() >= 3);
      CHECK(streamed == io::comparison_to_json(cmp, h, tests, j));
    }
  }
}

TEST_CASE("comparison JSON streamed: a number JSON cannot hold is refused before anything is given") {
  comparison cmp = many_metrics(300);
  // The last metric's, after more than a buffer of text: a stream that wrote as it went would have given
  // the sink most of the document.
  cmp.rows.back().columns[1].stddev = std::numeric_limits<double>::infinity();
  table_header h;
  h.commits = {"base", "head"};
  std::size_t pieces = 0;
  auto count = [&](std::string_view) { ++pieces; };
  CHECK_THROWS_AS(io::write_comparison_json(count, cmp, h), value_error);
  CHECK(pieces == 0);
  const std::string expected = "metric \"" + std::string{cmp.rows.back().name} + "\": the stddev is beyond the range of a double";
  CHECK_THROWS_WITH_AS(io::write_comparison_json(count, cmp, h), expected.c_str(), value_error);
  CHECK_THROWS_WITH_AS(io::comparison_to_json(cmp, h), expected.c_str(), value_error);
}

TEST_CASE("comparison JSON streamed: a change the table cannot print is refused before anything is given") {
  // Over a zero base the change in percent is taken over 1e-100, as the robot's table takes it: for a
  // head of 1e300 that is beyond a double, and the printed change, which the JSON carries, is refused.
  // No other value of the row is refused, so only checking the printed change first keeps the stream
  // empty.
  matrix base;
  matrix head;
  base.add(metric_series{"fio.zero_base", {0, 0, 0}, sample_kind::floating});
  head.add(metric_series{"fio.zero_base", {1e300, 1e300, 1e300}, sample_kind::floating});
  for (std::size_t i = 0; i < 300; ++i) {
    const std::string name = "fio.metric_" + std::to_string(i);
    base.add(metric_series{name, {100.0 + static_cast<double>(i), 101, 102}, sample_kind::floating});
    head.add(metric_series{name, {110.0 + static_cast<double>(i), 111, 112}, sample_kind::floating});
  }
  compare_options o;
  o.all = true;
  const std::vector<matrix> cols{base, head};
  const comparison cmp = compare(cols, o);
  // The refused row last, after more than a buffer of text.
  std::vector<const comparison_row*> order;
  const comparison_row* refused = nullptr;
  for (const auto& row : cmp.rows) {
    if (row.name == "fio.zero_base")
      refused = &row;
    else
      order.push_back(&row);
  }
  REQUIRE(refused != nullptr);
  order.push_back(refused);
  table_header h;
  h.commits = {"base", "head"};
  io::comparison_json_options j;
  j.rows = std::span<const comparison_row* const>{order};
  std::size_t pieces = 0;
  auto count = [&](std::string_view) { ++pieces; };
  CHECK_THROWS_WITH_AS(io::write_comparison_json(count, cmp, h, {}, j),
                       doctest::Contains("change of the mean"), value_error);
  CHECK(pieces == 0);
}

TEST_CASE("comparison JSON: a difference of the means beyond a double is null, as the tables print none") {
  // Means near -1.7e308 and +1.7e308: the change of -200% is a double and every table prints it; the
  // difference of 3.4e308 is not, and is null (no estimate in that unit), so JSON answers where text does.
  matrix base;
  matrix head;
  std::vector<double> low;
  std::vector<double> high;
  for (int i = 0; i < 20; ++i) {
    low.push_back(-1.7e308 * (0.95 + 0.005 * i));
    high.push_back(1.7e308 * (0.95 + 0.005 * i));
  }
  base.add(metric_series{"value", low, sample_kind::floating});
  head.add(metric_series{"value", high, sample_kind::floating});
  for (const policy_kind kind : {policy_kind::robot, policy_kind::mann_whitney, policy_kind::welch}) {
    CAPTURE(kind);
    const auto doc = nlohmann::json::parse(io::comparison_to_json(compare_all(base, head, kind), header_of("good", "bad")));
    const auto& change = doc.at("metrics").at(0).at("changes").at(0);
    CHECK(change.at("absolute").is_null());
    CHECK(change.at("relative_percent").get<double>() == doctest::Approx(-200));
    if (kind != policy_kind::robot) CHECK(change.at("changed") == true);
  }
}
