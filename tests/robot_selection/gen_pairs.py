#!/usr/bin/env python3
"""Random matrix pairs rich in the robot's special cases, for the differential test of the robot policy.

Writes cases.json: a list of {"id", "options", "base", "head"}, each matrix a matrix.json object. The
metrics come from every family the robot's selection treats differently: a test's own results, time
metrics with thresholds, monitors the stat deny list names and the report allow list lets back (and
those it does not), per-family floors, perf-profile and lock_stat entries the base lacks, failure counts
of kernel messages, the last state and stderr, .fail/.warn/.error counts with and without their .pass
siblings, counts in a minority of runs and counts that disappeared, CPU profile shares near the
perf-profile threshold, names the allow list lets back; samples integer or float, with
1 to 40 runs (trimming starts at 32), leading -1 markers, zero and negative medians, short series,
metrics missing on one side, incomplete runs with and without stats_source.

    gen_pairs.py OUT.json [--cases N] [--seed S]
"""
import argparse
import json
import random

PERFORMANCE = [
    "fio.write_bw_MBps", "fio.write_iops", "will-it-scale.per_process_ops", "stress-ng.vm.ops_per_sec",
    "fio.time.elapsed_time", "fio.time.voluntary_context_switches", "fio.time.user_time",
    "hackbench.throughput", "kernel-selftests.timers.x", "time.elapsed_time", "time.user_time",
    "boot-time.boot", "boot-time.dhcp", "cpuidle.C1.usage", "cpuidle.C6.time", "meminfo.Active",
    "meminfo.MemFree", "numa-meminfo.node0.Active", "proc-vmstat.pgfault", "proc-vmstat.nr_dirtied",
    "proc-vmstat.allocstall", "vmstat.cpu.us", "vmstat.system.cs", "vmstat.io.bo", "turbostat.PkgWatt",
    "turbostat.Avg_MHz", "perf-stat.cpu-cycles", "perf-stat.ipc", "iostat.sda.util", "iostat.sda.r/s",
    "iostat.sdb.await", "interrupts.CAL:Function_call_interrupts", "interrupts.CPU0.LOC:Local_timer_interrupts",
    "softirqs.RCU", "slabinfo.kmalloc-64.active_objs", "pagetypeinfo.Node0.DMA32.Movable",
    "buddyinfo.Node0.Normal.3", "sched_debug.cpu.nr_switches.avg", "uptime.boot", "mpstat.cpu.all.sys%",
    "lock_stat.rq_lock.contentions", "lock_stat.rq_lock.waittime-total", "lock_stat.zone_lock.holdtime-max",
    "perf-profile.children.cycles-pp.native_queued_spin_lock_slowpath", "perf-profile.self.cycles-pp.memcpy",
    "perf-profile.calltrace.cycles-pp.do_syscall_64", "perf-profile.self.cycles-pp.clear_page_erms",
    "perf-profile.children.cycles-pp.entry_SYSCALL_64", "perf-c2c.HITM.total", "latency_stats.max.io_schedule",
    "aim7.jobs-per-min", "aim7.real_time", "dd.startup_time", "energy.pkg", "pmeter.Average_Active_Power",
]
FAILURES = [
    "dmesg.WARNING:at_mm/slub.c:#kmem_cache_free", "dmesg.BUG:kernel_NULL_pointer_dereference,address",
    "dmesg.boot_failures", "dmesg.timestamp:last", "dmesg.Mem-Info", "dmesg.EIP:acpi_safe_halt",
    "kmsg.Spectre_v2_mitigation", "kmsg.sanitizer.x", "kmsg.timestamp:x", "kmsg.foo_failed",
    "stderr.has_stderr", "stderr.mount_nfs_timeout", "stderr.Error:xyz", "last_state.OOM",
    "last_state.booting", "last_state.exit_fail", "last_state.is_incomplete_run", "ltp.fs01.fail",
    "ltp.fs01.pass", "ltp.fs02.fail", "kernel-selftests.net.x.pass", "kernel-selftests.net.x.warn",
    "xfstests.generic.001.fail", "libhugetlbfs-test.x.killed_by_signal", "stress-ng.sem.fail",
    "blktests.block.001.error", "ltp.fs03.failures",
]
FACTORS = [1.0, 1.0, 1.0, 1.004, 1.02, 1.04, 1.07, 1.3, 2.0, 7.0, 0.5, 0.95]


def series(rng, runs, level, factor, integer, spread):
    values = []
    for _ in range(runs):
        x = level * factor * (1 + rng.uniform(-spread, spread))
        values.append(int(round(x)) if integer else round(x, rng.choice([2, 4, 6])))
    if rng.random() < 0.05 and values:
        values[0] = -1  # the robot's marker of an empty data point
    return values


def failure_counts(rng, runs, rate):
    return [1 if rng.random() < rate else 0 for _ in range(runs)]


def make_case(rng, index):
    runs = {side: rng.choice([1, 2, 3, 3, 4, 5, 5, 6, 8, 10, 12, 33, 40]) for side in ("base", "head")}
    if rng.random() < 0.5:
        runs["head"] = runs["base"]
    matrices = {"base": {}, "head": {}}
    names = rng.sample(PERFORMANCE, rng.randint(8, 20)) + rng.sample(FAILURES, rng.randint(4, 12))
    rng.shuffle(names)
    for name in names:
        failure = name in FAILURES
        level = rng.choice([0, 0.5, 3, 20, 150, 1200, 5e4, 2e6]) if not failure else 0
        if name.startswith("perf-profile.") and rng.random() < 0.7:
            level = rng.choice([0, 0.3, 2, 4.5, 5, 8, 30])  # shares in percent, near the threshold
        if rng.random() < 0.05:
            level = -level
        integer = rng.random() < 0.5
        spread = rng.choice([0, 0.001, 0.01, 0.03, 0.1, 0.4])
        factor = rng.choice(FACTORS)
        for side in ("base", "head"):
            presence = rng.random()
            if presence < 0.08:
                continue  # missing on this side
            n = runs[side]
            if presence < 0.15 and n > 1:
                n = rng.randint(1, n - 1)  # a short series: trailing runs did not report it
            if failure:
                rate = rng.choice([0, 0, 0.1, 0.3, 1.0]) * (factor if side == "head" else 1)
                if side == "head" and rng.random() < 0.2:
                    rate = 0  # a failure that disappeared
                values = failure_counts(rng, n, min(rate, 1.0))
                if rng.random() < 0.2:
                    values = [v * rng.randint(1, 5) for v in values]
            else:
                values = series(rng, n, level, factor if side == "head" else 1.0, integer, spread)
            if name == "last_state.is_incomplete_run":
                values = [1 if rng.random() < 0.3 else 0 for _ in range(n)]
            matrices[side][name] = values
    # Both with stats_source or both without: the robot fails on a pair with one only.
    with_sources = rng.random() < 0.85
    for side in ("base", "head"):
        if with_sources:
            matrices[side]["stats_source"] = [f"/result/{side}/{r}/stats.json" for r in range(runs[side])]
        else:
            # Without stats_source the robot counts the runs of the first and the last metric.
            for name, values in matrices[side].items():
                values.extend([0] * (runs[side] - len(values)))
    options = rng.choice([{}, {}, {}, {"distance": 2}, {"gap": 1}, {"variance": 2}, {"more": True},
                          {"whole": True}, {"ignore-incomplete-run": True}, {"perf-profile": 5},
                          {"perf-profile": 5.0}, {"resize": 3}, {"regression-only": True},
                          {"all-critical": True}])
    return {"id": f"case{index:03d}", "options": options, "base": matrices["base"], "head": matrices["head"]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--cases", type=int, default=200)
    parser.add_argument("--seed", type=int, default=18)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases = [make_case(rng, i) for i in range(args.cases)]
    with open(args.out, "w") as f:
        json.dump(cases, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
