// The change points of every metric of a history (declared in include/perfmail/analysis/history_search.hpp).

#include "perfmail/analysis/history_search.hpp"

#include "perfmail/metrics/classifier.hpp"
#include "perfmail/metrics/directions.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace perfmail {

namespace {

/// Calls `work(i)` for every i below `count` on up to `jobs` threads, this one included, each taking the
/// next index when done with one. The exception of the lowest index that threw is thrown again once all
/// are done: the one a single thread would have stopped at, since every lower index was taken before.
void for_each_index(std::size_t count, std::size_t jobs, const std::function<void(std::size_t)>& work) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex guard;
  std::size_t failed_at = count;
  std::exception_ptr error;
  const auto worker = [&] {
    while (!failed.load(std::memory_order_relaxed)) {
      const std::size_t i = next.fetch_add(1);
      if (i >= count) return;
      try {
        work(i);
      } catch (...) {
        const std::lock_guard lock(guard);
        if (i < failed_at) {
          failed_at = i;
          error = std::current_exception();
        }
        failed = true;
      }
    }
  };
  {
    std::vector<std::jthread> threads;
    const std::size_t helpers = std::min(jobs, count) > 1 ? std::min(jobs, count) - 1 : 0;
    threads.reserve(helpers);
    try {
      for (std::size_t t = 0; t < helpers; ++t) threads.emplace_back(worker);
    } catch (const std::system_error&) {
      // No more threads to be had: those started and this one do the work.
    }
    worker();
  }  // joined
  if (error) std::rethrow_exception(error);
}

}  // namespace

history_search search_history(const commit_history& history, const metric_classifier& classifier,
                              const history_options& options, const std::function<bool(std::string_view)>& chosen,
                              std::size_t jobs) {
  history_search search;
  const caller_directions callers(options.caller_rules);
  // Which metrics are searched and how each is judged, in the history's order, on this thread: the
  // classifiers are not asked from several threads at once.
  for (std::size_t i = 0; i < history.metrics.size(); ++i) {
    const metric_history& m = history.metrics[i];
    if (chosen && !chosen(m.name)) continue;
    metric_class cls = classify_with_directions(m.name, classifier, callers, m.direction);
    if (cls.kind == metric_kind::failure) {
      ++search.failure_counters;
      continue;
    }
    search.metrics.push_back({i, cls, {}, std::nullopt});
  }
  // The searches, on `jobs` threads. Each depends on its own metric's samples alone (its permutations are
  // seeded by the seed and the segment tested), so the results are the same on any number of threads.
  for_each_index(search.metrics.size(), jobs, [&](std::size_t k) {
    searched_metric& searched = search.metrics[k];
    searched.result = find_change_points(history.metrics[searched.metric].samples, searched.cls, options);
  });
  for (searched_metric& searched : search.metrics) {
    const auto& samples = history.metrics[searched.metric].samples;
    const auto last = std::find_if(samples.rbegin(), samples.rend(), [](const auto& s) { return !s.empty(); });
    if (last != samples.rend() && last != samples.rbegin())
      searched.gone_after = static_cast<std::size_t>(samples.rend() - last) - 1;
    if (searched.gone_after) ++search.counts.gone;
    else if (searched.result.changes.empty()) ++search.counts.unchanged;
    for (const history_change& change : searched.result.changes) search.counts.add(change.verdict);
  }
  return search;
}

}  // namespace perfmail
