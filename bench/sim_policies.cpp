// How the change-detection policies behave on simulated benchmark samples: the share of unchanged
// metrics each policy selects (false positives) and the share of changed ones it finds (power), for
// changes of 0, 1, 2, 5 and 10%, 3, 5, 10 and 20 runs a side, and three kinds of noise. The markdown
// tables it prints are the ones in docs/STATISTICS.md ("How the policies behave").
//
//   cmake --preset bench && cmake --build --preset bench --target sim_policies
//   build/bench/bench/sim_policies            # the full run (the figures in the docs)
//   build/bench/bench/sim_policies --quick    # 1 comparison per cell: a smoke check
//
// This is a statistical benchmark, not a unit test and not a Google Benchmark: what it measures is how
// often a policy is right, which only many simulated comparisons can show, and no single figure has a
// pass/fail threshold a test could hold it to. The samples come from std::mt19937_64 with fixed seeds,
// so a run reproduces its figures exactly with the same standard library (the distributions'
// algorithms are the library's, so another one may give slightly different figures).
//
// Design:
// - One simulated comparison: M = 1000 metrics, each with n runs per side, base mean 1000 and noise of
//   standard deviation 10 (a coefficient of variation of 1%), so that the floors, which act on relative
//   changes, see realistic ratios.
// - At a change of 0 every metric is unchanged: the false-positive rate is the share selected. At a
//   change d > 0, 900 metrics are unchanged and 100 have their head mean multiplied by 1 + d/100: power
//   is the share of the 100 selected, and the share of the 900 selected is the false-positive rate
//   beside real changes (what the correction sees is the whole family of 1000).
// - Noise: normal; heavy-tailed (Student's t with 3 degrees of freedom, scaled by sd / sqrt(3) to the
//   same standard deviation, since t3 has variance 3); outliers (normal, and each sample with
//   probability 5% is 30% higher: a slow run).
// - Every policy sees the same samples in a cell, so that their differences are not sampling noise.
// - Metric names are `fio.job<i>.write_bw_MBps`: fio's own metrics are primary and reportable and have
//   no family floor, so the robot's floors are the plain ratio of medians above 1.01. main() checks
//   this with the robot's classifier before simulating anything.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/model/series.hpp"

#include <algorithm>
#include <array>
#include <chrono>
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
constexpr double noise_sd = 10;  // CV 1%
constexpr std::size_t metrics_per_comparison = 1000;
constexpr std::size_t changed_per_comparison = 100;
constexpr std::array<std::size_t, 4> run_counts{3, 5, 10, 20};
constexpr std::array<double, 5> changes_percent{0, 1, 2, 5, 10};
constexpr std::uint64_t seed = 20260731;

enum class noise : std::uint8_t { normal, heavy_tailed, outliers };
constexpr std::array<noise, 3> noises{noise::normal, noise::heavy_tailed, noise::outliers};

const char* noise_title(noise n) {
  switch (n) {
    case noise::normal: return "Normal noise (CV 1%)";
    case noise::heavy_tailed: return "Heavy-tailed noise (Student's t, 3 degrees of freedom, CV 1%)";
    case noise::outliers: return "Outliers (normal, CV 1%, and 5% of runs 30% higher)";
  }
  return "";
}

/// One sample of a metric whose true mean is `mean`.
class sampler {
 public:
  sampler(noise kind, std::seed_seq& seeds) : kind_(kind), engine_(seeds) {}

  double operator()(double mean) {
    switch (kind_) {
      case noise::normal: return mean + normal_(engine_);
      case noise::heavy_tailed: return mean + student_(engine_) * (noise_sd / std::sqrt(3.0));
      case noise::outliers: {
        double value = mean + normal_(engine_);
        if (uniform_(engine_) < 0.05) value *= 1.3;
        return value;
      }
    }
    return mean;
  }

 private:
  noise kind_;
  std::mt19937_64 engine_;
  std::normal_distribution<double> normal_{0, noise_sd};
  std::student_t_distribution<double> student_{3};
  std::uniform_real_distribution<double> uniform_{0, 1};
};

std::vector<std::string> metric_names(std::size_t count) {
  std::vector<std::string> names;
  names.reserve(count);
  for (std::size_t i = 0; i < count; ++i) names.push_back("fio.job" + std::to_string(i) + ".write_bw_MBps");
  return names;
}

/// A base and a head matrix: `count` metrics with `runs` samples each; the first `changed` metrics have
/// their head mean moved by `change_percent`.
std::vector<std::shared_ptr<const matrix>> simulate(const std::vector<std::string>& names, std::size_t count,
                                                    std::size_t changed, double change_percent, std::size_t runs,
                                                    sampler& draw) {
  matrix base;
  matrix head;
  base.reserve(count);
  head.reserve(count);
  std::vector<double> base_values(runs);
  std::vector<double> head_values(runs);
  for (std::size_t i = 0; i < count; ++i) {
    const double head_mean = i < changed ? base_mean * (1 + change_percent / 100) : base_mean;
    for (double& v : base_values) v = draw(base_mean);
    for (double& v : head_values) v = draw(head_mean);
    base.add(perfmail::metric_series(names[i], base_values, perfmail::sample_kind::floating));
    head.add(perfmail::metric_series(names[i], head_values, perfmail::sample_kind::floating));
  }
  return {std::make_shared<const matrix>(std::move(base)), std::make_shared<const matrix>(std::move(head))};
}

struct counts {
  std::size_t changed_selected = 0;
  std::size_t unchanged_selected = 0;
};

/// Runs one comparison and counts the selections among the changed (the first `changed`) and the
/// unchanged metrics. With row_order::given, row i is metric i; the names are checked all the same.
counts run(const std::vector<std::shared_ptr<const matrix>>& columns, const std::vector<std::string>& names,
           std::size_t changed, const compare_options& options) {
  const perfmail::comparison cmp = perfmail::compare(columns, options);
  const std::size_t count = columns[0]->size();
  if (cmp.rows.size() != count) {
    std::fprintf(stderr, "sim_policies: %zu rows for %zu metrics\n", cmp.rows.size(), count);
    std::exit(1);
  }
  counts c;
  for (std::size_t i = 0; i < count; ++i) {
    const perfmail::comparison_row& row = cmp.rows[i];
    if (row.name != names[i]) {
      std::fprintf(stderr, "sim_policies: row %zu is %.*s, expected %s\n", i, static_cast<int>(row.name.size()),
                   row.name.data(), names[i].c_str());
      std::exit(1);
    }
    if (!row.verdicts[0].changed) continue;
    if (i < changed) ++c.changed_selected;
    else ++c.unchanged_selected;
  }
  return c;
}

struct policy_row {
  const char* label;
  compare_options options;
};

compare_options make_options(policy_kind kind, p_correction correction, std::optional<double> min_change) {
  compare_options o;
  o.policy.kind = kind;
  o.policy.alpha = 0.05;
  o.policy.correction = correction;
  o.policy.min_change_percent = min_change;
  o.order = perfmail::row_order::given;
  return o;
}

std::vector<policy_row> policies() {
  return {
      {"robot", make_options(policy_kind::robot, p_correction::none, std::nullopt)},
      {"utest, no correction", make_options(policy_kind::mann_whitney, p_correction::none, std::nullopt)},
      {"utest, bh (default)", make_options(policy_kind::mann_whitney, p_correction::bh, std::nullopt)},
      {"utest, bh, --min-change 0", make_options(policy_kind::mann_whitney, p_correction::bh, 0.0)},
      {"ttest, no correction", make_options(policy_kind::welch, p_correction::none, std::nullopt)},
      {"ttest, bh (default)", make_options(policy_kind::welch, p_correction::bh, std::nullopt)},
  };
}

/// What one policy did in one cell (noise and run count), summed over the comparisons.
struct tally {
  std::size_t null_selected = 0;  ///< change 0: unchanged metrics selected
  std::size_t null_tested = 0;
  std::array<std::size_t, changes_percent.size()> found{};  ///< per change > 0: changed metrics selected
  std::array<std::size_t, changes_percent.size()> changed_tested{};
  std::size_t beside_selected = 0;  ///< changes > 0: unchanged metrics selected
  std::size_t beside_tested = 0;
  std::size_t all_selected = 0;  ///< changes > 0: every selection, changed or not
};

std::string percent(std::size_t part, std::size_t whole) {
  if (whole == 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return text;
}

/// The classifier must see the names as the docs say: reportable primary performance metrics with no
/// family floor. Otherwise the robot's floors would not be the plain 1% ratio and the figures would mean
/// something else.
bool names_classify_as_expected(const std::vector<std::string>& names) {
  const auto robot = perfmail::metric_classifier::robot();
  for (const std::string& name : {names.front(), names.back()}) {
    const perfmail::metric_class c = robot->classify(name);
    if (c.kind != perfmail::metric_kind::performance || !c.reportable || !c.primary || c.floor != -1) {
      std::fprintf(stderr, "sim_policies: %s is not a reportable primary metric without a family floor\n",
                   name.c_str());
      return false;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) {
      quick = true;
    } else {
      std::fprintf(stderr, "usage: sim_policies [--quick]\n");
      return 2;
    }
  }
  // 20 comparisons of 1000 metrics per cell: 20,000 unchanged metrics for the false-positive rate, 2000
  // changed ones for each power figure (a standard error of at most 1.1 points of percent), in about a
  // minute and a half on two cores.
  const std::size_t repetitions = quick ? 1 : 20;
  const std::size_t target_repetitions = quick ? 1 : 5;
  const auto started = std::chrono::steady_clock::now();

  const std::vector<std::string> names = metric_names(10'000);
  if (!names_classify_as_expected(names)) return 1;
  const std::vector<policy_row> rows = policies();

  std::printf("Simulated with `sim_policies`%s: %zu comparison%s of %zu metrics per cell, seed %llu.\n",
              quick ? " --quick" : "", repetitions, repetitions == 1 ? "" : "s", metrics_per_comparison,
              static_cast<unsigned long long>(seed));
  std::printf("Power at +d%% is the share of the %zu changed metrics (of each comparison's %zu) selected;\n"
              "\"FPR beside changes\" is the share of the other %zu selected, and \"false share\" the share of\n"
              "all selections that were unchanged metrics, both over the four change sizes together.\n",
              changed_per_comparison, metrics_per_comparison, metrics_per_comparison - changed_per_comparison);

  for (std::size_t noise_index = 0; noise_index < noises.size(); ++noise_index) {
    const noise kind = noises[noise_index];
    // tallies[policy][runs]
    std::vector<std::array<tally, run_counts.size()>> tallies(rows.size());
    for (std::size_t run_index = 0; run_index < run_counts.size(); ++run_index) {
      const std::size_t runs = run_counts[run_index];
      for (std::size_t change_index = 0; change_index < changes_percent.size(); ++change_index) {
        const double change = changes_percent[change_index];
        const std::size_t changed = change == 0 ? 0 : changed_per_comparison;
        for (std::size_t rep = 0; rep < repetitions; ++rep) {
          // A seed per comparison, so that every cell's samples are the same in the quick and full runs.
          std::seed_seq seeds{seed, std::uint64_t{noise_index}, std::uint64_t{run_index}, std::uint64_t{change_index},
                              std::uint64_t{rep}};
          sampler draw(kind, seeds);
          const auto columns = simulate(names, metrics_per_comparison, changed, change, runs, draw);
          for (std::size_t p = 0; p < rows.size(); ++p) {
            const counts c = run(columns, names, changed, rows[p].options);
            tally& t = tallies[p][run_index];
            if (change == 0) {
              t.null_selected += c.unchanged_selected;
              t.null_tested += metrics_per_comparison;
            } else {
              t.found[change_index] += c.changed_selected;
              t.changed_tested[change_index] += changed;
              t.beside_selected += c.unchanged_selected;
              t.beside_tested += metrics_per_comparison - changed;
              t.all_selected += c.changed_selected + c.unchanged_selected;
            }
          }
        }
      }
    }

    std::printf("\n### %s\n\n", noise_title(kind));
    std::printf("| Policy | Runs | FPR, no change | Power +1%% | +2%% | +5%% | +10%% | FPR beside changes | False share |\n");
    std::printf("|---|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for (std::size_t p = 0; p < rows.size(); ++p) {
      for (std::size_t run_index = 0; run_index < run_counts.size(); ++run_index) {
        const tally& t = tallies[p][run_index];
        std::printf("| %s | %zu | %s |", rows[p].label, run_counts[run_index], percent(t.null_selected, t.null_tested).c_str());
        for (std::size_t change_index = 1; change_index < changes_percent.size(); ++change_index)
          std::printf(" %s |", percent(t.found[change_index], t.changed_tested[change_index]).c_str());
        std::printf(" %s | %s |\n", percent(t.beside_selected, t.beside_tested).c_str(),
                    percent(t.beside_selected, t.all_selected).c_str());
      }
    }
  }

  // The two targets, on normal noise at 20 runs, with the utest defaults (bh, the robot's floors).
  const compare_options defaults = make_options(policy_kind::mann_whitney, p_correction::bh, std::nullopt);
  constexpr std::size_t target_metrics = 10'000;
  constexpr std::size_t target_runs = 20;
  std::size_t a_selected = 0;
  std::size_t a_comparisons_with_any = 0;
  std::size_t b_found = 0;
  std::size_t b_false = 0;
  std::size_t b_false_max = 0;
  for (std::size_t rep = 0; rep < target_repetitions; ++rep) {
    {
      std::seed_seq seeds{seed, std::uint64_t{100}, std::uint64_t{rep}};
      sampler draw(noise::normal, seeds);
      const auto columns = simulate(names, target_metrics, 0, 0, target_runs, draw);
      const counts c = run(columns, names, 0, defaults);
      a_selected += c.unchanged_selected;
      if (c.unchanged_selected > 0) ++a_comparisons_with_any;
    }
    {
      std::seed_seq seeds{seed, std::uint64_t{200}, std::uint64_t{rep}};
      sampler draw(noise::normal, seeds);
      const auto columns = simulate(names, target_metrics, 100, 2, target_runs, draw);
      const counts c = run(columns, names, 100, defaults);
      b_found += c.changed_selected;
      b_false += c.unchanged_selected;
      b_false_max = std::max(b_false_max, c.unchanged_selected);
    }
  }
  std::printf("\n### Targets (utest, bh, the robot's floors; normal noise, CV 1%%, 20 runs a side)\n\n");
  std::printf("| Check | Comparisons | Result | Target |\n|---|--:|--:|---|\n");
  std::printf("| (a) 10,000 unchanged metrics: share selected | %zu | %s (%zu of %zu; %zu comparisons with any) | at most 0.1%% |\n",
              target_repetitions, percent(a_selected, target_metrics * target_repetitions).c_str(), a_selected,
              target_metrics * target_repetitions, a_comparisons_with_any);
  std::printf("| (b) 9,900 unchanged + 100 at +2%%: power | %zu | %s (%zu of %zu) | at least 95%% |\n",
              target_repetitions, percent(b_found, 100 * target_repetitions).c_str(), b_found, 100 * target_repetitions);
  std::printf("| (b) the same: unchanged metrics selected | %zu | %s (%zu of %zu; at most %zu in one comparison) | - |\n",
              target_repetitions, percent(b_false, (target_metrics - 100) * target_repetitions).c_str(), b_false,
              (target_metrics - 100) * target_repetitions, b_false_max);

  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::fprintf(stderr, "sim_policies: %.1f s\n", seconds);
  return 0;
}
