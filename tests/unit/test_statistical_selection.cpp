#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/analysis/comparison.hpp"
#include "perfmail/io/comparison_json.hpp"
#include "perfmail/stats/estimate.hpp"
#include "perfmail/stats/significance.hpp"
#include "perfmail/table/details.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

using namespace perfmail;

// How compare() uses the statistical policies: the correction over a column, the practical floor, what a
// test can reach, and the inference each change carries.

namespace {

matrix make_matrix(std::vector<std::pair<std::string, std::vector<double>>> metrics, std::size_t runs = 0) {
  matrix m;
  for (auto& [name, values] : metrics) m.add(metric_series{name, values, sample_kind::floating});
  if (runs != 0) m.set_stats_source(std::vector<std::string>(runs, "stats.json"));
  return m;
}

/// Normal samples from a fixed sequence (SplitMix64 and Box-Muller), the same with every standard library.
class normal_source {
 public:
  explicit normal_source(std::uint64_t seed) : state_(seed) {}
  double next(double mean, double sd) {
    const double u1 = (static_cast<double>(bits() >> 11) + 0.5) * 0x1p-53;
    const double u2 = (static_cast<double>(bits() >> 11) + 0.5) * 0x1p-53;
    return mean + sd * std::sqrt(-2 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }
  std::vector<double> samples(std::size_t n, double mean, double sd) {
    std::vector<double> out;
    for (std::size_t i = 0; i < n; ++i) out.push_back(next(mean, sd));
    return out;
  }

 private:
  std::uint64_t bits() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    return z ^ (z >> 31);
  }
  std::uint64_t state_;
};

compare_options statistical(policy_kind kind, p_correction correction = p_correction::bh) {
  compare_options o;
  o.policy.kind = kind;
  o.policy.correction = correction;
  o.order = row_order::given;
  return o;
}

/// 300 unchanged metrics and one changed by +5%, 20 runs a side, 1% noise: "fio.m<i>" are the test's
/// own metrics, so the robot's floors are the 1% ratio.
std::vector<matrix> many_metrics() {
  normal_source noise(2026);
  std::vector<std::pair<std::string, std::vector<double>>> base, head;
  for (int i = 0; i < 300; ++i) {
    const std::string name = "fio.m" + std::to_string(i);
    base.emplace_back(name, noise.samples(20, 1000, 10));
    head.emplace_back(name, noise.samples(20, 1000, 10));
  }
  base.emplace_back("fio.changed", noise.samples(20, 1000, 10));
  head.emplace_back("fio.changed", noise.samples(20, 1050, 10));
  return {make_matrix(base), make_matrix(head)};
}

std::size_t false_selections(const comparison& c) {
  std::size_t n = 0;
  for (const auto& r : c.rows)
    if (r.selected && r.name != "fio.changed") ++n;
  return n;
}

}  // namespace

TEST_CASE("the correction over a column: without it, unchanged metrics are selected by chance") {
  for (const policy_kind kind : {policy_kind::mann_whitney, policy_kind::welch}) {
    CAPTURE(static_cast<int>(kind));
    compare_options none = statistical(kind, p_correction::none);
    none.policy.min_change_percent = 0;  // the floor aside: what the p-values alone select
    compare_options bh = none;
    bh.policy.correction = p_correction::bh;
    const comparison uncorrected = compare(many_metrics(), none);
    const comparison corrected = compare(many_metrics(), bh);
    // About 5% of 300 by chance without a correction; BH keeps the false share of what it selects near
    // alpha: here at most one false change beside the true one.
    CHECK(false_selections(uncorrected) >= 5);
    CHECK(false_selections(corrected) <= 1);
    CHECK(false_selections(corrected) * 5 <= false_selections(uncorrected));
    CHECK(corrected.find("fio.changed")->selected);
    CHECK(uncorrected.find("fio.changed")->selected);
    // q is never below p, and without a correction it is p.
    for (const auto& row : corrected.rows) {
      const change_inference* q = corrected.inference_of(row, 1);
      REQUIRE(q != nullptr);
      CHECK(q->q_value >= q->p_value);
      CHECK(uncorrected.inference_of(*uncorrected.find(row.name), 1)->q_value ==
            uncorrected.inference_of(*uncorrected.find(row.name), 1)->p_value);
    }
  }
}

TEST_CASE("Holm and Bonferroni select no more than BH") {
  compare_options o = statistical(policy_kind::welch, p_correction::bh);
  o.policy.min_change_percent = 0;
  const std::size_t bh = compare(many_metrics(), o).selected_count();
  o.policy.correction = p_correction::holm;
  const std::size_t holm = compare(many_metrics(), o).selected_count();
  o.policy.correction = p_correction::bonferroni;
  const std::size_t bonferroni = compare(many_metrics(), o).selected_count();
  o.policy.correction = p_correction::by;
  const std::size_t by = compare(many_metrics(), o).selected_count();
  CHECK(holm <= bh);
  CHECK(bonferroni <= holm);
  CHECK(by <= bh);
  CHECK(bonferroni >= 1);
}

TEST_CASE("the practical floor: a significant change below it is not selected") {
  // +0.5% at 0.1% noise: significant, but below the robot's 1% ratio floor.
  const auto cols = [&] {
    normal_source n(7);
    return std::vector<matrix>{make_matrix({{"fio.bw", n.samples(10, 1000, 1)}}),
                               make_matrix({{"fio.bw", n.samples(10, 1005, 1)}})};
  };
  compare_options o = statistical(policy_kind::mann_whitney);
  const comparison robot_floor = compare(cols(), o);
  CHECK_FALSE(robot_floor.rows[0].selected);
  CHECK(robot_floor.rows[0].verdicts[0].reason == "below the practical floor");
  CHECK(robot_floor.inference_of(robot_floor.rows[0], 1)->q_value <= 0.05);
  o.policy.min_change_percent = 0;
  CHECK(compare(cols(), o).rows[0].selected);
  o.policy.min_change_percent = 0.4;
  CHECK(compare(cols(), o).rows[0].selected);
  o.policy.min_change_percent = 0.6;
  CHECK_FALSE(compare(cols(), o).rows[0].selected);
}

TEST_CASE("reachability: utest at 3 runs a side cannot select, and says so") {
  const std::vector<matrix> cols{make_matrix({{"fio.bw", {100, 101, 102}}}, 3),
                                 make_matrix({{"fio.bw", {200, 201, 202}}}, 3)};
  const comparison c = compare(cols, statistical(policy_kind::mann_whitney));
  const change_inference* inference = c.inference_of(c.rows[0], 1);
  REQUIRE(inference != nullptr);
  CHECK_FALSE(inference->reachable);
  CHECK(inference->p_value == doctest::Approx(0.1));
  CHECK_FALSE(c.rows[0].selected);
  table_header h;
  h.commits = {"aaaa", "bbbb"};
  CHECK(statistical_notes(c, h) == "note: utest cannot reach alpha 0.05 with 3 and 3 runs; 4 per side are needed\n");
  // ttest reaches any level with two samples a side.
  const comparison t = compare(cols, statistical(policy_kind::welch));
  CHECK(t.inference_of(t.rows[0], 1)->reachable);
  CHECK(t.rows[0].selected);
  CHECK(statistical_notes(t, h).empty());
  // The robot policy has no notes and no inference.
  const comparison r = compare(cols);
  CHECK(r.statistics.empty());
  CHECK(r.inference_of(r.rows[0], 1) == nullptr);
  CHECK(statistical_notes(r, h).empty());
}

TEST_CASE("reachability under the correction: 5 runs a side among many metrics with bh say what they need") {
  // 5 runs a side give p >= 2 / C(10, 5) = 0.0079: enough for alpha 0.05 alone, not for a lone change
  // among 200 metrics under bh (0.05 / 200 = 0.00025). Every metric is unreachable, the changed one too.
  normal_source noise(34);
  std::vector<std::pair<std::string, std::vector<double>>> base, head;
  for (int i = 0; i < 199; ++i) {
    const std::string name = "fio.m" + std::to_string(i);
    base.emplace_back(name, noise.samples(5, 1000, 10));
    head.emplace_back(name, noise.samples(5, 1000, 10));
  }
  base.emplace_back("fio.changed", noise.samples(5, 1000, 10));
  head.emplace_back("fio.changed", noise.samples(5, 1100, 10));
  const std::vector<matrix> cols{make_matrix(base, 5), make_matrix(head, 5)};
  const comparison c = compare(cols, statistical(policy_kind::mann_whitney));
  const change_inference* changed = c.inference_of(*c.find("fio.changed"), 1);
  REQUIRE(changed != nullptr);
  CHECK(changed->p_value == doctest::Approx(mann_whitney_smallest_p(5, 5)));
  CHECK_FALSE(changed->reachable);
  CHECK_FALSE(c.find("fio.changed")->selected);
  table_header h;
  h.commits = {"base", "head"};
  // mann_whitney_runs_needed(0.00025) = 8: 2 / C(16, 8) = 1.6e-4.
  CHECK(statistical_notes(c, h) ==
        "note: utest cannot select any of the 200 metrics of head: 5 and 5 runs give p >= 0.0079, and bh over 200 "
        "metrics holds a lone change to p <= 0.00025; 8 per side are needed\n");
  // Without the correction 5 runs reach alpha, and the change is selected.
  const comparison none = compare(cols, statistical(policy_kind::mann_whitney, p_correction::none));
  CHECK(none.inference_of(*none.find("fio.changed"), 1)->reachable);
  CHECK(none.find("fio.changed")->selected);
  // At 3 runs a side nothing reaches alpha, and the runs a lone change needs count the correction too.
  std::vector<std::pair<std::string, std::vector<double>>> base3, head3;
  for (int i = 0; i < 200; ++i) {
    base3.emplace_back("fio.m" + std::to_string(i), noise.samples(3, 1000, 10));
    head3.emplace_back("fio.m" + std::to_string(i), noise.samples(3, 1000, 10));
  }
  const comparison three = compare({make_matrix(base3, 3), make_matrix(head3, 3)}, statistical(policy_kind::mann_whitney));
  CHECK(statistical_notes(three, h) ==
        "note: utest cannot reach alpha 0.05 with 3 and 3 runs; 8 per side are needed for a lone change under bh "
        "over 200 metrics\n");
}

TEST_CASE("over a negative base mean the change is in percent of its magnitude: its sign is the effect size's") {
  // Values that rise from about -100 to about -90: the robot's percent of the signed mean says -10%, the
  // statistics say +10%, as Hedges' g (positive: the head is larger) does.
  const std::vector<double> b{-102, -101, -100, -99, -98, -100}, h{-92, -91, -90, -89, -88, -90};
  const std::vector<matrix> cols{make_matrix({{"fio.x", b}}), make_matrix({{"fio.x", h}})};
  const comparison t = compare(cols, statistical(policy_kind::welch));
  const change_inference* y = t.inference_of(t.rows[0], 1);
  REQUIRE(y != nullptr);
  CHECK(*y->estimate_percent == doctest::Approx(10));
  CHECK(*y->effect_size > 0);
  REQUIRE(y->ci_percent);
  CHECK(y->ci_percent->low < 10);
  CHECK(y->ci_percent->high > 10);
  CHECK(y->ci_percent->low > 0);
  // utest cannot take logarithms of negative samples: the shift over the base mean's magnitude.
  const comparison u = compare(cols, statistical(policy_kind::mann_whitney));
  const change_inference* x = u.inference_of(u.rows[0], 1);
  REQUIRE(x != nullptr);
  CHECK(x->estimator == change_estimator::hodges_lehmann_shift);
  CHECK(*x->estimate_percent == doctest::Approx(10));
  CHECK(*x->effect_size == 1);
  compare_options o = statistical(policy_kind::welch);
  table_header header;
  header.commits = {"base", "head"};
  const std::string details = render_details(compare(cols, o), header);
  CHECK(details.find("change: the ratio of the means, with Fieller's 95% interval; over a negative base mean (1), in "
                     "percent of its magnitude, so + is a rise\n") != std::string::npos);
}

TEST_CASE("the confidence of the intervals is the policy's") {
  const std::vector<double> b{100, 101, 102, 103, 104, 105, 106, 107}, h{110, 111, 112, 113, 114, 115, 116, 117};
  const std::vector<matrix> cols{make_matrix({{"fio.bw", b}}), make_matrix({{"fio.bw", h}})};
  for (const policy_kind kind : {policy_kind::mann_whitney, policy_kind::welch}) {
    compare_options wide = statistical(kind);
    wide.policy.confidence = 0.99;
    compare_options narrow = statistical(kind);
    narrow.policy.confidence = 0.80;
    const interval w = *compare(cols, wide).inference_of(compare(cols, wide).rows[0], 1)->ci_percent;
    const comparison n = compare(cols, narrow);
    const interval x = *n.inference_of(n.rows[0], 1)->ci_percent;
    CHECK(w.low < x.low);
    CHECK(w.high > x.high);
    // The medians' intervals too: 8 samples give [x_(2), x_(7)] at 80% and [min, max] at 99%.
    CHECK(*n.statistics_of(n.rows[0])->median_ci[0] == interval{101, 106});
    const comparison c99 = compare(cols, wide);
    CHECK(*c99.statistics_of(c99.rows[0])->median_ci[0] == interval{100, 107});
  }
}

TEST_CASE("reachability with missing runs: a metric short of samples is named in a note") {
  matrix base = make_matrix({{"fio.bw", {100, 101, 102, 103, 104}}, {"fio.iops", {1, 2, 3, 4, 5}}}, 5);
  matrix head;
  head.add(metric_series{"fio.bw", {200, 201, 202, 203, 204}, sample_kind::floating});
  metric_series iops{"fio.iops"};
  iops.push_back(9, sample_kind::floating);
  iops.push_missing();
  iops.push_back(9, sample_kind::floating);
  iops.push_missing();
  iops.push_missing();
  head.add(std::move(iops));
  head.set_stats_source(std::vector<std::string>(5, "stats.json"));
  const comparison c = compare({base, head}, statistical(policy_kind::mann_whitney));
  const change_inference* bw = c.inference_of(*c.find("fio.bw"), 1);
  const change_inference* short_of_runs = c.inference_of(*c.find("fio.iops"), 1);
  REQUIRE(bw != nullptr);
  REQUIRE(short_of_runs != nullptr);
  CHECK(bw->reachable);  // 2 / C(10, 5) = 0.008
  CHECK(short_of_runs->n_head == 2);  // the present samples, not the zeros of missing runs
  CHECK(short_of_runs->n_base == 5);
  CHECK_FALSE(short_of_runs->reachable);  // 2 / C(7, 2) = 0.095
  table_header h;
  h.commits = {"base", "head"};
  CHECK(statistical_notes(c, h) == "note: utest could not select 1 of the 2 metrics of head, whatever their change: "
                                    "too few samples to reach alpha 0.05 under bh over 2 metrics\n");
}

TEST_CASE("the inference of a change: the estimate and interval in percent of the base mean, the effect size") {
  const std::vector<double> b{100, 101, 102, 103, 104, 105}, h{110, 111, 112, 113, 114, 115};
  const std::vector<matrix> cols{make_matrix({{"fio.bw", b}}), make_matrix({{"fio.bw", h}})};
  const comparison u = compare(cols, statistical(policy_kind::mann_whitney));
  const change_inference* x = u.inference_of(u.rows[0], 1);
  REQUIRE(x != nullptr);
  // utest on positive samples: the Hodges-Lehmann estimate of the ratio, from the 36 log ratios (the
  // median, and the 6th and 31st: k = 6), computed apart with Python's statistics module.
  const double base_mean = 102.5;
  CHECK(x->estimator == change_estimator::hodges_lehmann_ratio);
  CHECK(*x->estimate_percent == doctest::Approx(9.75631939811163));
  CHECK(x->ci_percent->low == doctest::Approx(6.796116504854396));
  CHECK(x->ci_percent->high == doctest::Approx(12.745098039215744));
  CHECK(*x->effect_size == 1);  // every head sample above every base sample
  CHECK(x->p_value == doctest::Approx(2.0 / 924));
  CHECK(u.rows[0].selected);

  const comparison t = compare(cols, statistical(policy_kind::welch));
  const change_inference* y = t.inference_of(t.rows[0], 1);
  REQUIRE(y != nullptr);
  CHECK(*y->estimate_percent == doctest::Approx(100 * 10 / base_mean));
  // Fieller's interval of the ratio of the means (9.9146 degrees of freedom), from SciPy's t quantile and
  // a root finder on (mean_h - R mean_b)^2 = t^2 (v_h + R^2 v_b).
  CHECK(y->estimator == change_estimator::mean_ratio);
  CHECK(y->ci_percent->low == doctest::Approx(7.31785826539797));
  CHECK(y->ci_percent->high == doctest::Approx(12.255003101941963));
  CHECK(*y->effect_size == doctest::Approx(*hedges_g(b, h)));
  // The median's interval per column: 6 samples give the 95% interval [min, max].
  const row_statistics* s = t.statistics_of(t.rows[0]);
  REQUIRE(s != nullptr);
  REQUIRE(s->median_ci.size() == 2);
  CHECK(*s->median_ci[0] == interval{100, 105});
  CHECK(*s->median_ci[1] == interval{110, 115});
}

TEST_CASE("the JSON of a statistical comparison names every inference; the robot's has none of them") {
  const std::vector<matrix> cols{make_matrix({{"fio.bw", {100, 101, 102, 103, 104, 105}}}),
                                 make_matrix({{"fio.bw", {110, 111, 112, 113, 114, 115}}})};
  table_header h;
  h.commits = {"base", "head"};
  const auto doc = nlohmann::json::parse(io::comparison_to_json(compare(cols, statistical(policy_kind::mann_whitney)), h));
  CHECK(doc["correction"] == "bh");
  CHECK(doc["effect_size"] == "cliffs_delta");
  const auto& change = doc["metrics"][0]["changes"][0];
  for (const char* key : {"p_value", "q_value", "estimate_percent", "ci_low_percent", "ci_high_percent", "effect_size"})
    CHECK_MESSAGE(change[key].is_number(), key);
  CHECK(change["reachable"] == true);
  CHECK(change["n"] == nlohmann::json::array({6, 6}));
  const auto& column = doc["metrics"][0]["columns"][0];
  CHECK(column["n"] == 6);
  CHECK(column["median_ci_low"] == 100);
  CHECK(column["median_ci_high"] == 105);

  const auto robot = nlohmann::json::parse(io::comparison_to_json(compare(cols), h));
  CHECK_FALSE(robot.contains("correction"));
  CHECK_FALSE(robot["metrics"][0]["changes"][0].contains("q_value"));
  CHECK_FALSE(robot["metrics"][0]["columns"][0].contains("median_ci_low"));
}

TEST_CASE("the details table, to the character") {
  const std::vector<matrix> cols{make_matrix({{"fio.write_bw_MBps", {100, 101, 102, 103, 104, 105}},
                                              {"fio.write_clat_mean_us", {50, 51, 52, 53, 54, 55}}}),
                                 make_matrix({{"fio.write_bw_MBps", {110, 111, 112, 113, 114, 115}},
                                              {"fio.write_clat_mean_us", {50, 51, 52, 53, 54, 56}}})};
  compare_options o = statistical(policy_kind::mann_whitney);
  o.all = true;
  table_header h;
  h.commits = {"1111111111111111aaaa", "2222222222222222bbbb"};
  const std::string expected =
      // The HL ratio +9.76% with [+6.80%, +12.75%] (k = 6 of 36 log ratios); p = 2 / C(12, 6); the
      // median's interval of 6 samples is [min, max].
      "metric                  1111111111111111  2222222222222222  change [95% CI]        p       q\n"
      "fio.write_bw_MBps       102.5 ± 2.4% (6)  112.5 ± 2.2% (6)  +9.8% [+6.8%, +12.7%]  0.0022  0.0043\n"
      "fio.write_clat_mean_us  52.5 ± 4.8% (6)   52.5 ± 6.7% (6)   ~                      0.97    0.97\n"
      "geomean of 1 metric where higher is better, 2222222222222222: +9.8%\n"
      // The geomean of the rows' own estimates: the latency's HL ratio is 0 (its mean moved +0.3%).
      "geomean of 1 metric where lower is better, 2222222222222222: +0.0%\n"
      "change: the Hodges-Lehmann ratio (from the samples' logarithms), with its 95% interval\n";
  CHECK(render_details(compare(cols, o), h) == expected);
  // Over a zero median the interval's reach is printed as it is: no percentage of 0.
  const std::vector<matrix> around_zero{make_matrix({{"fio.x", {-3, -1, 0, 0, 1, 3}}}),
                                        make_matrix({{"fio.x", {-3, -1, 0, 0, 1, 3}}})};
  const std::string zero = render_details(compare(around_zero, o), h);
  const auto line_start = zero.find("\nfio.x") + 1;
  CHECK(zero.substr(line_start, zero.find('\n', line_start) - line_start) ==
        "fio.x   0 ± 3 (6)         0 ± 3 (6)         ~                1  1");
  CHECK_THROWS_AS((void)render_details(compare(cols), h), usage_error);
}

TEST_CASE("estimates for the changed columns only: the same verdicts, and the same estimates where they change") {
  // Two compared columns of the many metrics, without correction so that chance selects some unchanged
  // ones too; a metric of negative samples (estimated as a shift), a run that did not report, and the
  // robot's incomplete-run marker, whose second pass over the complete runs decides the columns.
  normal_source noise(77);
  std::vector<matrix> columns = many_metrics();
  {
    std::vector<std::pair<std::string, std::vector<double>>> third;
    for (const auto& s : columns[1].metrics()) third.emplace_back(std::string{s.name()}, noise.samples(20, 1000, 10));
    columns.push_back(make_matrix(third));
  }
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const double level = c == 0 ? -500 : -540;
    columns[c].add(metric_series{"fio.negative", noise.samples(20, level, 5), sample_kind::floating});
    metric_series gappy{"fio.gappy"};
    for (std::size_t r = 0; r < 20; ++r) {
      if (c == 1 && r == 4) gappy.push_missing();
      else gappy.push_back(noise.next(c == 1 ? 1100 : 1000, 10), sample_kind::floating);
    }
    columns[c].add(gappy);
    columns[c].add(metric_series{"last_state.is_incomplete_run", std::vector<double>(20, 0), sample_kind::integer});
    columns[c].set_stats_source(std::vector<std::string>(20, "stats.json"));
  }
  for (const policy_kind kind : {policy_kind::mann_whitney, policy_kind::welch}) {
    CAPTURE(static_cast<int>(kind));
    compare_options every = statistical(kind, p_correction::none);
    compare_options changed = every;
    changed.estimates = estimate_scope::changed;
    const comparison all_estimated = compare(columns, every);
    const comparison some_estimated = compare(columns, changed);
    REQUIRE(all_estimated.rows.size() == some_estimated.rows.size());
    std::size_t changed_columns = 0;
    std::size_t left_out = 0;
    for (std::size_t r = 0; r < all_estimated.rows.size(); ++r) {
      const comparison_row& full = all_estimated.rows[r];
      const comparison_row& part = some_estimated.rows[r];
      CAPTURE(full.name);
      REQUIRE(full.name == part.name);
      CHECK(full.selected == part.selected);
      for (std::size_t c = 1; c <= full.compared_columns(); ++c) {
        CHECK(full.verdicts[c - 1].changed == part.verdicts[c - 1].changed);
        CHECK(full.verdicts[c - 1].reason == part.verdicts[c - 1].reason);
        const change_inference* a = all_estimated.inference_of(full, c);
        const change_inference* b = some_estimated.inference_of(part, c);
        REQUIRE((a == nullptr) == (b == nullptr));
        if (a == nullptr) continue;
        CHECK(a->estimator == b->estimator);
        if (full.verdicts[c - 1].changed) {
          ++changed_columns;
          CHECK(*a == *b);
        } else {
          CHECK(!b->estimate_percent);
          CHECK(!b->ci_percent);
          left_out += a->estimate_percent ? 1 : 0;
          change_inference without = *a;
          without.estimate_percent.reset();
          without.ci_percent.reset();
          CHECK(without == *b);
        }
      }
    }
    CHECK(changed_columns >= 5);  // the changed metrics, and some by chance
    CHECK(left_out > 500);
    const comparison_row* negative = some_estimated.find("fio.negative");
    REQUIRE(negative != nullptr);
    CHECK(negative->verdicts[0].changed);
    const change_inference* negative_change = some_estimated.inference_of(*negative, 1);
    REQUIRE(negative_change != nullptr);
    CHECK(negative_change->estimate_percent);
  }
}
