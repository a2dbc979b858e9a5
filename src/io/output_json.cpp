// The command line's other JSON documents (declared in include/perfmail/io/output_json.hpp).

#include "perfmail/io/output_json.hpp"

#include "perfmail/error.hpp"
#include "perfmail/text/printable.hpp"

#include "json_writing.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace perfmail::io {

namespace {

using json = detail::ordered_json;
using detail::finite_number;

json optional_count(const std::optional<std::size_t>& runs) { return runs ? json(*runs) : json(nullptr); }

json plan_json(const metric_plan& plan, std::string_view metric, bool with_runs) {
  json out;
  switch (plan.basis) {
    case plan_basis::none: out["basis"] = "none"; break;
    case plan_basis::exact: out["basis"] = "exact"; break;
    case plan_basis::estimated: out["basis"] = "estimated"; break;
  }
  const bool estimated = plan.basis == plan_basis::estimated;
  out["detectable_percent"] = estimated && plan.detectable_percent
                                  ? finite_number(*plan.detectable_percent, metric, "detectable change")
                                  : json(nullptr);
  if (with_runs) {
    out["ttest_runs"] = estimated ? optional_count(plan.ttest_runs) : json(nullptr);
    out["utest_runs"] = estimated ? optional_count(plan.utest_runs) : json(nullptr);
  }
  return out;
}

json metric_json(const metric_summary& m, const std::optional<summary_plan_settings>& plan) {
  json out;
  out["name"] = m.name;
  const summary& s = m.stats;
  out["n"] = s.n;
  if (s.empty()) {
    // The table's "(no samples)": no statistics exist, and null says so.
    for (const char* key : {"mean", "stddev", "stddev_percent", "min", "median", "max"}) out[key] = nullptr;
  } else {
    out["mean"] = finite_number(s.mean, m.name, "mean");
    out["stddev"] = finite_number(s.stddev, m.name, "standard deviation");
    out["stddev_percent"] =
        m.stddev_percent ? finite_number(*m.stddev_percent, m.name, "standard deviation in percent of the mean") : json(nullptr);
    out["min"] = finite_number(s.min, m.name, "min");
    out["median"] = finite_number(s.median, m.name, "median");
    out["max"] = finite_number(s.max, m.name, "max");
  }
  if (plan) {
    out["plan"] = m.plan && !s.empty() ? plan_json(*m.plan, m.name, plan->request.detect.has_value())
                                       : plan_json(metric_plan{}, m.name, plan->request.detect.has_value());
  }
  return out;
}

}  // namespace

std::string json_with_fields_first(std::string_view object, std::span<const json_text_field> fields, int indent) {
  const json given = json::parse(object);
  if (!given.is_object()) throw std::logic_error("json_with_fields_first: not a JSON object");  // a caller's bug
  json out = json::object();
  for (const auto& field : fields) out[field.name] = field.value ? json(*field.value) : json(nullptr);
  for (const auto& [key, value] : given.items())
    if (!out.contains(key)) out[key] = value;
  return detail::dumped(out, indent) + '\n';
}

std::string summary_to_json(std::span<const file_summary> files, const std::optional<summary_plan_settings>& plan,
                            int indent) {
  json doc;
  if (plan) {
    json p;
    const plan_request& r = plan->request;
    p["alpha"] = r.alpha;
    p["power"] = r.power;
    p["detect_percent"] = r.detect ? json(100 * *r.detect) : json(nullptr);
    p["runs_limit"] = r.runs_limit;
    p["correction"] = std::string{name_of(correction_names, r.correction)};
    p["family"] = plan->family;
    p["level"] = plan->level;
    p["min_runs"] = compare_min_runs;
    p["cv_confidence"] = r.cv_confidence;
    p["min_change_percent"] = r.min_change_percent ? json(*r.min_change_percent) : json(nullptr);
    doc["plan"] = std::move(p);
  }
  json list = json::array();
  for (const auto& file : files) {
    json f;
    f["path"] = file.path;
    f["runs"] = file.runs;
    json metrics = json::array();
    for (const auto& m : file.metrics) metrics.push_back(metric_json(m, plan));
    f["metrics"] = std::move(metrics);
    f["ignored"] = file.textual_metrics;
    list.push_back(std::move(f));
  }
  doc["files"] = std::move(list);
  return detail::dumped(doc, indent) + '\n';
}

}  // namespace perfmail::io
