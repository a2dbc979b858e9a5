// The ends of a bisection measured before it (include/perfmail/io/bisect_ends.hpp).

#include "perfmail/io/bisect_ends.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/text/nearest_name.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/core.h>

namespace perfmail::io {

namespace {

std::vector<double> samples_in(const matrix& m, std::string_view metric) {
  const series_view* s = m.find(metric);
  return s == nullptr ? std::vector<double>{} : s->present_values();
}

/// The metric judged: `metric`, which every results path must have, or the one metric they share.
std::string metric_of(std::string_view metric, std::span<const matrix> ends, std::span<const std::filesystem::path> paths) {
  if (!metric.empty()) {
    for (std::size_t i = 0; i < ends.size(); ++i) {
      if (ends[i].contains(metric)) continue;
      std::vector<std::string_view> names;
      for (const series_view& s : ends[i].metrics()) names.push_back(s.name());
      throw usage_error(fmt::format("{}: no metric {}{}", text::printable(paths[i].string()), text::quoted(metric),
                                    text::did_you_mean(metric, names)));
    }
    return std::string(metric);
  }
  std::vector<std::string_view> shared;
  for (const series_view& s : ends.front().metrics()) {
    bool everywhere = true;
    for (const matrix& m : ends) everywhere = everywhere && m.contains(s.name());
    if (everywhere) shared.push_back(s.name());
  }
  if (shared.size() == 1) return std::string(shared.front());
  if (shared.empty()) throw usage_error("the good and bad results have no metric in common");
  throw usage_error(fmt::format("the good and bad results share {} metrics ({}, ...): name one with --metric",
                                shared.size(), text::quoted(shared.front())));
}

}  // namespace

stored_ends read_stored_ends(std::span<const std::filesystem::path> good, std::span<const std::filesystem::path> bad,
                             std::string_view metric, const load_limits& limits) {
  std::vector<matrix> ends;
  std::vector<std::filesystem::path> paths;
  for (const auto side : {good, bad})
    for (const std::filesystem::path& path : side) {
      ends.push_back(load_results(path, limits));
      paths.push_back(path);
    }
  stored_ends out;
  out.metric = metric_of(metric, ends, paths);
  for (std::size_t i = 0; i < ends.size(); ++i) (i < good.size() ? out.good : out.bad).push_back(samples_in(ends[i], out.metric));
  return out;
}

std::vector<double> samples_of_metric(const std::filesystem::path& path, std::string_view metric,
                                      const load_limits& limits) {
  return samples_in(load_results(path, limits), metric);
}

}  // namespace perfmail::io
