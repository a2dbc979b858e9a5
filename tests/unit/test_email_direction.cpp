#include <doctest/doctest.h>

#include "perfmail/email/direction.hpp"

using namespace perfmail::email;

TEST_CASE("direction: the built-in table knows the robot's common metrics") {
  const auto table = direction_table::builtin();
  CHECK(table.direction_of("fio.write_bw_MBps") == better::higher);
  CHECK(table.direction_of("fio.write_iops") == better::higher);
  CHECK(table.direction_of("vm-scalability.throughput") == better::higher);
  CHECK(table.direction_of("blogbench.read_score") == better::higher);
  CHECK(table.direction_of("will-it-scale.per_process_ops") == better::higher);
  CHECK(table.direction_of("aim9.shell_rtns_1.ops_per_sec") == better::higher);
  CHECK(table.direction_of("fio.write_clat_mean_us") == better::lower);
  CHECK(table.direction_of("fio.latency_4ms%") == better::lower);
  CHECK(table.direction_of("kbuild.time.elapsed_time") == better::lower);
  CHECK_FALSE(table.direction_of("turbostat.Avg_MHz").has_value());
  CHECK_FALSE(table.direction_of("perf-stat.cache-misses").has_value());
}

TEST_CASE("direction: caller rules take precedence") {
  auto table = direction_table::builtin();
  table.prepend({match_kind::exact, "turbostat.PkgWatt", better::lower});
  table.prepend({match_kind::prefix, "fio.write_bw", better::lower});
  CHECK(table.direction_of("turbostat.PkgWatt") == better::lower);
  CHECK(table.direction_of("fio.write_bw_MBps") == better::lower);
  CHECK(direction_table{}.direction_of("fio.write_bw_MBps") == std::nullopt);
}

TEST_CASE("change word follows the direction and the sign") {
  CHECK(change_word(better::higher, 24.1) == "improvement");
  CHECK(change_word(better::higher, -74.7) == "regression");
  CHECK(change_word(better::lower, 327) == "regression");
  CHECK(change_word(better::lower, -20) == "improvement");
  CHECK(change_word(std::nullopt, 5) == "change");
  CHECK(change_word(better::higher, 0) == "change");
}
