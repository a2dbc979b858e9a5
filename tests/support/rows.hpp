#pragma once
// Rows for renderer tests, made from samples the way compare() makes them (analysis::make_row). A row
// views its name in its samples, so the samples travel with it.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/model/series.hpp"

#include <string>
#include <utility>
#include <vector>

namespace perfmail::testing {

inline metric_series floats(std::string name, std::vector<double> v) {
  return {std::move(name), std::move(v), sample_kind::floating};
}
inline metric_series ints(std::string name, std::vector<double> v) {
  return {std::move(name), std::move(v), sample_kind::integer};
}

/// A row and the samples it was made from (its name points into them).
struct owned_row {
  std::vector<metric_series> series;
  comparison_row row;
};

inline owned_row row_of(std::vector<metric_series> columns) {
  owned_row out{std::move(columns), {}};
  const std::vector<series_view> views(out.series.begin(), out.series.end());
  out.row = make_row(views);
  return out;
}

}  // namespace perfmail::testing
