#pragma once
// Which family a metric belongs to, decided from its name by lists of patterns: failure and pass
// metrics (the `fail:runs` rows), primary performance metrics (a benchmark's own results and a few
// monitors), metrics never reported unless asked (the deny list), and per-metric floors below which a
// change is not worth reporting. The defaults are perfmail's own data, written from the robot's
// configuration (see docs/TABLES.md); every list is a plain value that callers may replace.
//
// Patterns are regular expressions (ECMAScript) matched from the start of the name, as the robot
// matches its own. Most are literal prefixes; those are decided by a string comparison and never reach
// the regular-expression engine, which keeps classification cheap for tens of thousands of metrics.

#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail::detect {

/// A list of patterns, each anchored at the start of a name.
class pattern_list {
 public:
  pattern_list() = default;
  explicit pattern_list(std::vector<std::string> patterns) { assign(std::move(patterns)); }

  void assign(std::vector<std::string> patterns) {
    entries_.clear();
    entries_.reserve(patterns.size());
    for (auto& p : patterns) entries_.push_back(compile(std::move(p)));
    // Entries by the first character of their literal prefix: a name is tried only against the entries
    // that can match it, which matters with dozens of patterns and tens of thousands of names.
    for (auto& bucket : by_first_) bucket.clear();
    unprefixed_.clear();
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      const std::string& prefix = entries_[i].literal_prefix;
      if (prefix.empty()) unprefixed_.push_back(i);
      else by_first_[static_cast<unsigned char>(prefix.front())].push_back(i);
    }
  }

  [[nodiscard]] bool matches(std::string_view name) const {
    const auto tried = [&](const std::vector<std::size_t>& indices) {
      return std::any_of(indices.begin(), indices.end(), [&](std::size_t i) { return entries_[i].matches(name); });
    };
    if (!name.empty() && tried(by_first_[static_cast<unsigned char>(name.front())])) return true;
    return tried(unprefixed_);
  }

  /// The first pattern that matches, for explanations.
  [[nodiscard]] std::optional<std::string> first_match(std::string_view name) const {
    for (const auto& e : entries_)
      if (e.matches(name)) return e.source;
    return std::nullopt;
  }

  [[nodiscard]] std::vector<std::string> patterns() const {
    std::vector<std::string> out;
    out.reserve(entries_.size());
    for (const auto& e : entries_) out.push_back(e.source);
    return out;
  }
  [[nodiscard]] std::size_t size() const noexcept { return entries_.size(); }

 private:
  struct entry {
    std::string source;
    std::string literal_prefix;               ///< what every match starts with
    std::vector<std::string> needs_one_of;    ///< every match contains one of these (empty: no such rule)
    std::shared_ptr<const std::regex> regex;  ///< null when the literal prefix decides alone

    [[nodiscard]] bool matches(std::string_view name) const {
      if (!name.starts_with(literal_prefix)) return false;
      if (!needs_one_of.empty() && std::none_of(needs_one_of.begin(), needs_one_of.end(), [&](const std::string& s) {
            return name.find(s, literal_prefix.size()) != std::string_view::npos;
          }))
        return false;
      if (!regex) return true;
      return std::regex_search(name.begin(), name.end(), *regex, std::regex_constants::match_continuous);
    }
  };

  /// Literal text every match must contain, found cheaply: the longest run of literal characters
  /// outside groups, or the alternatives of a group of plain words such as `(error|warn|fail)`.
  static std::vector<std::string> required_text(std::string_view p) {
    if (has_top_level_alternation(p)) return {};
    std::string best;
    std::vector<std::string> words;
    std::string run;
    auto finish_run = [&] {
      if (run.size() > best.size()) best = run;
      run.clear();
    };
    for (std::size_t i = 0; i < p.size(); ++i) {
      const char c = p[i];
      const bool quantified_next = i + 1 < p.size() && (p[i + 1] == '*' || p[i + 1] == '?' || p[i + 1] == '{');
      if (c == '\\' && i + 1 < p.size() && !std::isalnum(static_cast<unsigned char>(p[i + 1]))) {
        const bool quantified = i + 2 < p.size() && (p[i + 2] == '*' || p[i + 2] == '?' || p[i + 2] == '{');
        if (quantified) finish_run();
        else run += p[i + 1];
        ++i;
        continue;
      }
      if (c == '(' || c == '[') {
        finish_run();
        const char close = c == '(' ? ')' : ']';
        const auto end = p.find(close, i + 1);
        if (end == std::string_view::npos) return {};
        const std::string_view inside = p.substr(i + 1, end - i - 1);
        const bool optional = end + 1 < p.size() && (p[end + 1] == '*' || p[end + 1] == '?' || p[end + 1] == '{');
        const bool plain = c == '(' && !inside.empty() &&
                           std::all_of(inside.begin(), inside.end(), [](char x) {
                             return std::isalnum(static_cast<unsigned char>(x)) || x == '_' || x == '|' || x == '-';
                           });
        if (plain && !optional && words.empty()) {
          std::string word;
          for (char x : inside) {
            if (x == '|') {
              words.push_back(word);
              word.clear();
            } else {
              word += x;
            }
          }
          words.push_back(word);
        }
        i = end;
        continue;
      }
      if (is_special(c) || quantified_next) {
        finish_run();
        continue;
      }
      run += c;
    }
    finish_run();
    if (best.size() >= 3 || words.empty()) return best.empty() ? std::vector<std::string>{} : std::vector{best};
    if (std::any_of(words.begin(), words.end(), [](const std::string& w) { return w.empty(); })) return {};
    return words;
  }

  static bool is_special(char c) { return std::string_view{".[]()*+?{}|^$\\"}.find(c) != std::string_view::npos; }

  static bool has_top_level_alternation(std::string_view p) {
    int depth = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (p[i] == '\\') ++i;
      else if (p[i] == '(' || p[i] == '[') ++depth;
      else if (p[i] == ')' || p[i] == ']') --depth;
      else if (p[i] == '|' && depth == 0) return true;
    }
    return false;
  }

  static entry compile(std::string source) {
    entry e;
    std::string_view p = source;
    if (p.starts_with('^')) p.remove_prefix(1);
    std::size_t i = 0;
    if (!has_top_level_alternation(p)) {
      while (i < p.size()) {
        const char c = p[i];
        if (c == '\\' && i + 1 < p.size() && !std::isalnum(static_cast<unsigned char>(p[i + 1]))) {
          e.literal_prefix += p[i + 1];
          i += 2;
          continue;
        }
        if (is_special(c)) break;
        e.literal_prefix += c;
        ++i;
      }
    }
    const std::string_view rest = p.substr(i);
    // A quantifier applies to the last literal character: that one is not certain to be there.
    if (!rest.empty() && (rest[0] == '*' || rest[0] == '?' || rest[0] == '{') && !e.literal_prefix.empty())
      e.literal_prefix.pop_back();
    const bool literal_decides = rest.empty() || rest == ".*";
    if (!literal_decides) {
      e.regex = std::make_shared<const std::regex>(std::string{p}, std::regex::ECMAScript | std::regex::optimize);
      e.needs_one_of = required_text(rest);
    }
    e.source = std::move(source);
    return e;
  }

  std::vector<entry> entries_;
  std::array<std::vector<std::size_t>, 256> by_first_;  ///< entries by their literal prefix's first byte
  std::vector<std::size_t> unprefixed_;                 ///< entries without a literal prefix
};

/// A floor for metrics whose whole name matches `pattern`: the larger maximum must reach `minimum`,
/// and for integral floors the median difference must reach half of it.
struct change_floor {
  change_floor(std::string pattern_text, double minimum_value, bool integral_floor = true)
      : pattern(std::move(pattern_text)),
        minimum(minimum_value),
        integral(integral_floor),
        matcher_(std::vector<std::string>{pattern + "$"}) {}
  std::string pattern;
  double minimum = 0;
  bool integral = true;
  [[nodiscard]] bool applies_to(std::string_view name) const { return matcher_.matches(name); }

 private:
  pattern_list matcher_;
};

/// The lists that classify metrics. `robot_defaults()` gives perfmail's defaults.
struct metric_families {
  pattern_list failure;               ///< failure counts (`dmesg.`, `*.fail`, ...)
  pattern_list pass;                  ///< `*.pass`, the siblings of failure metrics
  std::set<std::string, std::less<>> benchmarks;  ///< benchmark names: `fio` makes `fio.*` a test's own metric
  std::vector<std::string> perf_prefixes;  ///< monitors counted as primary performance metrics
  pattern_list perf_patterns;         ///< the same, as patterns
  pattern_list deny;                  ///< never reported unless everything is asked for
  std::vector<change_floor> floors;   ///< checked first; the first whose pattern matches decides

  /// A failure or pass count (the robot's "function stat"), shown in `fail:runs` rows.
  [[nodiscard]] bool is_failure(std::string_view name) const {
    if (name.find(".time.") != std::string_view::npos || name.find(".timestamp:") != std::string_view::npos ||
        name.find(".bootstage:") != std::string_view::npos)
      return false;
    return failure.matches(name) || pass.matches(name);
  }

  /// The first component names a benchmark: the test's own metric.
  [[nodiscard]] bool is_benchmark_metric(std::string_view name) const {
    const auto dot = name.find('.');
    if (dot == std::string_view::npos) return false;
    return benchmarks.contains(name.substr(0, dot));
  }

  /// A metric whose small changes matter: the benchmark's own, or a monitor listed as performance.
  [[nodiscard]] bool is_primary_performance(std::string_view name) const {
    if (is_benchmark_metric(name)) return true;
    if (perf_patterns.matches(name)) return true;
    return std::any_of(perf_prefixes.begin(), perf_prefixes.end(),
                       [&](const std::string& p) { return name.starts_with(p); });
  }

  [[nodiscard]] bool is_denied(std::string_view name) const { return deny.matches(name); }

  [[nodiscard]] static metric_families robot_defaults();
  /// No deny list, no floors, no benchmarks: every metric is a candidate and only the rule decides.
  [[nodiscard]] static metric_families permissive() {
    metric_families f = robot_defaults();
    f.deny = pattern_list{};
    return f;
  }
};

inline metric_families metric_families::robot_defaults() {
  metric_families f;
  f.failure.assign({
      R"(.+killed_by.*)",
      R"(.+\.(error|warn|fail)[^_]*$)",
      R"(dmesg\.)",
      R"(kmemleak\..+unreferenced_object\..+)",
      R"(kmsg\.)",
      R"(last_state\.)",
      R"(locktoture\..+lock_hotplug)",
      R"(rcutoture\..+rcu_hotplug)",
      R"(stderr\.)",
      R"(xfstests\..+fail$)",
  });
  f.pass.assign({R"(.+\.pass$)"});
  f.benchmarks = {
      "adrestia",     "aim7",          "aim9",          "apachebench",        "autonuma-benchmark",
      "blogbench",    "cassandra",     "chromeswap",    "coremark",           "cyclictest",
      "dbench",       "dd",            "ebizzy",        "exit-free",          "ext4-frags",
      "filebench",    "fio",           "fsmark",        "hackbench",          "hpcc",
      "idle",         "igt",           "intel-ipsec-mb", "iozone",            "iperf",
      "jitter",       "kbuild",        "kernbench",     "ku-latency",         "lib-micro",
      "linkbench",    "linpack",       "lmbench3",      "lz4-test",           "mcperf",
      "memtier",      "migratepages",  "mutilate",      "nepim",              "netperf",
      "netpipe",      "nuttcp",        "oltp",          "openssl-speed",      "pbzip2",
      "perf-bench-futex", "perf-bench-mem", "perf-bench-numa-mem", "perf-bench-sched-messaging",
      "perf-bench-sched-pipe", "perf-bench-syscall", "perf-event-tests", "pft", "pgbench",
      "phpbench",     "pigz",          "pixz",          "plzip",              "pmbench",
      "postmark",     "power-idle",    "pts",           "pxz",                "pybench",
      "qat",          "qperf",         "rcurefscale",   "reaim",              "redis",
      "rt-app",       "schbench",      "siege",         "simd-stress",        "simoop",
      "sockperf",     "stream",        "stress-ng",     "stutter",            "swapin",
      "sysbench-cpu", "sysbench-fileio", "sysbench-memory", "sysbench-mutex", "sysbench-threads",
      "tbench",       "tcrypt",        "thrulay",       "tinymembench",       "tlbflush",
      "unixbench",    "uperf",         "vm-scalability", "will-it-scale",     "ycsb",
  };
  f.perf_prefixes = {
      "boot-meminfo.DirectMap1G", "boot-meminfo.DirectMap2M", "boot-meminfo.DirectMap4k",
      "boot-meminfo.KernelStack", "boot-meminfo.MemFree",     "boot-meminfo.MemTotal",
      "boot-meminfo.PageTables",  "boot-meminfo.Slab",        "boot-meminfo.VmallocUsed",
      "boot-memory.bootmem",      "boot-memory.code",         "boot-memory.init",
      "boot-slabinfo.",           "boot-time.",               "energy.",
      "interrupts.CAL:Function_call_interrupts",              "iostat.",
      "perf-c2c.HITM.total",      "perf-profile.children.cycles-pp.native_queued_spin_lock_slowpath",
      "perf-stat.",               "pmeter.",                  "proc-vmstat.",
      "turbostat.%Busy",          "turbostat.Bzy_MHz",        "turbostat.C1%",
      "turbostat.C1E%",           "turbostat.CorWatt",        "turbostat.Pk%pc10",
      "turbostat.Pkg%pc2",        "turbostat.Pkg%pc3",        "turbostat.Pkg%pc6",
      "turbostat.Pkg%pc7",        "turbostat.Pkg%pc8",        "turbostat.Pkg%pc9",
      "turbostat.PkgTmp",         "turbostat.PkgWatt",        "turbostat.POLL%",
      "turbostat.RAMWatt",        "turbostat.SYS%LPI",        "vmstat.cpu.",
      "vmstat.io.",               "vmstat.swap.",             "vmstat.system.",
  };
  f.perf_patterns.assign({R"((.*\.)?time\..*)", R"(lock_stat\..*\..contentions)"});
  f.deny.assign({
      R"(boot-meminfo\.)",
      R"(boot-slabinfo\.)",
      R"(boot-time\.)",
      R"(buddyinfo\.)",
      R"(cpuidle\.)",
      R"(diskstats\.)",
      R"(dmesg\.backtrace)",
      R"(dmesg\.boot_failures)",
      R"(dmesg\.boot_successes)",
      R"(dmesg\.calltrace)",
      R"(dmesg\.invoked_oom-killer:gfp_mask=0x)",
      R"(dmesg\.Mem-Info)",
      R"(dmesg\..*/lkp/)",
      R"(interrupts\.(?!CAL:))",
      R"(pagetypeinfo\.)",
      R"(slabinfo\.)",
      R"(softirqs\.)",
      R"(kmsg\.timestamp:)",
      R"(kmsg\.bootstage:)",
  });
  f.floors = {{R"(interrupts\..*)", 100, true}};
  return f;
}

/// Whether a change of metric `name` clears its family's floor. `max` is the larger of the two
/// maxima, `delta` the absolute difference of the medians.
[[nodiscard]] inline bool clears_floor(const metric_families& families, std::string_view name, double delta,
                                       double max) {
  for (const auto& floor : families.floors) {
    if (!floor.applies_to(name)) continue;
    if (max < floor.minimum) return false;
    if (floor.integral && delta < floor.minimum / 2) return false;
    return true;
  }
  if (name.starts_with("iostat")) return max > 1;
  if (name.starts_with("pagetypeinfo") || name.starts_with("buddyinfo") || name.starts_with("slabinfo"))
    return delta > 100;
  if (name.starts_with("proc-vmstat") || name.find("meminfo") != std::string_view::npos) return max > 1000;
  if (name.starts_with("interrupts") || name.starts_with("softirqs")) return max > 10000;
  return true;
}

}  // namespace perfmail::detect
