#include <doctest/doctest.h>

#include "perfmail/model/metric_name.hpp"

using namespace perfmail;

TEST_CASE("failure metrics follow the robot's failure patterns") {
  SUBCASE("prefixes") {
    CHECK(is_failure_metric("dmesg.Out_of_memory:Kill_process"));
    CHECK(is_failure_metric("kmsg.foo"));
    CHECK(is_failure_metric("last_state.OOM"));
    CHECK(is_failure_metric("stderr.Segmentation_fault"));
  }
  SUBCASE("error, warn and fail words at the end") {
    CHECK(is_failure_metric("ltp.fs_bind01.fail"));
    CHECK(is_failure_metric("xfstests.generic.001.fail"));
    CHECK(is_failure_metric("kunit.test.error"));
    CHECK(is_failure_metric("mce-test.warnings"));
    CHECK_FALSE(is_failure_metric("phoronix.errors_per_sec"));
    CHECK_FALSE(is_failure_metric("fail"));  // needs something before the dot
  }
  SUBCASE("killed_by anywhere but the start") {
    CHECK(is_failure_metric("oom.task_killed_by_oom"));
    CHECK_FALSE(is_failure_metric("killed_by_x"));
  }
  SUBCASE("performance metrics are not failures") {
    CHECK_FALSE(is_failure_metric("vm-scalability.throughput"));
    CHECK_FALSE(is_failure_metric("perf-stat.cache-misses"));
    CHECK_FALSE(is_failure_metric("fio.write_clat_99%_us"));
  }
}

TEST_CASE("metric names choose how a change is shown") {
  CHECK(is_pass_metric("ltp.fs_bind01.pass"));
  CHECK_FALSE(is_pass_metric(".pass"));
  CHECK(is_latency_stats_metric("latency_stats.avg.balance_dirty_pages"));
  CHECK(is_perf_profile_metric("perf-profile.children.cycles-pp.do_idle"));
  CHECK(is_percentage_metric("mpstat.cpu.idle%"));
  CHECK_FALSE(is_percentage_metric("fio.write_clat_99%_us"));
  CHECK(is_latency_metric("fio.write_clat_mean_us"));
  CHECK(is_latency_metric("fio.latency_4ms%"));
  CHECK_FALSE(is_latency_metric("fio.write_bw_MBps"));
}
