#!/usr/bin/env bash
# Whole-command figures for docs/PERFORMANCE.md, side by side in one run on the work unit (two matrices
# of METRICS x RUNS from bench/gen_matrices.py):
#   - wall time (hyperfine) of the parse floor (bench/parse_only: simdjson's DOM parser merely parsing
#     both files), perfmail's loader alone (bench/dom_loader ondemand: both files loaded with every check,
#     in a process of its own), `perfmail compare` (load, decide, classic table) and `perfmail report` (the
#     same plus ten plots and the email), and the figures of the speed goals beside them: `compare
#     --format json` against the text output, `compare --policy utest` against the robot policy;
#   - peak memory (GNU time) of each, and of `perfmail --version` (the process before it reads anything);
#   - when LKP_SRC names an lkp-tests checkout, the robot's Ruby change detection on the same files:
#     three processes of one call each (the call's time and the whole process's), then one process of
#     three calls (the warmed-up calls).
#
#   bench/whole_command.sh build/bench/perfmail [METRICS] [RUNS]
set -euo pipefail
perfmail=$(realpath "${1:?usage: whole_command.sh PATH/TO/perfmail [METRICS] [RUNS]}")
metrics=${2:-10000}
runs=${3:-20}
here=$(cd "$(dirname "$0")" && pwd)
parse_only=$(dirname "$perfmail")/bench/parse_only
[[ -x "$parse_only" ]] || { echo "no $parse_only: build the parse_only target" >&2; exit 2; }
loader=$(dirname "$perfmail")/bench/dom_loader
[[ -x "$loader" ]] || { echo "no $loader: build the dom_loader target" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$here/gen_matrices.py" "$work" --metrics "$metrics" --runs "$runs" >/dev/null
base=$work/base/matrix.json
head=$work/head/matrix.json
bytes=$(($(stat -c %s "$base") + $(stat -c %s "$head")))
echo "work unit: $metrics metrics x $runs runs, $bytes bytes of matrix.json"

python3 - "$work/report.json" "$base" <<'PY'
import json, sys
# The email of the work unit: the classic table and ten plots of the test's own metrics.
names = [k for k in json.load(open(sys.argv[2])) if k.startswith("fio.")]
doc = {"dialect": "classic",
       "commit": {"id": "fedcba9876543210fedcba9876543210fedcba98", "subject": "bench: a change"},
       "base_commit": {"id": "0123456789abcdef0123456789abcdef01234567"},
       "test": {"name": "bench"},
       "results": {"base": "base/matrix.json", "head": "head/matrix.json"},
       "table": {"order": "robot"},
       "plots": {"metrics": names[:10]},
       "headline": {"metric": names[0]}}
json.dump(doc, open(sys.argv[1], "w"))
PY

hyperfine -N --warmup 5 --runs 40 --export-json "$work/times.json" \
  -n "parse floor" "$parse_only $base $head" \
  -n "loading alone" "$loader ondemand $base $head" \
  -n "perfmail compare" "$perfmail compare $base $head" \
  -n "perfmail report" "$perfmail report $work/report.json" \
  -n "perfmail compare --format json" "$perfmail compare $base $head --format json" \
  -n "perfmail compare --policy utest" "$perfmail compare $base $head --policy utest"

peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
declare -A peak_kb
peak_kb[floor]=$(peak "$parse_only" "$base" "$head")
peak_kb[compare]=$(peak "$perfmail" compare "$base" "$head")
peak_kb[report]=$(peak "$perfmail" report "$work/report.json")
peak_kb[start]=$(peak "$perfmail" --version)
peak_kb[floor_start]=$(peak "$parse_only")  # the floor's process before it reads anything

ruby_first=""
if [[ -n "${LKP_SRC:-}" ]]; then
  echo "the robot's Ruby change detection, three processes of one call:"
  for _ in 1 2 3; do
    /usr/bin/time -f "  whole ruby process: %e s" ruby "$here/ruby_detect.rb" "$head" "$base" 1 2>&1 | sed 's/^call/  call/'
  done | tee "$work/ruby.txt"
  echo "one process of three calls:"
  ruby "$here/ruby_detect.rb" "$head" "$base" 3 | sed 's/^/  /'
  ruby_first=$(awk '/call 1:/ {print $3}' "$work/ruby.txt" | sort -n | sed -n 2p)
  ruby_process=$(awk '/whole ruby process/ {print $4}' "$work/ruby.txt" | sort -n | sed -n 2p)
fi

python3 - "$work/times.json" "$bytes" "${peak_kb[floor]}" "${peak_kb[compare]}" "${peak_kb[report]}" \
  "${peak_kb[start]}" "${peak_kb[floor_start]}" "$ruby_first" "${ruby_process:-}" <<'PY'
import json, sys
times = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
size_kb = int(sys.argv[2]) / 1024
floor_kb, compare_kb, report_kb, start_kb, floor_start_kb = (int(x) for x in sys.argv[3:8])
floor = times["parse floor"]["median"]
print("summary (medians of hyperfine's runs):")
for name in ("parse floor", "loading alone", "perfmail compare", "perfmail report"):
    t = times[name]["median"]
    print(f"  {name:17} {t * 1e3:6.1f} ms  = {t / floor:4.2f} x the parse floor")
compare = times["perfmail compare"]["median"]
after = compare - times["loading alone"]["median"]
left = 1.5 * floor - times["loading alone"]["median"]
print(f"  after loading, perfmail compare takes {after * 1e3:.1f} ms (its start beyond the loader's, the"
      f" comparison, the table); " + (f"1.5 x the floor would leave it {left * 1e3:.1f} ms" if left >= 0 else
                                      f"loading alone is {-left * 1e3:.1f} ms past 1.5 x the floor"))
for name, of in (("perfmail compare --format json", "the text output"), ("perfmail compare --policy utest", "the robot policy")):
    t = times[name]["median"]
    print(f"  {name:32} {t * 1e3:6.1f} ms  = {t / compare:4.2f} x {of}")
print(f"  peak memory, input {size_kb:.0f} KB (3 x = {3 * size_kb:.0f} KB); before reading anything:"
      f" perfmail {start_kb} KB, the parse floor {floor_start_kb} KB")
for name, kb, own in (("parse floor", floor_kb, floor_start_kb), ("perfmail compare", compare_kb, start_kb),
                      ("perfmail report", report_kb, start_kb)):
    print(f"  {name:17} {kb:6d} KB = {kb / size_kb:4.2f} x the input ({(kb - own) / size_kb:4.2f} x without the process's own)")
if sys.argv[8]:
    first, process = float(sys.argv[8]), float(sys.argv[9])
    print(f"  Ruby first call {first:.2f} s = {first / compare:.0f} x perfmail compare;"
          f" whole Ruby process {process:.2f} s = {process / compare:.0f} x")
PY
