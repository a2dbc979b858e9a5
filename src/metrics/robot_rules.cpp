// The robot's rules, restated as data in perfmail's own form (metrics/rules.hpp). Each block names the
// robot's list or rule it restates; docs/TABLES.md lists every row.

#include "perfmail/metrics/rules.hpp"

namespace perfmail {

namespace {

name_rule prefix(std::string text) { return {name_match::prefix, std::move(text)}; }
name_rule suffix(std::string text) { return {name_match::suffix, std::move(text)}; }
name_rule contains(std::string text) { return {name_match::contains, std::move(text)}; }
name_rule pattern(std::string text) { return {name_match::pattern, std::move(text)}; }

metric_rules make_robot_rules() {
  metric_rules r;

  // The failure and pass patterns (lkp-tests etc/failure, etc/pass), each matched from a name's start.
  r.failure = {
      pattern(R"(.+killed_by.*)"),   pattern(R"(.+\.(error|warn|fail)[^_]*$)"),
      pattern(R"(dmesg\.)"),         pattern(R"(kmemleak\..+unreferenced_object\..+)"),
      pattern(R"(kmsg\.)"),          pattern(R"(last_state\.)"),
      pattern(R"(locktoture\..+lock_hotplug)"), pattern(R"(rcutoture\..+rcu_hotplug)"),
      pattern(R"(stderr\.)"),        pattern(R"(xfstests\..+fail$)"),
  };
  r.pass = {pattern(R"(.+\.pass$)")};
  // Time stamps and boot stages of the counted families are measurements, not counts.
  r.never_failure = {contains(".time."), contains(".timestamp:"), contains(".bootstage:")};
  // Kernel messages, the last state and stderr are counted without a pass/fail sibling in the base.
  r.sibling_free = {prefix("dmesg."), prefix("kmsg."), prefix("last_state."), prefix("stderr.")};
  // When runs did not finish, these are compared over every run before the incomplete runs are dropped.
  r.every_run = {prefix("dmesg."), prefix("last_state."), prefix("stderr.")};

  // The deny list (lkp-tests etc/stat-denylist, the families this project reports never by default).
  r.deny = {
      pattern(R"(boot-meminfo\.)"),  pattern(R"(boot-slabinfo\.)"),     pattern(R"(boot-time\.)"),
      pattern(R"(buddyinfo\.)"),     pattern(R"(cpuidle\.)"),           pattern(R"(diskstats\.)"),
      pattern(R"(dmesg\.backtrace)"), pattern(R"(dmesg\.boot_failures)"), pattern(R"(dmesg\.boot_successes)"),
      pattern(R"(dmesg\.calltrace)"), pattern(R"(dmesg\.invoked_oom-killer:gfp_mask=0x)"),
      pattern(R"(dmesg\.Mem-Info)"), pattern(R"(dmesg\..*/lkp/)"),     pattern(R"(interrupts\.(?!CAL:))"),
      pattern(R"(pagetypeinfo\.)"),  pattern(R"(slabinfo\.)"),          pattern(R"(softirqs\.)"),
      pattern(R"(kmsg\.timestamp:)"), pattern(R"(kmsg\.bootstage:)"),
  };

  // Benchmarks: `<program>.` metrics are a test's own results (lkp-tests programs/).
  r.benchmarks = {
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
  // Monitors counted as performance metrics (lkp-tests etc/perf-metrics-prefixes, etc/perf-metrics-patterns).
  for (const char* p : {"boot-meminfo.DirectMap1G", "boot-meminfo.DirectMap2M", "boot-meminfo.DirectMap4k",
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
                        "vmstat.io.",               "vmstat.swap.",             "vmstat.system."})
    r.primary.push_back(prefix(p));
  r.primary.push_back(pattern(R"((.*\.)?time\..*)"));
  r.primary.push_back(pattern(R"(lock_stat\..*\..contentions)"));

  // Floors: the threshold table first (lkp-tests etc/perf-metrics-threshold.yaml), then the floors its
  // reasonable_perf_change? writes as code.
  r.floors = {
      {pattern(R"(interrupts\..*$)"), floor_test::reaches, 100},
      {prefix("iostat"), floor_test::max_above, 1},
      {prefix("pagetypeinfo"), floor_test::delta_above, 100},
      {prefix("buddyinfo"), floor_test::delta_above, 100},
      {prefix("slabinfo"), floor_test::delta_above, 100},
      {prefix("proc-vmstat"), floor_test::max_above, 1000},
      {contains("meminfo"), floor_test::max_above, 1000},
      {prefix("interrupts"), floor_test::max_above, 10000},
      {prefix("softirqs"), floor_test::max_above, 10000},
  };
  // A function new in a CPU profile, or a lock new in the lock statistics, is compared when the base
  // profiled others (lkp-tests monitored_by_b?).
  r.families = {{prefix("perf-profile."), metric_family::perf_profile}, {prefix("lock_stat."), metric_family::lock_stat}};

  // How the tables print changes (docs/FORMAT.md sections 3 and 4).
  r.classic_absolute = {prefix("perf-profile"), prefix("latency_stats")};
  r.modern_absolute = {suffix("%"), prefix("perf-profile")};
  r.never_noise = {prefix("latency_stats")};

  // Which way is better: exceptions first, then throughput, bandwidth, operations and scores (higher),
  // latencies and times (lower).
  using enum better;
  const auto rule = [](name_match how, std::string text, better direction) {
    return direction_rule{{how, std::move(text)}, direction};
  };
  using enum name_match;
  r.directions = {
      rule(suffix, ".time.elapsed_time", lower),  rule(suffix, ".time.elapsed_time.max", lower),
      rule(contains, "latency", lower),           rule(contains, "_clat_", lower),
      rule(contains, ".clat_", lower),            rule(contains, "_lat_", lower),
      rule(suffix, "_time_ms", lower),            rule(suffix, ".seconds", lower),
      rule(suffix, ".duration", lower),           rule(suffix, ".runtime", lower),
      rule(suffix, ".real_time", lower),          rule(suffix, ".wakeup_cost", lower),
      rule(prefix, "hackbench.", higher),         rule(suffix, ".throughput", higher),
      rule(contains, ".throughput", higher),      rule(suffix, "_bw_MBps", higher),
      rule(suffix, "_iops", higher),              rule(suffix, "_score", higher),
      rule(suffix, ".score", higher),             rule(contains, "ops_per_sec", higher),
      rule(contains, "ops/s", higher),            rule(contains, "per_sec", higher),
      rule(contains, "per_second", higher),       rule(suffix, ".jobs-per-min", higher),
      rule(suffix, ".workload", higher),          rule(suffix, ".median", higher),
      rule(suffix, "files_per_sec", higher),      rule(suffix, ".requests_per_second", higher),
      rule(suffix, ".iterations_per_sec", higher), rule(prefix, "will-it-scale.per_", higher),
      rule(prefix, "unixbench.score", higher),    rule(prefix, "stress-ng.", higher),
      rule(suffix, ".bogo_ops_s", higher),        rule(suffix, ".MB_per_sec", higher),
      rule(suffix, ".Gbps", higher),              rule(suffix, ".fps", higher),
  };
  return r;
}

}  // namespace

const metric_rules& metric_rules::robot() {
  static const metric_rules rules = make_robot_rules();
  return rules;
}

}  // namespace perfmail
