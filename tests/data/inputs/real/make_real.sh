#!/bin/sh
# Makes the real result files of tests/data/inputs/real/ with the tools themselves: for each tool a base
# and a head where some benchmarks clearly regress (four times the work), some improve (a quarter), some are
# unchanged, one is in the base only, and one fails where the tool can say so.
#
# Needs Debian's packages: g++ libbenchmark-dev (Google Benchmark), golang-go, hyperfine,
# python3-pytest-benchmark. Run from anywhere; the programs are built in a temporary directory, and only
# the result files are written here:
#
#   sh tests/data/inputs/real/make_real.sh
#
# The timings are the machine's own, so each run writes different numbers: after making them, make the
# expected values again (tests/reference/real_inputs_reference.py) and commit both.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$here/gbench" "$here/go" "$here/go-json" "$here/hyperfine" "$here/pytest"

# --- Google Benchmark --------------------------------------------------------------------------------
cat > "$work/bench.cpp" <<'CPP'
#include <benchmark/benchmark.h>
#include <cstdint>

// SIDE is 0 for the base, 1 for the head.
static std::uint64_t spin(std::int64_t n) {
  std::uint64_t x = 1;
  for (std::int64_t i = 0; i < n; ++i) benchmark::DoNotOptimize(x = x * 6364136223846793005u + 1442695040888963407u);
  return x;
}
static void BM_Regress(benchmark::State& s) { for (auto _ : s) spin(SIDE ? 4000 : 1000); }
static void BM_Improve(benchmark::State& s) { for (auto _ : s) spin(SIDE ? 1000 : 4000); }
static void BM_Same(benchmark::State& s) {
  for (auto _ : s) spin(3000);
  s.SetBytesProcessed(s.iterations() * 3000);
  s.counters["tables"] = 12;  // a user counter: no unit, no direction; the same on both sides
}
#if SIDE == 0
static void BM_Gone(benchmark::State& s) { for (auto _ : s) spin(1000); }
BENCHMARK(BM_Gone);
#endif
static void BM_Fail(benchmark::State& s) {
  if (SIDE) {
    s.SkipWithError("the head cannot run this");
    return;
  }
  for (auto _ : s) spin(1000);
}
BENCHMARK(BM_Regress);
BENCHMARK(BM_Improve);
BENCHMARK(BM_Same);
BENCHMARK(BM_Fail);
BENCHMARK_MAIN();
CPP
for side in base head; do
  n=0; [ $side = head ] && n=1
  g++ -O2 -DSIDE=$n -o "$work/bench_$side" "$work/bench.cpp" -lbenchmark -lpthread
  "$work/bench_$side" --benchmark_repetitions=10 --benchmark_min_time=0.02 --benchmark_format=json \
    > "$here/gbench/$side.json"
done

# --- go test -bench, as text and as test2json --------------------------------------------------------
for side in base head; do
  mkdir -p "$work/go_$side"
  cat > "$work/go_$side/go.mod" <<'MOD'
module example.com/realbench

go 1.19
MOD
  if [ $side = base ]; then regress=1000 improve=4000; else regress=4000 improve=1000; fi
  cat > "$work/go_$side/bench_test.go" <<GO
package realbench

import "testing"

var sink uint64

func spin(n int) {
	x := uint64(1)
	for i := 0; i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	sink = x
}

func BenchmarkRegress(b *testing.B) {
	for i := 0; i < b.N; i++ {
		spin($regress)
	}
}

func BenchmarkImprove(b *testing.B) {
	for i := 0; i < b.N; i++ {
		spin($improve)
	}
}

func BenchmarkSame(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(3000)
	for i := 0; i < b.N; i++ {
		spin(3000)
		sink += uint64(len(make([]byte, 64+i%2)))
	}
}
GO
  if [ $side = base ]; then
    cat >> "$work/go_$side/bench_test.go" <<'GO'

func BenchmarkGone(b *testing.B) {
	for i := 0; i < b.N; i++ {
		spin(1000)
	}
}

func BenchmarkFlaky(b *testing.B) {
	for i := 0; i < b.N; i++ {
		spin(1000)
	}
}
GO
  else
    cat >> "$work/go_$side/bench_test.go" <<'GO'

func BenchmarkFlaky(b *testing.B) {
	b.Fatal("the head cannot run this")
}
GO
  fi
  # A failed benchmark makes go test exit 1; its output is the point.
  (cd "$work/go_$side" && GOCACHE="$work/gocache" GOFLAGS=-mod=mod \
    go test -run '^$' -bench . -count 10 -benchtime 20ms > "$here/go/$side.txt") || true
  (cd "$work/go_$side" && GOCACHE="$work/gocache" GOFLAGS=-mod=mod \
    go test -json -run '^$' -bench . -count 10 -benchtime 20ms > "$here/go-json/$side.json") || true
done

# --- hyperfine ---------------------------------------------------------------------------------------
for side in base head; do
  if [ $side = base ]; then regress=0.01 improve=0.04; else regress=0.04 improve=0.01; fi
  set -- -n regress "sleep $regress" -n improve "sleep $improve" -n same "sleep 0.03" -n fails "sh -c 'exit 3'"
  [ $side = base ] && set -- "$@" -n gone "sleep 0.01"
  hyperfine --runs 10 --warmup 1 --ignore-failure --style none --export-json "$here/hyperfine/$side.json" "$@" \
    > /dev/null
done

# --- pytest-benchmark: benchmarks of different numbers of rounds ---------------------------------------
for side in base head; do
  mkdir -p "$work/py_$side"
  if [ $side = base ]; then regress=1000 improve=4000; else regress=4000 improve=1000; fi
  # Sleeps: their times depend less on what else the machine runs than a loop's.
  cat > "$work/py_$side/test_real.py" <<PY
import time


def spin(n):
    time.sleep(n / 1e6)


def test_regress(benchmark):
    benchmark.pedantic(spin, args=($regress,), rounds=12, iterations=1)


def test_improve(benchmark):
    benchmark.pedantic(spin, args=($improve,), rounds=8, iterations=1)


def test_same(benchmark):
    benchmark.pedantic(spin, args=(3000,), rounds=15, iterations=1)
PY
  if [ $side = base ]; then
    cat >> "$work/py_$side/test_real.py" <<'PY'


def test_gone(benchmark):
    benchmark.pedantic(spin, args=(1000,), rounds=6, iterations=1)
PY
  fi
  (cd "$work/py_$side" && /usr/bin/python3 -m pytest -q -p no:cacheprovider --benchmark-save-data \
    --benchmark-json="$here/pytest/$side.json" test_real.py > /dev/null)
done
