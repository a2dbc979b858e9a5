#!/usr/bin/env bash
# Whole-command figures for docs/PERFORMANCE.md: wall time (hyperfine) and peak memory (GNU time) of
# perfmail compare and perfmail report on the work unit, next to the robot's Ruby change detection when
# LKP_SRC names an lkp-tests checkout.
#
#   bench/whole_command.sh build/release/perfmail [METRICS] [RUNS]
set -euo pipefail
perfmail=$(realpath "${1:?usage: whole_command.sh PATH/TO/perfmail [METRICS] [RUNS]}")
metrics=${2:-10000}
runs=${3:-20}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$here/gen_matrices.py" "$work" --metrics "$metrics" --runs "$runs" >/dev/null
bytes=$(($(stat -c %s "$work/base/matrix.json") + $(stat -c %s "$work/head/matrix.json")))
echo "work unit: $metrics metrics x $runs runs, $bytes bytes of matrix.json"

cat > "$work/report.json" <<DOC
{"dialect": "classic",
 "commit": {"id": "fedcba9876543210fedcba9876543210fedcba98", "subject": "bench: a change"},
 "base_commit": {"id": "0123456789abcdef0123456789abcdef01234567"},
 "test": {"name": "bench"},
 "results": {"base": "base/matrix.json", "head": "head/matrix.json"},
 "table": {"order": "robot"},
 "plots": {"metrics": "changed"},
 "headline": {"metric": "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(next(k for k in d if k.startswith("fio.")))' "$work/base/matrix.json")"}}
DOC
python3 - "$work/report.json" "$work/base/matrix.json" <<'PY'
import json, sys
# Ten plots, as in the work unit of docs/PERFORMANCE.md.
doc = json.load(open(sys.argv[1]))
names = [k for k in json.load(open(sys.argv[2])) if k.startswith("fio.")]
doc["plots"]["metrics"] = names[:10]
json.dump(doc, open(sys.argv[1], "w"))
PY

hyperfine -N --warmup 3 --runs 20 \
  "$perfmail compare $work/base/matrix.json $work/head/matrix.json" \
  "$perfmail report $work/report.json"
for cmd in "compare $work/base/matrix.json $work/head/matrix.json" "report $work/report.json"; do
  /usr/bin/time -f "peak memory of 'perfmail ${cmd%% *}': %M KB (input: $((bytes / 1024)) KB)" \
    "$perfmail" $cmd >/dev/null
done
if [[ -n "${LKP_SRC:-}" ]]; then
  echo "the robot's Ruby change detection:"
  ruby "$here/ruby_detect.rb" "$work/head/matrix.json" "$work/base/matrix.json"
fi
