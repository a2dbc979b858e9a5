#!/usr/bin/env bash
# What including perfmail costs a file of a tool that links it: CPU seconds (user + system) and peak
# memory of `g++ -std=c++20 -fsyntax-only` on a file that includes only the header, best of five runs,
# and the header's preprocessed size in lines. With no argument it measures the umbrella header and
# every public header, heaviest first; with arguments, the headers named (as `perfmail/...hpp`).
#
#   bench/include_cost.sh [HEADER...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cxx=${CXX:-g++}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

headers=("$@")
if [[ ${#headers[@]} -eq 0 ]]; then
  headers=(perfmail/perfmail.hpp)
  while IFS= read -r h; do headers+=("${h#"$root"/include/}"); done \
    < <(find "$root/include/perfmail" -name '*.hpp' ! -name perfmail.hpp | sort)
fi

flags=(-std=c++20 -I"$root/include")
measure() {  # prints "cpu_seconds peak_megabytes" of the best of five runs
  local best_cpu="" best_mem=""
  for _ in 1 2 3 4 5; do
    /usr/bin/time -f '%U %S %M' -o "$work/time" "$cxx" "${flags[@]}" -fsyntax-only "$work/tu.cpp"
    read -r user sys kb < "$work/time"
    local cpu; cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    if [[ -z $best_cpu ]] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then best_cpu=$cpu; fi
    if [[ -z $best_mem ]] || (( kb < best_mem )); then best_mem=$kb; fi
  done
  printf '%s %d' "$best_cpu" $(( best_mem / 1024 ))
}

{
  for h in "${headers[@]}"; do
    printf '#include <%s>\n' "$h" > "$work/tu.cpp"
    lines=$("$cxx" "${flags[@]}" -E "$work/tu.cpp" | wc -l)
    read -r cpu mem < <(measure; echo)
    printf '%s\t%s\t%s\t%s\n' "$cpu" "$mem" "$lines" "$h"
  done
} | sort -t$'\t' -k1,1 -gr | { printf 'cpu s\tpeak MB\tlines\theader\n'; cat; } | column -t -s$'\t'
