// Measuring one commit of a bisection until the judge decides (declared in
// include/perfmail/analysis/bisect_runs.hpp).

#include "perfmail/analysis/bisect_runs.hpp"

#include "perfmail/stats/summary.hpp"
#include "perfmail/text/statistic_text.hpp"

#include <fmt/core.h>

#include <optional>
#include <utility>

namespace perfmail {

namespace {

/// SplitMix64's finaliser: a well-mixed 64-bit value of any 64-bit input, the same everywhere.
std::uint64_t mix(std::uint64_t z) noexcept {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31U);
}

}  // namespace

std::string_view name_of(bisect_tree tree) noexcept {
  switch (tree) {
    case bisect_tree::good: return "good";
    case bisect_tree::bad: return "bad";
    case bisect_tree::current: return "current";
  }
  return "current";
}

std::optional<bisect_tree> end_like(bisect_answer answer) noexcept {
  switch (answer) {
    case bisect_answer::good: return bisect_tree::good;
    case bisect_answer::bad: return bisect_tree::bad;
    case bisect_answer::more_runs:
    case bisect_answer::undecided: break;
  }
  return std::nullopt;
}

double bisect_run_value(std::span<const double> samples) {
  return median_of(samples);
}

std::array<bisect_tree, 3> bisect_round_order(std::uint64_t seed, std::size_t round) {
  std::array<bisect_tree, 3> order{bisect_tree::good, bisect_tree::bad, bisect_tree::current};
  std::uint64_t state = mix(seed ^ mix(static_cast<std::uint64_t>(round)));
  // Fisher-Yates with draws from the top bits (bias below 2^-60 for bounds of 2 and 3).
  for (std::size_t i = order.size() - 1; i > 0; --i) {
    state = mix(state);
    const auto j = static_cast<std::size_t>((state >> 32U) % (i + 1));
    std::swap(order[i], order[j]);
  }
  return order;
}

bisect_rounds_outcome judge_in_rounds(std::span<const bisect_round> earlier, std::size_t builds, std::size_t step,
                                      std::uint64_t seed, const bisect_policy& policy, const bisect_run& run,
                                      const bisect_round_seen& seen) {
  bisect_rounds_outcome out;
  builds = builds == 0 ? 1 : builds;
  const std::uint64_t step_seed = mix(seed ^ mix(0x51ED0000ULL + static_cast<std::uint64_t>(step)));
  // The budget: `max_runs` rounds of three runs; rounds of the commit and one end take two of it.
  const std::size_t budget = 3 * policy.max_runs;
  std::size_t spent = 0;
  std::size_t one_end_rounds = 0;
  bool one_end = bisect_one_end_rounds(earlier, out.rounds, builds);
  for (std::size_t r = 1; spent + (one_end ? 2 : 3) <= budget; ++r) {
    bisect_round round;
    round.build = (r - 1) % builds;
    round.step = step;
    // Once the ends are told apart well, the commit with one end, the two in turn (starting with good).
    std::optional<bisect_tree> left_out;
    if (one_end) left_out = one_end_rounds++ % 2 == 0 ? bisect_tree::bad : bisect_tree::good;
    for (const bisect_tree tree : bisect_round_order(step_seed, r)) {
      if (tree == left_out) continue;
      const double value = run(tree, round.build);
      ++spent;
      if (tree == bisect_tree::good) round.good = value;
      if (tree == bisect_tree::bad) round.bad = value;
      if (tree == bisect_tree::current) round.current = value;
    }
    out.rounds.push_back(round);
    one_end = bisect_one_end_rounds(earlier, out.rounds, builds);
    const bool last_look = spent + (one_end ? 2 : 3) > budget;
    out.judgement = judge_rounds(earlier, out.rounds, builds, policy, last_look);
    if (seen) seen(round, out.judgement);
    if (out.judgement.answer != bisect_answer::more_runs) break;
  }
  // The verdict belongs to every round of the commit: the next judgements read the commit's level from it.
  if (out.judgement.answer == bisect_answer::good || out.judgement.answer == bisect_answer::bad)
    for (bisect_round& round : out.rounds) round.verdict = out.judgement.answer;
  const std::optional<double> ends_p = out.judgement.ends_p_value;
  if (out.judgement.answer == bisect_answer::undecided && ends_p && !(*ends_p <= policy.alpha))
    out.problem = fmt::format("after {} rounds the ends still cannot be told apart (p={}): a bisection would name a "
                              "commit by chance",
                              out.rounds.size(), text::p_value_text(*ends_p, {text::p_format::form::significant, 3}));
  return out;
}

bisect_runs_outcome judge_by_runs(const end_samples& good, const end_samples& bad, const bisect_policy& policy,
                                  const bisect_sample_run& run) {
  bisect_runs_outcome out;
  for (std::size_t r = 1; r <= policy.max_runs; ++r) {
    out.runs.push_back(run());
    out.judgement = judge_stored(good, bad, out.runs, policy, r == policy.max_runs);
    if (out.judgement.answer != bisect_answer::more_runs) break;
  }
  return out;
}

}  // namespace perfmail
