#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/email/headline.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/metrics/directions.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

using namespace perfmail;

namespace {
metric_class robot(std::string_view name) { return metric_classifier::robot()->classify(name); }
}  // namespace

TEST_CASE("classifier: failure and pass counts (the robot's failure and pass patterns)") {
  for (const char* name : {"dmesg.Out_of_memory:Kill_process", "dmesg.Mem-Info", "kmsg.foo", "last_state.OOM",
                           "last_state.is_incomplete_run", "stderr.Segmentation_fault", "ltp.fs_bind01.fail",
                           "xfstests.generic.001.fail", "kunit.test.error", "mce-test.warnings",
                           "kernel-selftests.bpf.test_maps.fail", "ltp.syscalls.pass", "oom.task_killed_by_oom",
                           "oom.oom_killed_by_x"}) {
    CAPTURE(name);
    CHECK(robot(name).kind == metric_kind::failure);
  }
  for (const char* name : {"phoronix.errors_per_sec", "fail", "killed_by_x", "vm-scalability.throughput",
                           "perf-stat.cache-misses", "fio.write_clat_99%_us", "x.fail_count", ".pass",
                           "stderr.time.elapsed", "fio.write_bw_MBps"}) {
    CAPTURE(name);
    CHECK(robot(name).kind == metric_kind::performance);
  }
}

TEST_CASE("classifier: one value per name, each fact a field (the robot's rules)") {
  struct expected {
    const char* name;
    metric_class cls;
  };
  const auto with = [](auto edit) {
    metric_class c;
    edit(c);
    return c;
  };
  const expected table[] = {
      {"fio.write_bw_MBps", with([](metric_class& c) {
         c.primary = c.own_metric = true;
         c.direction = better::higher;
         c.group_length = 3;
         c.sub_group_length = 3;
       })},
      {"fio.time.elapsed_time", with([](metric_class& c) {
         c.primary = c.own_metric = true;
         c.floor = 0;  // the threshold table's first key, .*.time.elapsed_time.*
         c.direction = better::lower;
         c.group_length = 3;
         c.sub_group_length = 8;
       })},
      {"dmesg.Mem-Info", with([](metric_class& c) {
         c.kind = metric_kind::failure;
         c.reportable = false;
         c.every_run = c.sibling_free = true;
         c.boot_fix = true;
         c.group_length = c.sub_group_length = 5;
       })},
      {"kmsg.x", with([](metric_class& c) {
         c.kind = metric_kind::failure;
         c.sibling_free = true;  // not compared over incomplete runs
         c.dropped_after_boot_fix = true;
         c.group_length = c.sub_group_length = 4;
       })},
      {"ltp.syscalls.fail", with([](metric_class& c) {
         c.kind = metric_kind::failure;
         c.sibling = sibling_rule::needs_pass;
         c.stem_length = 12;
         c.group_length = 3;
         c.sub_group_length = 12;
       })},
      {"ltp.syscalls.pass", with([](metric_class& c) {
         c.kind = metric_kind::failure;
         c.sibling = sibling_rule::needs_failure;
         c.stem_length = 12;
         c.group_length = 3;
         c.sub_group_length = 12;
       })},
      {"perf-profile.self.cycles-pp.x", with([](metric_class& c) {
         c.sort_key_length = 17;  // perf-profile.self
         c.family = metric_family::perf_profile;
         c.floor = 23;  // perf-profile.*: 1 (denied, and let back by the report allow list)
         c.classic_change = c.modern_change = change_shown::absolute;
         c.group_length = 12;
         c.sub_group_length = 17;
       })},
      {"latency_stats.max.x", with([](metric_class& c) {
         c.classic_change = change_shown::absolute;
         c.never_noise = true;
         c.direction = better::lower;
         c.group_length = 13;
         c.sub_group_length = 17;
       })},
      {"mpstat.cpu.idle%", with([](metric_class& c) {
         c.modern_change = change_shown::absolute;
         c.group_length = 6;
         c.sub_group_length = 10;
       })},
      {"interrupts.CPU0.LOC", with([](metric_class& c) {
         c.reportable = false;
         c.floor = 15;  // interrupts.*: 100
         c.group_length = 10;
         c.sub_group_length = 15;
       })},
      {"interrupts.CAL:Function_call_interrupts", with([](metric_class& c) {
         c.primary = true;      // a performance metric prefix...
         c.reportable = false;  // ...but denied with every interrupts. metric, and not let back
         c.floor = 15;
         c.group_length = 10;
         c.sub_group_length = 10;
       })},
      {"last_state.is_incomplete_run", with([](metric_class& c) {
         c.kind = metric_kind::failure;
         c.every_run = c.sibling_free = c.incomplete_run_marker = true;
         c.group_length = c.sub_group_length = 10;
       })},
      {"dmesg.Oops:x", with([](metric_class& c) {
         c.kind = metric_kind::failure;
         c.every_run = c.sibling_free = c.boot_fix = c.kill_message = true;
         c.group_length = c.sub_group_length = 5;
       })},
      {"nodot", with([](metric_class& c) { c.group_length = c.sub_group_length = 5; })},
  };
  for (const auto& row : table) {
    CAPTURE(row.name);
    // The sort key is the whole name but for a CPU profile's share (below).
    metric_class want = row.cls;
    if (want.sort_key_length == 0) want.sort_key_length = static_cast<std::uint16_t>(std::string_view{row.name}.size());
    CHECK(robot(row.name) == want);
  }
}

TEST_CASE("classifier: lkp-tests' sort key of a CPU profile's share is its first two components") {
  CHECK(robot("perf-profile.calltrace.cycles-pp.do_syscall_64").sort_key_length == 22);
  CHECK(robot("perf-profile.self").sort_key_length == 17);  // no second component: the whole name
  CHECK(robot("fio.write_iops.x").sort_key_length == 16);
}

TEST_CASE("classifier: primary metrics, the deny list and floors") {
  CHECK(robot("perf-stat.cpu-cycles").primary);
  CHECK(robot("turbostat.PkgWatt").primary);
  CHECK(robot("hackbench.time.elapsed_time").primary);
  CHECK_FALSE(robot("turbostat.Avg_MHz").primary);
  CHECK_FALSE(robot("meminfo.Active").primary);
  CHECK_FALSE(robot("fio").own_metric);
  CHECK_FALSE(robot("softirqs.RCU").reportable);
  CHECK_FALSE(robot("dmesg.boot_failures").reportable);
  CHECK(robot("fio.write_bw_MBps").reportable);
  const auto& k = *metric_classifier::robot();
  SUBCASE("interrupts: the threshold table, max >= 100 and delta >= 50") {
    const auto c = robot("interrupts.CAL:Function_call_interrupts");
    CHECK(k.clears_floor(c, 60, 150));
    CHECK_FALSE(k.clears_floor(c, 60, 99));
    CHECK_FALSE(k.clears_floor(c, 49, 150));
  }
  SUBCASE("the threshold table's whole keys: iostat.*.util needs max >= 10 and delta >= 5") {
    CHECK(k.clears_floor(robot("iostat.sda.util"), 5, 10));
    CHECK_FALSE(k.clears_floor(robot("iostat.sda.util"), 4.9, 10));
    CHECK_FALSE(k.clears_floor(robot("iostat.sda.util"), 5, 9.9));
    // time.elapsed_time matches no key (.*.time needs a character before it): no floor.
    CHECK(k.clears_floor(robot("time.elapsed_time"), 0.1, 0.1));
    CHECK_FALSE(k.clears_floor(robot("will-it-scale.time.elapsed_time"), 4, 100));
  }
  SUBCASE("lock_stat: a time's delta above 1000, others above 10000") {
    CHECK(k.clears_floor(robot("lock_stat.rq_lock.waittime-total"), 1001, 0));
    CHECK_FALSE(k.clears_floor(robot("lock_stat.rq_lock.waittime-total"), 1000, 1e9));
    CHECK_FALSE(k.clears_floor(robot("lock_stat.rq_lock.contentions"), 10000, 1e9));
  }
  SUBCASE("iostat above 1, slab and page counters' delta above 100, memory above 1000, softirqs above 10000") {
    CHECK(k.clears_floor(robot("iostat.sda.rrqm/s"), 0.1, 1.5));
    CHECK_FALSE(k.clears_floor(robot("iostat.sda.rrqm/s"), 0.1, 1));
    CHECK(k.clears_floor(robot("slabinfo.kmalloc-64.num_objs"), 101, 0));
    CHECK_FALSE(k.clears_floor(robot("buddyinfo.Node.0.zone.Normal.1"), 100, 1e9));
    CHECK_FALSE(k.clears_floor(robot("proc-vmstat.pgfault"), 500, 1000));
    CHECK(k.clears_floor(robot("meminfo.Active"), 500, 1001));
    CHECK_FALSE(k.clears_floor(robot("softirqs.RCU"), 5000, 10000));
    CHECK(k.clears_floor(robot("softirqs.RCU"), 5000, 10001));
  }
  CHECK(k.clears_floor(robot("fio.write_bw_MBps"), 0.001, 0.001));
}

TEST_CASE("classifier: siblings a failure count needs in the base") {
  const auto& k = *metric_classifier::robot();
  CHECK(k.sibling_names("ltp.syscalls.fail", robot("ltp.syscalls.fail")) == std::vector<std::string>{"ltp.syscalls.pass"});
  CHECK(k.sibling_names("ltp.syscalls.pass", robot("ltp.syscalls.pass")) ==
        std::vector<std::string>{"ltp.syscalls.error", "ltp.syscalls.warn", "ltp.syscalls.fail"});
  CHECK(k.sibling_names("dmesg.x", robot("dmesg.x")).empty());
}

TEST_CASE("classifier: the robot's KPI lists give every benchmark it knows a direction") {
  // etc/index-perf-all.yaml: fxmark's works/sec has no perfmail rule of its own.
  CHECK(robot("fxmark.ssd_ext4_no_jnl_DRBH_36_bufferedio.works/sec").direction == better::higher);
  CHECK(robot("fsmark.app_overhead").direction == better::lower);
  CHECK(robot("kernbench.elapsed_time").direction == better::lower);
  CHECK(robot("hpcc.HPL_Tflops").direction == better::higher);
  CHECK(robot("adrestia.wakeup_cost_single_us").direction == better::lower);
  // etc/index-latency-all.yaml, after the perf list.
  CHECK(robot("lmbench3.UDP.latency.us").direction == better::lower);
  CHECK(robot("oltp.latency_95th_ms").direction == better::lower);
  // The whole name must match, as Ruby's /^...$/ does: a longer name is not the KPI.
  CHECK_FALSE(robot("hpcc.HPL_Tflops.stddev").direction.has_value());
  // The exception before the lists still holds.
  CHECK_FALSE(robot("fio.latency_250us%").direction.has_value());
}

TEST_CASE("classifier: which way is better") {
  CHECK(robot("fio.write_iops").direction == better::higher);
  CHECK(robot("vm-scalability.throughput").direction == better::higher);
  CHECK(robot("blogbench.read_score").direction == better::higher);
  CHECK(robot("will-it-scale.per_process_ops").direction == better::higher);
  CHECK(robot("aim9.shell_rtns_1.ops_per_sec").direction == better::higher);
  CHECK(robot("fio.write_clat_mean_us").direction == better::lower);
  // A share of I/Os in a latency bucket is neither: more is good in the low buckets, bad in the high
  // ones. The exception stops the rule that a name holding "latency" is better lower.
  CHECK_FALSE(robot("fio.latency_4ms%").direction.has_value());
  CHECK_FALSE(robot("fio.latency_250us%").direction.has_value());
  CHECK(robot("fio.read_latency_mean_us").direction == better::lower);
  CHECK(robot("kbuild.time.elapsed_time").direction == better::lower);
  CHECK_FALSE(robot("turbostat.Avg_MHz").direction.has_value());
  CHECK_FALSE(robot("perf-stat.cache-misses").direction.has_value());
  // A row of base mean 100 and the given head mean, better `direction`, as the headline words it.
  const auto word = [](std::optional<better> direction, double head) {
    comparison_row row;
    row.cls.direction = direction;
    row.columns.push_back(column_summary{.n = 1, .runs = 1, .mean = 100});
    row.columns.push_back(column_summary{.n = 1, .runs = 1, .mean = head});
    return email::headline_word(headline_verdict(row));
  };
  CHECK(word(better::higher, 124.1) == "improvement");
  CHECK(word(better::higher, 25.3) == "regression");
  CHECK(word(better::lower, 427) == "regression");
  CHECK(word(better::lower, 80) == "improvement");
  CHECK(word(std::nullopt, 105) == "change");
  CHECK(word(better::higher, 100) == "change");
  CHECK(email::verdict_of_word("regression") == change_verdict::regression);
  CHECK(email::verdict_of_word("slowdown") == change_verdict::changed);
}

TEST_CASE("classifier: the rules are a value a caller copies and edits") {
  metric_rules rules = metric_rules::robot();
  rules.benchmarks = {"mybench"};
  rules.deny = {{name_match::prefix, "fio."}};
  rules.directions.insert(rules.directions.begin(), direction_rule{{name_match::prefix, "turbostat."}, better::lower});
  const metric_classifier mine{std::move(rules)};
  CHECK(mine.classify("mybench.score").own_metric);
  CHECK_FALSE(mine.classify("fio.write_bw_MBps").own_metric);
  CHECK_FALSE(mine.classify("fio.write_bw_MBps").reportable);
  CHECK(mine.classify("dmesg.Mem-Info").reportable);
  CHECK(mine.classify("turbostat.PkgWatt").direction == better::lower);
  SUBCASE("allow lists let deny-listed metrics back") {
    metric_rules allowing = metric_rules::robot();
    allowing.report_allow = {{name_match::search, "^softirqs\\."}};
    CHECK(metric_classifier{allowing}.classify("softirqs.RCU").reportable);
  }
  SUBCASE("a rule that is not a regular expression is named") {
    metric_rules broken;
    broken.deny = {{name_match::search, "a(b"}};
    CHECK_THROWS_WITH_AS(metric_classifier{broken}, doctest::Contains("a(b"), usage_error);
  }
}

TEST_CASE("classifier: how rules match, and the cheap pre-checks never change a verdict") {
  metric_rules rules;
  rules.deny = {{name_match::pattern, R"(.+\.(error|warn|fail)[^_]*$)"}, {name_match::pattern, R"((.*\.)?time\..*)"},
                {name_match::pattern, R"(.+killed_by.*)"},           {name_match::pattern, "ab?cde"},
                {name_match::pattern, R"(x\.y*z)"},                  {name_match::pattern, R"(interrupts\.([^C]|C[^A]))"},
                {name_match::pattern, "a|b"},                        {name_match::search, "needle$"},
                {name_match::exact, "exactly.this"},                 {name_match::suffix, ".tail"},
                {name_match::contains, "middle"}};
  const metric_classifier k{rules};
  const auto denied = [&](std::string_view name) { return !k.classify(name).reportable; };
  for (const char* name : {"ltp.x.warn", "ltp.x.failures", "time.elapsed", "fio.time.elapsed", "oom.killed_by_x",
                           "acde", "abcde", "x.z", "x.yyz", "interrupts.CPU0.LOC", "b.anything", "a", "haystack.needle",
                           "exactly.this", "a.tail", "the.middle.x"}) {
    CAPTURE(name);
    CHECK(denied(name));
  }
  for (const char* name : {"ltp.x.warning_count", "x.q", "interrupts.CAL:x", "interrupts.", "xdmesg", "needle.not", "exactly.this.not",
                           "tail", "midle"}) {
    CAPTURE(name);
    CHECK_FALSE(denied(name));
  }
}

TEST_CASE("classifier: one walk over every list finds what each rule finds alone") {
  // Rules of every kind, spread over three lists of different uses: any match (deny, primary) and the
  // first match in the list's order (floors, whose index the class carries). Each name's expected facts
  // come from trying every rule on its own, with std::regex for the patterns.
  const std::vector<name_rule> pool = {
      {name_match::prefix, "dmesg."},          {name_match::prefix, "dmesg.WARNING"},
      {name_match::suffix, ".pass"},           {name_match::suffix, "%"},
      {name_match::contains, ".time."},        {name_match::contains, "latency"},
      {name_match::exact, "last_state.OOM"},   {name_match::pattern, R"(interrupts\.([^C]|C[^A]))"},
      {name_match::pattern, R"(interrupts\..*$)"}, {name_match::pattern, R"(.+\.(error|warn|fail)[^_]*$)"},
      {name_match::pattern, R"((.*\.)?time\..*)"}, {name_match::pattern, R"(lock_stat\..*\..contentions)"},
      {name_match::search, "fail$"},           {name_match::search, "^perf-profile\\."},
      {name_match::prefix, ""},                {name_match::suffix, "s"},
      {name_match::search, "^perf-profile."},  {name_match::pattern, ".*vmstat.*nr_.*$"},
      {name_match::pattern, "interrupts.*$"},  {name_match::pattern, "x.*.s$"},
      {name_match::search, "WARNING.*s"},      {name_match::search, "^dmesg\\.(E|R)IP:x"},
  };
  const std::vector<std::string> parts = {"dmesg.", "WARNING", "interrupts.", "CAL:", "CPU0", ".time.", "time.",
                                          "vmstat.", "nr_", "EIP:x", "perf-profile",
                                          "latency", ".pass", ".fail", ".error_x", "%", "perf-profile.",
                                          "lock_stat.", "x.", ".contentions", "last_state.OOM", "s", "_"};
  std::mt19937 random{20261202};
  const auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>{0, n - 1}(random); };
  const auto naive = [](const name_rule& r, const std::string& name) {
    switch (r.how) {
      case name_match::exact: return name == r.text;
      case name_match::prefix: return name.starts_with(r.text);
      case name_match::suffix: return name.ends_with(r.text);
      case name_match::contains: return name.find(r.text) != std::string::npos;
      case name_match::pattern:
        return std::regex_search(name, std::regex{r.text}, std::regex_constants::match_continuous);
      case name_match::search: return std::regex_search(name, std::regex{r.text});
    }
    return false;
  };
  for (int trial = 0; trial < 40; ++trial) {
    metric_rules rules;
    const auto subset = [&] {
      std::vector<name_rule> out;
      for (std::size_t n = pick(6); n > 0; --n) out.push_back(pool[pick(pool.size())]);
      return out;
    };
    rules.deny = subset();
    rules.primary = subset();
    for (const name_rule& r : subset()) rules.floors.push_back({r, floor_test::max_above, 1});
    const metric_classifier k{rules};
    for (int n = 0; n < 50; ++n) {
      std::string name;
      for (std::size_t count = 1 + pick(4); count > 0; --count) name += parts[pick(parts.size())];
      CAPTURE(name);
      const auto any = [&](const std::vector<name_rule>& list) {
        return std::any_of(list.begin(), list.end(), [&](const name_rule& r) { return naive(r, name); });
      };
      std::int16_t floor = -1;
      for (std::size_t i = 0; i < rules.floors.size() && floor < 0; ++i)
        if (naive(rules.floors[i].name, name)) floor = static_cast<std::int16_t>(i);
      const metric_class c = k.classify(name);
      CHECK(c.reportable == !any(rules.deny));
      CHECK(c.primary == any(rules.primary));
      CHECK(c.floor == floor);
    }
  }
}

TEST_CASE("classify_with_directions: the caller's rules, then the unit's direction, then the built-in rules") {
  const metric_classifier& built_in = *metric_classifier::robot();
  const caller_directions none;
  // The built-in rules alone: the robot calls `.real_time` better lower.
  CHECK(classify_with_directions("x.real_time", built_in, none).direction == better::lower);
  CHECK(classify_with_directions("x.real_time", built_in, none) == built_in.classify("x.real_time"));
  // The unit's direction comes before them...
  CHECK(classify_with_directions("x.real_time", built_in, none, better::higher).direction == better::higher);
  // ...and the caller's first matching rule before both, one of no direction included.
  const caller_directions lower(std::vector<direction_rule>{{{name_match::exact, "x.real_time"}, better::lower},
                                                            {{name_match::prefix, "x."}, better::higher}});
  CHECK(classify_with_directions("x.real_time", built_in, lower, better::higher).direction == better::lower);
  CHECK(classify_with_directions("x.other", built_in, lower).direction == better::higher);
  const caller_directions undirected(std::vector<direction_rule>{{{name_match::suffix, ".real_time"}, std::nullopt}});
  CHECK_FALSE(classify_with_directions("x.real_time", built_in, undirected, better::higher).direction.has_value());
  // A rule that matches nothing leaves the unit in force; the caller's rules change nothing but the direction.
  const caller_directions elsewhere(std::vector<direction_rule>{{{name_match::exact, "other"}, better::lower}});
  CHECK(classify_with_directions("x.real_time", built_in, elsewhere, better::higher).direction == better::higher);
  metric_class expected = built_in.classify("x.real_time");
  expected.direction = better::lower;
  CHECK(classify_with_directions("x.real_time", built_in, lower) == expected);
}

TEST_CASE("classify_with_directions: a failure count keeps its direction whatever its unit says") {
  const metric_classifier& built_in = *metric_classifier::robot();
  const metric_class plain = built_in.classify("dmesg.Mem-Info");
  REQUIRE(plain.kind == metric_kind::failure);
  CHECK(classify_with_directions("dmesg.Mem-Info", built_in, caller_directions{}, better::higher) == plain);
  // The caller's rule still decides: it is the caller's word.
  const caller_directions higher(std::vector<direction_rule>{{{name_match::prefix, "dmesg."}, better::higher}});
  CHECK(classify_with_directions("dmesg.Mem-Info", built_in, higher).direction == better::higher);
}

TEST_CASE("caller_directions: the first rule that matches, by every kind of name rule") {
  const caller_directions rules(std::vector<direction_rule>{{{name_match::pattern, "parse_.*"}, better::lower},
                                                            {{name_match::search, "_MBps$"}, better::higher},
                                                            {{name_match::contains, "ns"}, better::lower}});
  CHECK_FALSE(rules.empty());
  REQUIRE(rules.first_match("parse_ns") != nullptr);
  CHECK(rules.first_match("parse_ns")->name.text == "parse_.*");
  REQUIRE(rules.first_match("read_MBps") != nullptr);
  CHECK(rules.first_match("read_MBps")->direction == better::higher);
  REQUIRE(rules.first_match("insns") != nullptr);
  CHECK(rules.first_match("insns")->name.how == name_match::contains);
  CHECK(rules.first_match("other") == nullptr);
  CHECK(caller_directions{}.empty());
  CHECK(caller_directions{}.first_match("parse_ns") == nullptr);
  CHECK(caller_directions(std::vector<direction_rule>{}).empty());
  CHECK_THROWS_WITH_AS(caller_directions(std::vector<direction_rule>{{{name_match::search, "a(b"}, better::lower}}),
                       doctest::Contains("a(b"), usage_error);
}
