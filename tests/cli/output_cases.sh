#!/bin/sh
# Output that cannot be written (docs/RELIABILITY.md, "No partial output"). Run by CTest as
#   sh output_cases.sh CASE DIR CLI ARGS...
# DIR is a scratch directory under the build tree (emptied first); CLI ARGS is a command that succeeds
# and prints something (the case adds -o where it needs one). Device files are made with mknod inside
# DIR, never taken from the machine's /dev. Exit status 0: passed; 77: skipped (mknod or chown not
# permitted here); anything else: failed, with the reason on stderr.

case_name=$1 dir=$2
shift 2

fail() {
  echo "FAIL ($case_name): $*" >&2
  exit 1
}

skip() {
  echo "SKIP ($case_name): $*" >&2
  exit 77
}

# The exit status of the last run() is `expected` (a list of accepted statuses).
check_status() {
  for accepted in "$@"; do
    [ "$status" -eq "$accepted" ] && return 0
  done
  fail "exit status $status, expected $*; stderr: $(cat "$dir/err")"
}

# stderr holds exactly the one line $1.
check_error() {
  printf '%s\n' "$1" | cmp -s - "$dir/err" || fail "stderr is not the one line '$1': [$(cat "$dir/err")]"
}

check_quiet() {
  [ -s "$dir/err" ] && fail "stderr should be empty: [$(cat "$dir/err")]"
  return 0
}

check_no_stdout() {
  [ -s "$dir/out" ] && fail "stdout should be empty: [$(cat "$dir/out")]"
  return 0
}

# The file $1 holds exactly what the command prints on stdout.
check_content() {
  cmp -s "$dir/expected" "$1" || fail "$1 does not hold the command's output"
}

# The scratch directory holds exactly the names given (sorted), so no temporary file is left behind.
check_entries() {
  entries=$(cd "$dir" && ls -A | sort | tr '\n' ' ')
  wanted=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
  [ "$entries" = "$wanted" ] || fail "the directory holds [$entries], expected [$wanted]"
}

# Runs the command with the extra arguments given, stdout into $dir/out and stderr into $dir/err.
run() {
  "$@" >"$dir/out" 2>"$dir/err"
  status=$?
}

make_device() {  # NAME MAJOR MINOR
  mknod "$dir/$1" c "$2" "$3" 2>/dev/null || skip "mknod is not permitted here"
}

rm -rf "$dir" && mkdir -p "$dir" || fail "cannot make $dir"
# What the command prints when nothing goes wrong, to compare files with.
"$@" >"$dir/expected" 2>"$dir/err" || fail "the command fails on its own: $(cat "$dir/err")"
[ -s "$dir/expected" ] || fail "the command prints nothing, so nothing is tested"

case $case_name in
  full)  # stdout is a full disk: exit status 2 and one line, whatever the command
    make_device full 1 7
    "$@" >"$dir/full" 2>"$dir/err"
    status=$?
    check_status 2
    check_error "perfmail: stdout: cannot write: No space left on device"
    ;;
  ulimit)  # stdout is a file and the file-size limit is reached: an error, not death by SIGXFSZ
    (ulimit -f 1 && exec "$@") >"$dir/big" 2>"$dir/err"
    status=$?
    check_status 2
    check_error "perfmail: stdout: cannot write: File too large"
    ;;
  pipe | pipe_sigpipe_ignored)  # a reader that stops after one line: the command ends quietly
    # The command must print more than a pipe holds, so that it writes after the reader has gone.
    [ "$(wc -c <"$dir/expected")" -gt 1000000 ] || fail "the command prints too little to fill a pipe"
    # A parent that ignores SIGPIPE passes that on; the command still ends as a closed pipe ends it.
    [ "$case_name" = pipe_sigpipe_ignored ] && trap '' PIPE
    { "$@" 2>"$dir/err"; echo $? >"$dir/status"; } | head -n 1 >"$dir/first"
    status=$(cat "$dir/status")
    # With SIGPIPE ignored, a command that took the failed write for success would exit 0.
    if [ "$case_name" = pipe ]; then check_status 0 141; else check_status 141; fi
    check_quiet
    [ "$(cat "$dir/first")" = "$(head -n 1 "$dir/expected")" ] || fail "the reader got [$(cat "$dir/first")]"
    ;;
  *)
    fail "no such case"
    ;;
esac
exit 0
