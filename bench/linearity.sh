#!/usr/bin/env bash
# Whether perfmail compare's cost grows linearly: wall time, CPU time and peak memory per metric for
# 10,000 and 100,000 metrics, at 20 and at 50 runs (best wall time of three runs each), for
# docs/PERFORMANCE.md.
#
#   bench/linearity.sh build/bench/perfmail
set -euo pipefail
perfmail=$(realpath "${1:?usage: linearity.sh PATH/TO/perfmail}")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '%-9s %-5s %-10s %-10s %-10s %-12s %-12s %-9s\n' metrics runs input_MB wall_ms cpu_ms us/metric peak_MB peak/input
for runs in 20 50; do
  for metrics in 10000 100000; do
    dir="$work/$metrics-$runs"
    python3 "$here/gen_matrices.py" "$dir" --metrics "$metrics" --runs "$runs" >/dev/null
    bytes=$(($(stat -c %s "$dir/base/matrix.json") + $(stat -c %s "$dir/head/matrix.json")))
    best_wall="" best_cpu="" peak=""
    for _ in 1 2 3; do
      read -r wall user sys kb < <(/usr/bin/time -f "%e %U %S %M" "$perfmail" compare "$dir/base/matrix.json" \
        "$dir/head/matrix.json" 2>&1 >/dev/null | tail -1)
      if [[ -z "$best_wall" ]] || awk "BEGIN{exit !($wall < $best_wall)}"; then
        best_wall=$wall best_cpu=$(awk "BEGIN{print $user + $sys}") peak=$kb
      fi
    done
    awk -v m="$metrics" -v r="$runs" -v b="$bytes" -v w="$best_wall" -v c="$best_cpu" -v p="$peak" 'BEGIN{
      printf "%-9d %-5d %-10.1f %-10.0f %-10.0f %-12.2f %-12.1f %-9.2f\n", m, r, b/1e6, w*1000, c*1000, w*1e6/m, p/1024, p*1024/b }'
    rm -rf "$dir"
  done
done
