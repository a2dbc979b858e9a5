// How the change-point search of `perfmail history` (analysis/history.hpp) behaves on simulated
// histories: false changes on stable series, and the share of steps found at their commit (or next to
// it), for steps of 1, 2, 5 and 10% at a coefficient of variation of 1% and 3%, with 1 and 5 samples a
// commit, under the default floor and with no floor. And its speed: 1,000 metrics x 200 commits x 5
// samples. The tables it prints are those of docs/STATISTICS.md ("Change points over a history").
//
//   cmake --preset bench && cmake --build --preset bench --target sim_history
//   build/bench/bench/sim_history             # 1,000 series a cell (the figures in the docs)
//   build/bench/bench/sim_history --quick     # 20 series a cell: a smoke check
//   build/bench/bench/sim_history --speed     # the timing alone
//   build/bench/bench/sim_history --builds    # the cells of builds that differ alone (2,000 series a cell)
//   build/bench/bench/sim_history --stable N  # false changes of the stable cells and of offsets of 0.5%
//                                             # on N series each, seeds of their own (default 10,000)
//
// A statistical benchmark, not a unit test: what it measures is how often the search is right, which
// only many simulated series can show. The noise comes from std::mt19937_64 with fixed seeds turned
// into normal deviates by Box-Muller here, so every standard library gives the same figures.
//
// Design: a series has 60 commits, base level 1000, normal noise of the stated coefficient of variation
// on every sample; a step series moves by the step from commit 30 on. A step is found when a change is
// reported at commit 29, 30 or 31 (the commit, or one next to it); a false change is any change reported
// in a stable series, or any other change in a step series. Metrics are better lower (a regression up).

#include "perfmail/analysis/history.hpp"
#include "perfmail/metrics/classifier.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <random>
#include <vector>

namespace {

using namespace perfmail;

constexpr std::size_t commits = 60;
constexpr std::size_t step_at = 30;

class normal_source {
 public:
  explicit normal_source(std::uint64_t seed) : random_(seed) {}
  double next() {
    const double u1 = (static_cast<double>(random_() >> 11U) + 0.5) / 9007199254740992.0;
    const double u2 = (static_cast<double>(random_() >> 11U) + 0.5) / 9007199254740992.0;
    return std::sqrt(-2 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }

 private:
  std::mt19937_64 random_;
};

/// A series; `build_sd` is the relative SD of an offset each commit's runs share (its build), drawn
/// only when it is not 0, so that the cells without offsets keep their numbers.
std::vector<std::vector<double>> series(normal_source& noise, std::size_t n_commits, std::size_t runs, double cv,
                                        double step, double build_sd = 0) {
  std::vector<std::vector<double>> out(n_commits);
  for (std::size_t c = 0; c < n_commits; ++c) {
    double level = 1000 * (c >= step_at ? 1 + step : 1);
    if (build_sd != 0) level *= 1 + build_sd * noise.next();
    for (std::size_t r = 0; r < runs; ++r) out[c].push_back(level * (1 + cv * noise.next()));
  }
  return out;
}

struct cell_result {
  std::size_t found = 0;
  std::size_t false_changes = 0;
};

cell_result simulate(std::size_t n_series, std::size_t runs, double cv, double step, std::optional<double> floor,
                     const metric_class& cls) {
  normal_source noise(0x5eed0000ULL + runs * 1000 + static_cast<std::uint64_t>(cv * 1e4) +
                      static_cast<std::uint64_t>(step * 1e6));
  history_options options;
  options.min_change_percent = floor;
  cell_result out;
  for (std::size_t i = 0; i < n_series; ++i) {
    const auto s = series(noise, commits, runs, cv, step);
    options.seed = i + 1;
    bool found = false;
    for (const history_change& change : find_change_points(s, cls, options).changes) {
      const bool at_step = step != 0 && change.index + 1 >= step_at && change.index <= step_at + 1;
      if (at_step && !found) found = true;
      else ++out.false_changes;
    }
    if (found) ++out.found;
  }
  return out;
}

void print_tables(std::size_t n_series, const metric_class& cls) {
  for (const std::optional<double> floor : {std::optional<double>{}, std::optional<double>{0.0}}) {
    std::printf("\n%s (%zu series a cell, 60 commits, alpha 0.01)\n\n",
                floor ? "No floor (--min-change 0)" : "The default floor (5% with one sample a commit, else half the spread)",
                n_series);
    std::printf("| samples a commit | CV | false changes per 100 stable series | found: 1%% | 2%% | 5%% | 10%% |\n");
    std::printf("|---|---|---|---|---|---|---|\n");
    for (const std::size_t runs : {1, 5})
      for (const double cv : {0.01, 0.03}) {
        const cell_result stable = simulate(n_series, runs, cv, 0, floor, cls);
        std::printf("| %zu | %.0f%% | %.2f |", runs, cv * 100,
                    100.0 * static_cast<double>(stable.false_changes) / static_cast<double>(n_series));
        for (const double step : {0.01, 0.02, 0.05, 0.10}) {
          const cell_result r = simulate(n_series, runs, cv, step, floor, cls);
          std::printf(" %.1f%% |", 100.0 * static_cast<double>(r.found) / static_cast<double>(n_series));
        }
        std::printf("\n");
        std::fflush(stdout);
      }
  }
}

/// Builds that differ: stable series and 2% steps with an offset per commit, 5 runs a commit, CV 1%.
void print_builds(std::size_t n_series, const metric_class& cls) {
  std::printf("\nBuilds that differ: an offset per commit shared by its runs (%zu series a cell, 60 commits, "
              "5 runs a commit, CV 1%%, alpha 0.01, default floor)\n\n", n_series);
  std::printf("| offset SD | false changes per 100 stable series | of them at the newest commit | 2%% step found | "
              "its interval covers 2%% |\n");
  std::printf("|---|---|---|---|---|\n");
  for (const double build_sd : {0.0, 0.0025, 0.005, 0.01}) {
    normal_source noise(0xb0d5ULL + static_cast<std::uint64_t>(build_sd * 1e5));
    history_options options;
    std::size_t false_changes = 0;
    std::size_t at_newest = 0;
    for (std::size_t i = 0; i < n_series; ++i) {
      options.seed = i + 1;
      for (const history_change& change : find_change_points(series(noise, commits, 5, 0.01, 0, build_sd), cls, options).changes) {
        ++false_changes;
        if (change.index + 1 == commits) ++at_newest;
      }
    }
    std::size_t found = 0;
    std::size_t covered = 0;
    for (std::size_t i = 0; i < n_series; ++i) {
      options.seed = i + 1;
      for (const history_change& change : find_change_points(series(noise, commits, 5, 0.01, 0.02, build_sd), cls, options).changes) {
        if (change.index + 1 < step_at || change.index > step_at + 1) continue;
        ++found;
        if (change.ci_percent && change.ci_percent->low <= 2 && 2 <= change.ci_percent->high) ++covered;
        break;
      }
    }
    std::printf("| %.2f%% | %.2f | %.2f | %.1f%% | %.1f%% |\n", build_sd * 100,
                100.0 * static_cast<double>(false_changes) / static_cast<double>(n_series),
                100.0 * static_cast<double>(at_newest) / static_cast<double>(n_series),
                100.0 * static_cast<double>(found) / static_cast<double>(n_series),
                found == 0 ? 0.0 : 100.0 * static_cast<double>(covered) / static_cast<double>(found));
    std::fflush(stdout);
  }
}

/// A series of `levels[c]` (relative), `runs` samples a commit at `cv`.
std::vector<std::vector<double>> shaped(normal_source& noise, const std::vector<double>& levels, std::size_t runs, double cv) {
  std::vector<std::vector<double>> out(levels.size());
  for (std::size_t c = 0; c < levels.size(); ++c)
    for (std::size_t r = 0; r < runs; ++r) out[c].push_back(1000 * levels[c] * (1 + cv * noise.next()));
  return out;
}

/// Shapes other than one step: a ramp of +5% over commits 20 to 40 between flat stretches (reported
/// right when it is one drift line and nothing else), and a bump, +5% at commit 20 and back at 45
/// (both changes found, each within a commit).
void print_shapes(std::size_t n_series, const metric_class& cls) {
  std::vector<double> ramp(60, 1.0);
  for (std::size_t c = 0; c < 60; ++c) ramp[c] = c < 20 ? 1.0 : c >= 40 ? 1.05 : 1.0 + 0.05 * static_cast<double>(c - 20) / 20;
  std::vector<double> bump(60, 1.0);
  for (std::size_t c = 20; c < 45; ++c) bump[c] = 1.05;
  std::printf("\nShapes (%zu series a cell, 60 commits, alpha 0.01)\n\n", n_series);
  std::printf("| shape | runs a commit | CV | floor | one drift line, nothing else | both changes found | nothing found | changes a series |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  struct cell {
    const char* name;
    const std::vector<double>* levels;
    std::size_t runs;
    double cv;
    std::optional<double> floor;
  };
  const cell cells[] = {
      {"ramp +5% over 20 commits", &ramp, 5, 0.01, std::nullopt}, {"ramp +5% over 20 commits", &ramp, 1, 0.01, 0.0},
      {"+5% at 20, back at 45", &bump, 1, 0.03, 0.0},             {"+5% at 20, back at 45", &bump, 5, 0.03, 0.0},
      {"+5% at 20, back at 45", &bump, 1, 0.01, std::nullopt},
  };
  for (const cell& c : cells) {
    normal_source noise(0x5a9eULL + c.runs * 100 + static_cast<std::uint64_t>(c.cv * 1e4) + (c.levels == &bump ? 7 : 0));
    history_options options;
    options.min_change_percent = c.floor;
    std::size_t one_drift = 0;
    std::size_t both = 0;
    std::size_t nothing = 0;
    std::size_t changes = 0;
    for (std::size_t i = 0; i < n_series; ++i) {
      options.seed = i + 1;
      const auto found = find_change_points(shaped(noise, *c.levels, c.runs, c.cv), cls, options).changes;
      changes += found.size();
      if (found.empty()) ++nothing;
      if (found.size() == 1 && found[0].kind == history_change_kind::drift) ++one_drift;
      const auto near = [&](std::size_t at) {
        return std::any_of(found.begin(), found.end(), [&](const history_change& h) { return h.index + 1 >= at && h.index <= at + 1; });
      };
      if (near(20) && near(45)) ++both;
    }
    const auto share = [&](std::size_t k) { return 100.0 * static_cast<double>(k) / static_cast<double>(n_series); };
    std::printf("| %s | %zu | %.0f%% | %s | %.1f%% | %.1f%% | %.1f%% | %.2f |\n", c.name, c.runs, c.cv * 100,
                c.floor ? "none" : "default", c.levels == &ramp ? share(one_drift) : 0.0,
                c.levels == &bump ? share(both) : 0.0, share(nothing),
                static_cast<double>(changes) / static_cast<double>(n_series));
    std::fflush(stdout);
  }
}

/// False changes per 100 stable series of `n_series`, with seeds of their own (not those of the tables
/// above), so that a cell near its bound is told to about a tenth of a change per 100.
double stable_false_changes(std::size_t n_series, std::size_t runs, double cv, std::optional<double> floor,
                            double build_sd, const metric_class& cls) {
  normal_source noise(0x77ULL + runs * 31 + static_cast<std::uint64_t>(cv * 1e4) + static_cast<std::uint64_t>(build_sd * 1e5));
  history_options options;
  options.min_change_percent = floor;
  std::size_t false_changes = 0;
  for (std::size_t i = 0; i < n_series; ++i) {
    options.seed = i + 1;
    false_changes += find_change_points(series(noise, commits, runs, cv, 0, build_sd), cls, options).changes.size();
  }
  return 100.0 * static_cast<double>(false_changes) / static_cast<double>(n_series);
}

void print_stable(std::size_t n_series, const metric_class& cls) {
  std::printf("\nStable series (%zu a cell, 60 commits, alpha 0.01)\n\n", n_series);
  std::printf("| runs a commit | CV | floor | offset SD | false changes per 100 stable series |\n|---|---|---|---|---|\n");
  struct cell {
    std::size_t runs;
    double cv;
    std::optional<double> floor;
    double build_sd;
  };
  for (const cell& c : {cell{1, 0.01, std::nullopt, 0}, cell{1, 0.03, std::nullopt, 0}, cell{5, 0.01, 0.0, 0},
                        cell{5, 0.03, 0.0, 0}, cell{5, 0.01, std::nullopt, 0.005}}) {
    std::printf("| %zu | %.0f%% | %s | %.1f%% | %.2f |\n", c.runs, c.cv * 100, c.floor ? "none" : "default",
                c.build_sd * 100, stable_false_changes(n_series, c.runs, c.cv, c.floor, c.build_sd, cls));
    std::fflush(stdout);
  }
}

/// False changes per 100 stable series of noise other than normal, each series with a seed of its own:
/// Student's t with 3 degrees of freedom (scaled to the CV), one wild commit (+10% at commit 30, all its
/// runs), and wild runs (each run 1.2 times its value with chance 2%, a normal deviate past 2.054).
void print_tails(std::size_t n_series, const metric_class& cls) {
  std::printf("\nStable series of other noise (%zu a cell, 60 commits, CV 1%%, default floor, alpha 0.01)\n\n", n_series);
  std::printf("| noise | runs a commit | false changes per 100 stable series |\n|---|---|---|\n");
  enum class noise_kind { student3, wild_commit, wild_runs };
  struct cell {
    const char* name;
    noise_kind kind;
  };
  for (const cell& c : {cell{"Student's t, 3 degrees of freedom", noise_kind::student3},
                        cell{"one wild commit (+10% at commit 30)", noise_kind::wild_commit},
                        cell{"wild runs (2% of runs 1.2 times)", noise_kind::wild_runs}})
    for (const std::size_t runs : {std::size_t{1}, std::size_t{5}}) {
      normal_source noise(0x7a11ULL + runs * 31 + static_cast<std::uint64_t>(c.kind) * 7);
      history_options options;
      std::size_t false_changes = 0;
      for (std::size_t i = 0; i < n_series; ++i) {
        options.seed = i + 1;
        std::vector<std::vector<double>> s(commits);
        for (std::size_t k = 0; k < commits; ++k)
          for (std::size_t r = 0; r < runs; ++r) {
            double z = noise.next();
            if (c.kind == noise_kind::student3) {
              const double a = noise.next(), b = noise.next(), d = noise.next();
              z = z / std::sqrt((a * a + b * b + d * d) / 3) / std::sqrt(3.0);
            }
            double v = 1000 * (1 + 0.01 * z);
            if (c.kind == noise_kind::wild_commit && k == 30) v *= 1.10;
            if (c.kind == noise_kind::wild_runs && noise.next() > 2.054) v *= 1.2;
            s[k].push_back(v);
          }
        false_changes += find_change_points(s, cls, options).changes.size();
      }
      std::printf("| %s | %zu | %.2f |\n", c.name, runs, 100.0 * static_cast<double>(false_changes) / static_cast<double>(n_series));
      std::fflush(stdout);
    }
}

void time_it(const metric_class& cls) {
  constexpr std::size_t metrics = 1000;
  constexpr std::size_t long_history = 200;
  normal_source noise(42);
  std::vector<std::vector<std::vector<double>>> all;
  all.reserve(metrics);
  for (std::size_t m = 0; m < metrics; ++m) all.push_back(series(noise, long_history, 5, 0.01, m % 10 == 0 ? 0.05 : 0));
  const auto start = std::chrono::steady_clock::now();
  std::size_t changes = 0;
  for (const auto& s : all) changes += find_change_points(s, cls).changes.size();
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  std::printf("%zu metrics x %zu commits x 5 samples (a 5%% step in every tenth, at commit %zu): %.3f s, %zu changes\n",
              metrics, long_history, step_at, took.count(), changes);
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const bool speed = argc > 1 && std::strcmp(argv[1], "--speed") == 0;
  metric_class cls = metric_classifier::tool()->classify("bench.ns/op");
  cls.direction = better::lower;
  const bool builds = argc > 1 && std::strcmp(argv[1], "--builds") == 0;
  if (argc > 1 && std::strcmp(argv[1], "--shapes") == 0) {
    print_shapes(argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 1000, cls);
    return 0;
  }
  if (argc > 1 && std::strcmp(argv[1], "--stable") == 0) {
    print_stable(argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 10000, cls);
    return 0;
  }
  if (argc > 1 && std::strcmp(argv[1], "--tails") == 0) {
    print_tails(argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 10000, cls);
    return 0;
  }
  if (builds) {
    print_builds(argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 2000, cls);
    return 0;
  }
  time_it(cls);
  if (!speed) {
    print_tables(quick ? 20 : 1000, cls);
    print_builds(quick ? 20 : 2000, cls);
  }
  return 0;
}
