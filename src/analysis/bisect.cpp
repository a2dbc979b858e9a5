// Judging one commit of a bisection (declared in include/perfmail/analysis/bisect.hpp).

#include "perfmail/analysis/bisect.hpp"

#include "perfmail/error.hpp"
#include "perfmail/stats/significance.hpp"
#include "perfmail/stats/summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace perfmail {

namespace {

double median_of(std::span<const double> xs) { return summarize(xs).median; }

std::string p_text(double p) { return p >= 0.001 ? fmt::format("{:.3f}", p) : fmt::format("{:.1e}", p); }

}  // namespace

std::vector<std::size_t> bisect_schedule(const bisect_policy& policy) {
  if (policy.first_runs == 0 || policy.max_runs < policy.first_runs)
    throw usage_error("a bisection needs at least one run first, and at most as many runs as that or more");
  std::vector<std::size_t> looks{policy.first_runs};
  while (looks.back() < policy.max_runs) looks.push_back(std::min(2 * looks.back(), policy.max_runs));
  return looks;
}

double bisect_look_level(const bisect_policy& policy) {
  return policy.alpha / static_cast<double>(bisect_schedule(policy).size());
}

bisect_references check_bisect_references(std::span<const double> good, std::span<const double> bad,
                                          const bisect_policy& policy) {
  bisect_references r;
  if (good.empty() || bad.empty()) {
    r.problem = good.empty() ? "the good results have no sample of the metric" : "the bad results have no sample of the metric";
    return r;
  }
  r.good_median = median_of(good);
  r.bad_median = median_of(bad);
  r.p_value = mann_whitney_u(good, bad).p_value;
  const double level = bisect_look_level(policy);
  if (!(r.p_value <= policy.alpha)) {
    r.problem = fmt::format("the good samples (median {:.6g}, {} of them) and the bad ones (median {:.6g}, {}) cannot be "
                            "told apart (p={}): a bisection would name a commit by chance; measure more runs of each",
                            r.good_median, good.size(), r.bad_median, bad.size(), p_text(r.p_value));
    return r;
  }
  // Can a look ever reject at its level? At best every current sample lies beyond every reference one.
  const std::size_t smallest = std::min(good.size(), bad.size());
  if (mann_whitney_smallest_p(policy.max_runs, smallest) > level)
    r.problem = fmt::format("{} {} samples are too few: no look at {} runs or fewer can reach its level {:.2g} "
                            "(alpha {} over {} looks); give more samples, or allow more runs",
                            smallest, good.size() <= bad.size() ? "good" : "bad", policy.max_runs, level, policy.alpha,
                            bisect_schedule(policy).size());
  return r;
}

bisect_judgement judge_commit(std::span<const double> good, std::span<const double> bad,
                              std::span<const double> current, const bisect_policy& policy, bool last_look) {
  bisect_judgement j;
  const double level = bisect_look_level(policy);
  const double good_median = median_of(good);
  const double bad_median = median_of(bad);
  if (current.empty()) {
    j.answer = last_look ? bisect_answer::undecided : bisect_answer::more_runs;
    j.reason = "no sample of the metric at this commit";
    return j;
  }
  j.current_median = median_of(current);
  j.p_good = mann_whitney_u(current, good).p_value;
  j.p_bad = mann_whitney_u(current, bad).p_value;
  j.position = (j.current_median - good_median) / (bad_median - good_median);
  const bool unlike_good = j.p_good <= level;
  const bool unlike_bad = j.p_bad <= level;
  const std::string figures = fmt::format(
      "the median {:.6g} of {} samples lies at {:.2f} of the way from good ({:.6g}, p={}) to bad ({:.6g}, p={}); a "
      "look's level is {:.2g}",
      j.current_median, current.size(), j.position, good_median, p_text(j.p_good), bad_median, p_text(j.p_bad), level);
  if (unlike_good && j.position > 0.75) {
    j.answer = bisect_answer::bad;
    j.reason = figures;
  } else if (unlike_bad && j.position < 0.25) {
    j.answer = bisect_answer::good;
    j.reason = figures;
  } else if (unlike_good && unlike_bad && j.position >= 0.25 && j.position <= 0.75) {
    j.answer = bisect_answer::undecided;
    j.reason = "neither good nor bad: " + figures;
  } else if (unlike_good && j.position > 0.5 && !unlike_bad) {
    j.answer = bisect_answer::bad;
    j.reason = figures;
  } else if (unlike_bad && j.position < 0.5 && !unlike_good) {
    j.answer = bisect_answer::good;
    j.reason = figures;
  } else {
    j.answer = last_look ? bisect_answer::undecided : bisect_answer::more_runs;
    j.reason = (last_look ? "unclear after the last run: " : "unclear: ") + figures;
  }
  return j;
}

}  // namespace perfmail
