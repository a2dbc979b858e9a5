#!/usr/bin/env bash
# Whether the readers of other tools' files grow linearly with their input: `perfmail summary` on Go
# text, Google Benchmark JSON and a result root's job.yaml (`perfmail compare ROOT ROOT`) at the sizes
# where quadratic readers took seconds, and larger; wall time (best of three) and the time per megabyte,
# beside a matrix.json of as many metrics. For docs/PERFORMANCE.md, "Readers' growth".
#
#   bench/readers_growth.sh build/bench/perfmail
#
# The sizes are GO_SIZES, GBENCH_SIZES and JOB_SIZES (benchmarks, runs, keys), space-separated.
set -euo pipefail
perfmail=$(realpath "${1:?usage: readers_growth.sh PATH/TO/perfmail}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

best() {  # best wall seconds of three runs of "$@", which may fail (a refused file)
  local best="" t
  for _ in 1 2 3; do
    /usr/bin/time -f "%e" -o "$work/time" "$@" >/dev/null 2>&1 || true
    t=$(tail -1 "$work/time")
    if [[ -z "$best" ]] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
  done
  echo "$best"
}

row() {  # what, count, file, command...
  local what=$1 count=$2 file=$3
  shift 3
  local bytes s
  bytes=$(stat -c %s "$file")
  s=$(best "$@")
  awk -v w="$what" -v n="$count" -v b="$bytes" -v s="$s" 'BEGIN{
    printf "%-10s %9d %9.1f %9.2f %10.3f\n", w, n, b/1e6, s, (b > 0 ? s/(b/1e6) : 0) }'
}

printf '%-10s %9s %9s %9s %10s\n' reader count MB wall_s s_per_MB
for n in ${GO_SIZES:-160000 300000 1600000}; do
  python3 - "$work/go.txt" "$n" <<'PY'
import sys
n = int(sys.argv[2])
with open(sys.argv[1], "w") as f:
    f.write("goos: linux\ngoarch: amd64\npkg: example.com/bench\ncpu: Some CPU @ 2.00GHz\n")
    for i in range(n):
        f.write(f"BenchmarkM{i}-8   \t    1000\t      {1000 + i % 97}.{i % 10} ns/op\n")
    f.write("PASS\nok  \texample.com/bench\t12.3s\n")
PY
  row go "$n" "$work/go.txt" "$perfmail" summary "$work/go.txt"
  python3 - "$work/matrix.json" "$n" <<'PY'
import sys
n = int(sys.argv[2])
with open(sys.argv[1], "w") as f:
    f.write("{" + ",".join(f'"bench.metric_{i}.ns": [{1000 + i % 97}.{i % 10}]' for i in range(n)) + "}")
PY
  row matrix "$n" "$work/matrix.json" "$perfmail" summary "$work/matrix.json"
done
for n in ${GBENCH_SIZES:-120000 1200000}; do
  python3 - "$work/gbench.json" "$n" <<'PY'
import sys
n = int(sys.argv[2])
with open(sys.argv[1], "w") as f:
    f.write('{"context": {"date": "2026-12-03", "num_cpus": 8}, "benchmarks": [')
    f.write(",".join(
        f'{{"name": "BM_{i}", "run_name": "BM_{i}", "run_type": "iteration", "repetitions": 1, '
        f'"repetition_index": 0, "threads": 1, "iterations": 1000, "real_time": {1000 + i % 97}.5, '
        f'"cpu_time": {1000 + i % 89}.5, "time_unit": "ns"}}' for i in range(n)))
    f.write("]}")
PY
  row gbench "$n" "$work/gbench.json" "$perfmail" summary "$work/gbench.json"
done
mkdir -p "$work/root/0"
echo '{"bench.metric": [1, 2, 3]}' > "$work/root/matrix.json"
for n in ${JOB_SIZES:-40000 90000 100000 200000 400000}; do
  python3 - "$work/root/job.yaml" "$n" <<'PY'
import sys
n = int(sys.argv[2])
with open(sys.argv[1], "w") as f:
    f.write("suite: bench\ntestcase: bench\ntestbox: lkp-box-1\n")
    for i in range(3, n):
        f.write(f"param_{i}: value-{i}\n")
PY
  row job.yaml "$n" "$work/root/job.yaml" "$perfmail" compare "$work/root" "$work/root"
done
