#include <doctest/doctest.h>

#include "perfmail/detect/metric_families.hpp"

using namespace perfmail::detect;

TEST_CASE("pattern_list matches from the start of a name, literally or by regular expression") {
  const pattern_list list{{R"(dmesg\.)", R"(.+\.(error|warn|fail)[^_]*$)", R"(interrupts\.(?!CAL:))", "a|b"}};
  CHECK(list.matches("dmesg.Mem-Info"));
  CHECK_FALSE(list.matches("xdmesg.Mem-Info"));
  CHECK(list.matches("ltp.syscalls.fail"));
  CHECK_FALSE(list.matches("x.fail_count"));
  CHECK(list.matches("interrupts.CPU0.LOC"));
  CHECK_FALSE(list.matches("interrupts.CAL:Function_call_interrupts"));
  SUBCASE("top-level alternation is not mistaken for a literal prefix") {
    CHECK(list.matches("b.anything"));
    CHECK(list.matches("a"));
  }
  CHECK(list.first_match("dmesg.x").value() == R"(dmesg\.)");
  CHECK_FALSE(list.first_match("fio.write_bw_MBps").has_value());
}

TEST_CASE("a quantified last character is not part of the literal prefix") {
  const pattern_list list{{"abc?d"}};
  CHECK(list.matches("abd"));
  CHECK(list.matches("abcd"));
  CHECK_FALSE(list.matches("axd"));
}

TEST_CASE("robot defaults classify failures, benchmarks, monitors and the deny list") {
  const auto f = metric_families::robot_defaults();
  SUBCASE("failure counts") {
    CHECK(f.is_failure("dmesg.Mem-Info"));
    CHECK(f.is_failure("last_state.is_incomplete_run"));
    CHECK(f.is_failure("kernel-selftests.bpf.test_maps.fail"));
    CHECK(f.is_failure("ltp.syscalls.pass"));
    CHECK_FALSE(f.is_failure("fio.write_bw_MBps"));
    CHECK_FALSE(f.is_failure("stderr.time.elapsed"));  // `.time.` is never a failure count
  }
  SUBCASE("primary performance metrics") {
    CHECK(f.is_benchmark_metric("fio.write_bw_MBps"));
    CHECK(f.is_benchmark_metric("vm-scalability.throughput"));
    CHECK_FALSE(f.is_benchmark_metric("fio"));
    CHECK(f.is_primary_performance("perf-stat.cpu-cycles"));
    CHECK(f.is_primary_performance("turbostat.PkgWatt"));
    CHECK(f.is_primary_performance("hackbench.time.elapsed_time"));
    CHECK_FALSE(f.is_primary_performance("turbostat.Avg_MHz"));
    CHECK_FALSE(f.is_primary_performance("meminfo.Active"));
  }
  SUBCASE("deny list") {
    CHECK(f.is_denied("dmesg.Mem-Info"));
    CHECK(f.is_denied("dmesg.boot_failures"));
    CHECK(f.is_denied("softirqs.RCU"));
    CHECK(f.is_denied("interrupts.CPU0.LOC"));
    CHECK_FALSE(f.is_denied("interrupts.CAL:Function_call_interrupts"));
    CHECK_FALSE(f.is_denied("fio.write_bw_MBps"));
    CHECK(metric_families::permissive().deny.size() == 0);
  }
}

TEST_CASE("the lists are values a caller replaces") {
  auto f = metric_families::robot_defaults();
  f.benchmarks = {"mybench"};
  f.deny.assign({R"(fio\.)"});
  CHECK(f.is_benchmark_metric("mybench.score"));
  CHECK_FALSE(f.is_benchmark_metric("fio.write_bw_MBps"));
  CHECK(f.is_denied("fio.write_bw_MBps"));
  CHECK_FALSE(f.is_denied("dmesg.Mem-Info"));
}

TEST_CASE("per-family floors") {
  const auto f = metric_families::robot_defaults();
  SUBCASE("interrupts: the threshold table, max >= 100 and delta >= 50") {
    CHECK(clears_floor(f, "interrupts.CAL:Function_call_interrupts", 60, 150));
    CHECK_FALSE(clears_floor(f, "interrupts.CAL:Function_call_interrupts", 60, 99));
    CHECK_FALSE(clears_floor(f, "interrupts.CAL:Function_call_interrupts", 49, 150));
  }
  SUBCASE("iostat: max above 1") {
    CHECK(clears_floor(f, "iostat.sda.util", 0.1, 1.5));
    CHECK_FALSE(clears_floor(f, "iostat.sda.util", 0.1, 1));
  }
  SUBCASE("slab and page counters: delta above 100") {
    CHECK(clears_floor(f, "slabinfo.kmalloc-64.num_objs", 101, 0));
    CHECK_FALSE(clears_floor(f, "buddyinfo.Node.0.zone.Normal.1", 100, 1e9));
  }
  SUBCASE("memory counters above 1000, softirqs above 10000") {
    CHECK_FALSE(clears_floor(f, "proc-vmstat.pgfault", 500, 1000));
    CHECK(clears_floor(f, "meminfo.Active", 500, 1001));
    CHECK_FALSE(clears_floor(f, "softirqs.RCU", 5000, 10000));
    CHECK(clears_floor(f, "softirqs.RCU", 5000, 10001));
  }
  CHECK(clears_floor(f, "fio.write_bw_MBps", 0.001, 0.001));
}

TEST_CASE("the cheap pre-checks of a pattern never change its verdict") {
  const pattern_list list{{R"(.+\.(error|warn|fail)[^_]*$)", R"((.*\.)?time\..*)", R"(.+killed_by.*)",
                           R"(ab?cde)", R"(x\.y*z)"}};
  CHECK(list.matches("ltp.x.warn"));
  CHECK(list.matches("ltp.x.failures"));
  CHECK_FALSE(list.matches("ltp.x.warning_count"));
  CHECK(list.matches("time.elapsed"));  // the optional group may be absent
  CHECK(list.matches("fio.time.elapsed"));
  CHECK(list.matches("oom.killed_by_x"));
  CHECK(list.matches("acde"));  // the quantified `b` is not required
  CHECK(list.matches("abcde"));
  CHECK(list.matches("x.z"));   // nor the quantified `y`
  CHECK(list.matches("x.yyz"));
  CHECK_FALSE(list.matches("x.q"));
}
