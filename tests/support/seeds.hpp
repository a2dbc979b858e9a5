#pragma once
// The seed tables' samples (tests/data/seeds/NNN.table.json) as comparison rows, and the expected text.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/model/series.hpp"
#include "perfmail/table/header.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace perfmail::test {

struct seed_table {
  table_dialect dialect = table_dialect::classic;
  table_header header;
  std::vector<comparison_row> rows;
  std::vector<std::vector<metric_series>> samples;  ///< per row; the row's name views its first column's
};

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  return {std::istreambuf_iterator<char>(in), {}};
}

inline metric_series series_from_json(const std::string& name, const nlohmann::ordered_json& samples) {
  metric_series s{name};
  for (const auto& v : samples) {
    if (v.is_null()) s.push_missing();
    else s.push_back(v.get<double>(), v.is_number_float() ? sample_kind::floating : sample_kind::integer);
  }
  return s;
}

inline seed_table load_seed(const std::string& number) {
  const auto dir = std::filesystem::path(PERFMAIL_TEST_DATA_DIR) / "seeds";
  const auto table = nlohmann::ordered_json::parse(read_text(dir / (number + ".table.json")));
  seed_table out;
  out.dialect = table.at("dialect") == "classic" ? table_dialect::classic : table_dialect::modern;
  const auto& h = table.at("header");
  if (h.contains("testcase")) out.header.testcase = h.at("testcase");
  if (h.contains("path_params")) out.header.path_params = h.at("path_params");
  if (h.contains("tbox_group")) out.header.tbox_group = h.at("tbox_group");
  if (h.contains("axes"))
    for (const auto& [key, value] : h.at("axes").items()) out.header.axes.emplace_back(key, value.get<std::string>());
  out.header.commits = h.at("commits").get<std::vector<std::string>>();
  for (const auto& row : table.at("rows")) {
    const std::string name = row.at("name");
    out.samples.push_back({series_from_json(name, row.at("base")), series_from_json(name, row.at("head"))});
    const std::vector<series_view> views(out.samples.back().begin(), out.samples.back().end());
    out.rows.push_back(make_row(views));
  }
  return out;
}

/// Every run of whitespace as one space, trimmed.
inline std::string collapse_whitespace(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

}  // namespace perfmail::test
