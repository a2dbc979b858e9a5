#!/usr/bin/env bash
# The size goals of `perfmail history` (docs/PERFORMANCE.md, "Histories of any size"), whole commands on
# the inputs of bench/gen_history.py, each beside its parse floor in the same run: the same command with
# a --metrics pattern that matches nothing, which reads the whole file and stops with status 2 before any
# search. Wall time and peak memory by GNU time, RUNS runs each (min-max printed). With OLD (a binary
# built from an earlier commit), its figures come beside, in turn with the new one's.
#
#   bench/history_size.sh PERFMAIL [OLD_PERFMAIL] [RUNS]
#
# The old binary reads the sparse file under a 4 GiB address-space limit and a 120 s bound, since before
# the sparse limit it ran out of memory.
set -euo pipefail
new=$(realpath "${1:?usage: history_size.sh PERFMAIL [OLD_PERFMAIL] [RUNS]}")
old=${2:+$(realpath "$2")}
runs=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/gen_history.py" "$work"

# One command RUNS times: "wall s, peak KiB, exit status" of each run on one line.
measure() {
  local line=""
  for _ in $(seq "$runs"); do
    local status=0
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || status=$?
    # GNU time writes "Command exited with non-zero status N" before the figures when the status is not 0.
    read -r wall peak < <(grep -E '^[0-9.]+ [0-9]+$' "$work/time" | tail -1)
    line+=" ${wall}s/$((peak / 1024))MiB/$status"
  done
  echo "$line"
}

row() {  # label, then the command
  local label=$1
  shift
  printf '%-58s%s\n' "$label" "$(measure "$@")"
}

echo "machine: $(nproc) cores, $(uname -m); runs: wall/peak RSS/exit status"
for file in long-100k.csv wide-10k.csv long-1k.csv; do
  csv=$work/$file
  echo "== $file: $(stat -c %s "$csv") bytes"
  row "new: parse floor (--metrics matching nothing)" "$new" history --csv "$csv" --metrics '__none__'
  row "new: history --jobs 1" "$new" history --csv "$csv" --jobs 1
  row "new: history (all cores)" "$new" history --csv "$csv"
  if [[ -n "$old" ]]; then
    row "old: parse floor (--metrics matching nothing)" "$old" history --csv "$csv" --metrics '__none__'
    row "old: history" "$old" history --csv "$csv"
  fi
done
csv=$work/sparse.csv
echo "== sparse.csv: $(stat -c %s "$csv") bytes"
row "new: history (refused)" "$new" history --csv "$csv"
head -1 "$work/err"
if [[ -n "$old" ]]; then
  runs=1 row "old: history, 4 GiB address space, 120 s bound" \
    bash -c 'ulimit -v 4194304; exec timeout 120 "$0" history --csv "$1"' "$old" "$csv"
  head -1 "$work/err"
fi
