#pragma once
// What a metric's name says about it. The robot decides how to compare and print a metric from its name
// alone; these rules restate its failure and pass patterns (lkp-tests etc/failure and etc/pass).

#include <string_view>

namespace perfmail {

namespace detail {
/// Whether `suffix` follows `name[pos]` and what follows it up to the end contains no '_'
/// (the robot's `\.(error|warn|fail)[^_]*$`).
constexpr bool has_failure_word_at(std::string_view name, std::size_t pos, std::string_view word) {
  if (name.substr(pos, word.size()) != word) return false;
  return name.find('_', pos + word.size()) == std::string_view::npos;
}

constexpr bool ends_with_failure_word(std::string_view name) {
  // `.+\.(error|warn|fail)[^_]*$`: a dot at position >= 1, then the word, then no underscore to the end.
  for (std::size_t dot = name.find('.', 1); dot != std::string_view::npos; dot = name.find('.', dot + 1)) {
    for (std::string_view word : {std::string_view{"error"}, std::string_view{"warn"}, std::string_view{"fail"}})
      if (has_failure_word_at(name, dot + 1, word)) return true;
  }
  return false;
}

constexpr bool contains_after(std::string_view name, std::string_view prefix, std::string_view needle) {
  // `prefix.+needle`: the prefix, at least one character, then the needle somewhere.
  return name.starts_with(prefix) && name.size() > prefix.size() &&
         name.find(needle, prefix.size() + 1) != std::string_view::npos;
}
}  // namespace detail

/// Metrics that count failures per run (`dmesg.*`, `last_state.*`, `*.fail`, ...): the `fail:runs` rows.
constexpr bool is_failure_metric(std::string_view name) {
  for (std::string_view prefix : {std::string_view{"dmesg"}, std::string_view{"kmsg"},
                                  std::string_view{"last_state"}, std::string_view{"stderr"}})
    if (name.starts_with(prefix)) return true;
  if (auto at = name.find("killed_by"); at != std::string_view::npos && at >= 1) return true;
  if (detail::ends_with_failure_word(name)) return true;
  if (detail::contains_after(name, "kmemleak.", "unreferenced_object.") &&
      !name.ends_with("unreferenced_object."))
    return true;
  if (detail::contains_after(name, "locktoture.", "lock_hotplug")) return true;
  if (detail::contains_after(name, "rcutoture.", "rcu_hotplug")) return true;
  if (name.starts_with("xfstests.") && name.size() > 13 && name.ends_with("fail")) return true;
  return false;
}

/// `*.pass` metrics, the siblings of `*.fail` ones.
constexpr bool is_pass_metric(std::string_view name) { return name.size() > 5 && name.ends_with(".pass"); }

/// Kernel latency statistics (`latency_stats.*`): noisy by nature, never dropped as noise.
constexpr bool is_latency_stats_metric(std::string_view name) { return name.starts_with("latency_stats"); }

/// CPU profile shares (`perf-profile.*`): percentages of samples, compared by absolute change.
constexpr bool is_perf_profile_metric(std::string_view name) { return name.starts_with("perf-profile"); }

/// Metrics that are themselves percentages (`mpstat.cpu.idle%`).
constexpr bool is_percentage_metric(std::string_view name) { return name.ends_with('%'); }

/// Latency or time metrics, for which lower is better unless a direction table says otherwise.
constexpr bool is_latency_metric(std::string_view name) {
  return is_latency_stats_metric(name) || name.find("latency") != std::string_view::npos ||
         name.find("clat") != std::string_view::npos;
}

static_assert(is_failure_metric("dmesg.Mem-Info"));
static_assert(is_failure_metric("last_state.is_incomplete_run"));
static_assert(is_failure_metric("ltp.syscalls.fail"));
static_assert(is_failure_metric("kernel-selftests.bpf.test_maps.fail"));
static_assert(!is_failure_metric("fio.write_bw_MBps"));
static_assert(!is_failure_metric("phoronix.errors_per_sec"));
static_assert(!is_failure_metric("x.fail_count"));  // `[^_]*$`: an underscore after the word disqualifies
static_assert(is_failure_metric("oom.oom_killed_by_x"));

}  // namespace perfmail
