#!/usr/bin/env bash
# Times one 80 x 20 trend plot of 60 good + 60 bad samples (tests/data/plot-examples/long_60) drawn by
# a gnuplot process fed the robot's commands, by the perfmail CLI, and by one gnuplot session
# of 1000 plots (the robot's way: the extra plots cost what a plot costs once gnuplot runs).
# Needs hyperfine and gnuplot.
# Usage: bench/plot_process_timing.sh PATH/TO/perfmail
set -euo pipefail
perfmail=${1:?usage: $0 PATH/TO/perfmail}
case_dir=$(cd "$(dirname "$0")/../tests/data/plot-examples/long_60" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The robot's commands for one plot (lkp-tests lib/plot.rb through the ruby gnuplot gem).
one_plot() {
  printf 'set terminal dumb nofeed size 80,20\nset notitle \nset title "%s"\nset noxtics \nset ytics nomirror\n' \
    "$(cat "$case_dir/title.txt")"
  printf "plot '-' notitle with points pt 15 lt 0, '-' notitle with linespoints pt -22 lt 0\n"
  # each data set ends in "e"; the gem joins the two with "e\n", so the first one ends in a line "ee"
  awk '{ printf "%d %s\n", NR, $0 } END { printf "e" }' "$case_dir/bad.txt"
  printf 'e\n'
  awk '{ printf "%d %s\n", NR, $0 } END { printf "e\n" }' "$case_dir/good.txt"
}
one_plot > "$work/one.gp"
for _ in $(seq 1000); do one_plot; done > "$work/thousand.gp"
mkdir -p "$work/home"

export HOME=$work/home LC_ALL=C
hyperfine -N --warmup 5 --min-runs 50 \
  -n "gnuplot, 1 plot" "gnuplot $work/one.gp" \
  -n "gnuplot, 1000 plots in one session" "gnuplot $work/thousand.gp" \
  -n "perfmail plot, 1 plot" \
  "$perfmail plot --style gnuplot-5.4 --title sixty.samples --good $case_dir/good.txt --bad $case_dir/bad.txt"
