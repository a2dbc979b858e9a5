// How often the intervals of the statistical policies cover the true change, and whether the runs that
// planning recommends reach the power they promise under compare's defaults. The markdown tables it
// prints are the ones in docs/STATISTICS.md ("Coverage of the change's interval" and "Planned runs,
// simulated").
//
//   cmake --preset bench && cmake --build --preset bench --target sim_intervals
//   build/bench/bench/sim_intervals            # the full run (the figures in the docs)
//   build/bench/bench/sim_intervals --quick    # a few comparisons per cell: a smoke check
//
// A statistical benchmark, like sim_policies: what it measures is how often a method is right, which
// only many simulated comparisons show; no single figure is a pass/fail threshold. The samples come from
// std::mt19937_64 with fixed seeds, so a run reproduces its figures with the same standard library.
//
// Design:
// - Coverage: one metric (`fio.write_bw_MBps`, base mean 1000) with n runs a side, compared by
//   compare() with utest and with ttest; a cell counts how often the change's interval in percent
//   (change_inference::ci_percent) holds the true change. Two noise models: noise that scales with the
//   level (the head's standard deviation is the base's times 1 + change, as benchmark noise does) and
//   noise of a constant size. Beside it, the interval perfmail printed before: the difference's interval
//   (Welch's, or the Hodges-Lehmann shift's) divided by the base's sample mean.
// - Planned runs: a family of 100 metrics (`fio.job<i>.write_bw_MBps`, primary, so the robot's floor is
//   the 1% ratio of medians), one changed by d and 99 unchanged, compared with the defaults of the
//   robot's results under --policy utest or ttest (alpha 0.05, bh, the robot's floors). The runs come
//   from the planner (analysis/plan.hpp): with the true noise, and as `summary --plan` would from a base
//   of 5 runs (the noise's 80% upper bound). A cell counts how often the changed metric is selected.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/analysis/plan.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/model/series.hpp"
#include "perfmail/stats/estimate.hpp"
#include "perfmail/stats/summary.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

using perfmail::compare_options;
using perfmail::matrix;
using perfmail::p_correction;
using perfmail::policy_kind;

constexpr double base_mean = 1000;
constexpr std::uint64_t seed = 20261203;

enum class scaling : std::uint8_t { with_level, constant };

compare_options options_of(policy_kind kind, std::optional<double> min_change) {
  compare_options o;
  o.policy.kind = kind;
  o.policy.alpha = 0.05;
  o.policy.correction = p_correction::bh;
  o.policy.min_change_percent = min_change;
  o.order = perfmail::row_order::given;
  return o;
}

std::shared_ptr<const matrix> one_column(const std::vector<std::string>& names,
                                         const std::vector<std::vector<double>>& values) {
  matrix m;
  m.reserve(names.size());
  for (std::size_t i = 0; i < names.size(); ++i)
    m.add(perfmail::metric_series(names[i], values[i], perfmail::sample_kind::floating));
  return std::make_shared<const matrix>(std::move(m));
}

// --- Coverage ------------------------------------------------------------------------------------------

struct coverage_tally {
  std::size_t covered = 0;
  std::size_t old_covered = 0;
  std::size_t with_interval = 0;
  std::size_t old_with_interval = 0;
};

std::string share(std::size_t part, std::size_t whole) {
  if (whole == 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return text;
}

coverage_tally coverage_cell(policy_kind kind, scaling noise, double cv, std::size_t runs, double change_percent,
                             std::size_t comparisons, std::mt19937_64& engine) {
  const std::vector<std::string> names{"fio.write_bw_MBps"};
  const double head_mean = base_mean * (1 + change_percent / 100);
  std::normal_distribution<double> base_noise{base_mean, cv * base_mean};
  std::normal_distribution<double> head_noise{head_mean, cv * (noise == scaling::with_level ? head_mean : base_mean)};
  const compare_options options = options_of(kind, 0.0);
  coverage_tally t;
  std::vector<std::vector<double>> base(1, std::vector<double>(runs));
  std::vector<std::vector<double>> head(1, std::vector<double>(runs));
  for (std::size_t i = 0; i < comparisons; ++i) {
    for (double& v : base[0]) v = base_noise(engine);
    for (double& v : head[0]) v = head_noise(engine);
    const perfmail::comparison cmp = perfmail::compare({one_column(names, base), one_column(names, head)}, options);
    const perfmail::change_inference* inference = cmp.inference_of(cmp.rows.at(0), 1);
    if (inference == nullptr) {
      std::fprintf(stderr, "sim_intervals: the metric was not tested\n");
      std::exit(1);
    }
    if (inference->ci_percent) {
      ++t.with_interval;
      if (inference->ci_percent->low <= change_percent && change_percent <= inference->ci_percent->high) ++t.covered;
    }
    // Before: the difference's interval over the base's sample mean.
    const double mean = perfmail::summarize(base[0]).mean;
    const std::optional<perfmail::interval> difference =
        kind == policy_kind::welch ? perfmail::welch_difference(base[0], head[0])->ci
                                   : perfmail::hodges_lehmann_shift(base[0], head[0]).ci;
    if (difference) {
      ++t.old_with_interval;
      if (100 * difference->low / mean <= change_percent && change_percent <= 100 * difference->high / mean)
        ++t.old_covered;
    }
  }
  return t;
}

void print_coverage(bool quick) {
  constexpr std::array<double, 5> changes{2, 5, 10, 20, 50};
  constexpr std::array<std::size_t, 3> run_counts{5, 10, 20};
  constexpr std::array<double, 2> cvs{0.01, 0.05};
  const std::size_t comparisons = quick ? 20 : 5000;
  std::mt19937_64 engine(seed);
  std::printf("### Coverage of the change's 95%% interval (%zu comparisons a cell)\n\n", comparisons);
  for (const policy_kind kind : {policy_kind::welch, policy_kind::mann_whitney}) {
    for (const scaling noise : {scaling::with_level, scaling::constant}) {
      std::printf("%s, noise %s: now (before)\n\n", kind == policy_kind::welch ? "ttest (Fieller)" : "utest (Hodges-Lehmann of the logs)",
                  noise == scaling::with_level ? "that scales with the level" : "of a constant size");
      std::printf("| CV | runs a side |");
      for (const double d : changes) std::printf(" +%g%% |", d);
      std::printf("\n|---|--:|");
      for (std::size_t k = 0; k < changes.size(); ++k) std::printf("--:|");
      std::printf("\n");
      for (const double cv : cvs)
        for (const std::size_t runs : run_counts) {
          std::printf("| %g%% | %zu |", 100 * cv, runs);
          for (const double d : changes) {
            const coverage_tally t = coverage_cell(kind, noise, cv, runs, d, comparisons, engine);
            std::printf(" %s (%s) |", share(t.covered, t.with_interval).c_str(),
                        share(t.old_covered, t.old_with_interval).c_str());
          }
          std::printf("\n");
        }
      std::printf("\n");
    }
  }
}

// --- Planned runs --------------------------------------------------------------------------------------

constexpr std::size_t family_size = 100;

struct selection_tally {
  std::size_t selected = 0;
  std::size_t comparisons = 0;
};

/// One comparison of the family with the first metric changed by `change`; whether it was selected.
bool changed_selected(policy_kind kind, const std::vector<std::string>& names, double cv, double change,
                      std::size_t runs, std::mt19937_64& engine) {
  std::normal_distribution<double> unit{0, 1};
  std::vector<std::vector<double>> base(names.size(), std::vector<double>(runs));
  std::vector<std::vector<double>> head(names.size(), std::vector<double>(runs));
  for (std::size_t i = 0; i < names.size(); ++i) {
    const double head_mean = i == 0 ? base_mean * (1 + change) : base_mean;
    for (double& v : base[i]) v = base_mean * (1 + cv * unit(engine));
    for (double& v : head[i]) v = head_mean * (1 + cv * unit(engine));
  }
  const perfmail::comparison cmp =
      perfmail::compare({one_column(names, base), one_column(names, head)}, options_of(kind, std::nullopt));
  return cmp.rows.at(0).name == names[0] && cmp.rows[0].verdicts.at(0).changed;
}

void print_planned_power(bool quick) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < family_size; ++i) names.push_back("fio.job" + std::to_string(i) + ".write_bw_MBps");
  const auto classifier = perfmail::metric_classifier::robot();
  const perfmail::metric_class cls = classifier->classify(names[0]);
  if (!cls.primary || !cls.reportable) {
    std::fprintf(stderr, "sim_intervals: %s is not a primary reportable metric\n", names[0].c_str());
    std::exit(1);
  }
  perfmail::plan_request request;
  const double level = perfmail::planning_level(request, family_size);
  const perfmail::power_plan plan{level, request.power, perfmail::compare_min_runs, perfmail::floor_of(cls, std::nullopt)};
  const std::size_t comparisons = quick ? 5 : 1000;
  const std::size_t plans = quick ? 5 : 1000;
  std::mt19937_64 engine(seed + 1);
  std::printf("### Planned runs, simulated (%zu metrics, one changed; bh at alpha 0.05: a lone change is held to "
              "%.2g)\n\n",
              family_size, level);
  std::printf("| test | CV | change | planned runs (true CV) | selected | planned from 5 runs: median runs | "
              "selected | plans short of the true-CV runs |\n");
  std::printf("|---|--:|--:|--:|--:|--:|--:|--:|\n");
  for (const policy_kind kind : {policy_kind::welch, policy_kind::mann_whitney}) {
    for (const double cv : {0.01, 0.02}) {
      for (const double change : {0.02, 0.05, 0.10}) {
        const auto runs_for = [&](double noise) {
          return kind == policy_kind::welch ? perfmail::t_test_runs_needed(change, noise, plan)
                                            : perfmail::u_test_runs_needed(change, noise, plan);
        };
        const std::optional<std::size_t> planned = runs_for(cv);
        if (!planned) continue;
        selection_tally known;
        for (std::size_t i = 0; i < comparisons; ++i) {
          ++known.comparisons;
          if (changed_selected(kind, names, cv, change, *planned, engine)) ++known.selected;
        }
        // As `summary --plan --detect` plans from a base of 5 runs: each plan is held to one comparison,
        // so the share selected is the power averaged over the plans.
        perfmail::plan_request from_base = request;
        from_base.detect = change;
        std::normal_distribution<double> unit{0, 1};
        std::vector<std::size_t> planned_runs;
        selection_tally estimated;
        std::size_t short_plans = 0;
        for (std::size_t i = 0; i < plans; ++i) {
          std::array<double, 5> sample{};
          for (double& v : sample) v = base_mean * (1 + cv * unit(engine));
          const perfmail::metric_plan p = perfmail::plan_of(cls, perfmail::summarize(sample), level, from_base);
          const std::optional<std::size_t> runs = kind == policy_kind::welch ? p.ttest_runs : p.utest_runs;
          if (!runs || *runs > 2000) continue;
          planned_runs.push_back(*runs);
          if (*runs < *planned) ++short_plans;
          ++estimated.comparisons;
          if (changed_selected(kind, names, cv, change, *runs, engine)) ++estimated.selected;
        }
        std::sort(planned_runs.begin(), planned_runs.end());
        std::printf("| %s | %g%% | %g%% | %zu | %s | %zu | %s | %s |\n", kind == policy_kind::welch ? "ttest" : "utest",
                    100 * cv, 100 * change, *planned, share(known.selected, known.comparisons).c_str(),
                    planned_runs.empty() ? 0 : planned_runs[planned_runs.size() / 2],
                    share(estimated.selected, estimated.comparisons).c_str(),
                    share(short_plans, planned_runs.size()).c_str());
        std::fflush(stdout);
      }
    }
  }
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  bool coverage = true;
  bool planned = true;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) quick = true;
    else if (std::strcmp(argv[i], "--coverage") == 0) planned = false;
    else if (std::strcmp(argv[i], "--planned") == 0) coverage = false;
    else {
      std::fprintf(stderr, "usage: sim_intervals [--quick] [--coverage | --planned]\n");
      return 2;
    }
  }
  if (coverage) print_coverage(quick);
  if (planned) print_planned_power(quick);
  return 0;
}
