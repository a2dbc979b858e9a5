#!/bin/sh
# Output that cannot be written, and -o onto what is not a plain file (docs/RELIABILITY.md, "No partial
# output"). Run by CTest as
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
  full_o)  # -o onto a full disk's device: written directly, the error reported, the device left a device
    make_device full 1 7
    run "$@" -o "$dir/full"
    check_status 2
    check_error "perfmail: $dir/full: cannot write: No space left on device"
    check_no_stdout
    [ -c "$dir/full" ] || fail "$dir/full is no longer a character device"
    check_entries err expected full out
    ;;
  ulimit)  # stdout is a file and the file-size limit is reached: an error, not death by SIGXFSZ
    (ulimit -f 1 && exec "$@") >"$dir/big" 2>"$dir/err"
    status=$?
    check_status 2
    check_error "perfmail: stdout: cannot write: File too large"
    ;;
  ulimit_o)  # -o FILE and the file-size limit is reached: FILE untouched, no temporary file left
    printf 'old\n' >"$dir/target.txt"
    (ulimit -f 1 && exec "$@" -o "$dir/target.txt") >"$dir/out" 2>"$dir/err"
    status=$?
    check_status 2
    check_error "perfmail: $dir/target.txt: cannot write: File too large"
    check_no_stdout
    [ "$(cat "$dir/target.txt")" = old ] || fail "target.txt was changed by a failed run"
    check_entries err expected out target.txt
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
  empty_o)  # -o '' (a variable that came out empty): refused, nothing written anywhere
    run "$@" -o ''
    check_status 2
    check_error "perfmail: --output: an empty path (give a file name, or - for standard output) (see --help)"
    check_no_stdout
    run "$@" --output ''
    check_status 2
    check_no_stdout
    check_entries err expected out
    ;;
  null_o)  # -o onto a null device: written into, never replaced by a file
    make_device null 1 3
    run "$@" -o "$dir/null"
    check_status 0
    check_quiet
    check_no_stdout
    [ -c "$dir/null" ] || fail "$dir/null is no longer a character device"
    check_entries err expected null out
    ;;
  fifo_o)  # -o onto a FIFO with a reader: the reader gets the output, the FIFO stays a FIFO
    mkfifo "$dir/fifo" || fail "mkfifo failed"
    cat "$dir/fifo" >"$dir/got" &
    reader=$!
    run "$@" -o "$dir/fifo"
    if [ ! -p "$dir/fifo" ]; then
      kill "$reader"  # it waits for a writer that will never come
      fail "$dir/fifo is no longer a FIFO (exit status $status)"
    fi
    wait "$reader"
    check_status 0
    check_quiet
    check_no_stdout
    check_content "$dir/got"
    check_entries err expected fifo got out
    ;;
  symlink_o)  # -o onto a symbolic link: its target replaced, the link kept
    printf 'old\n' >"$dir/target.txt"
    ln -s target.txt "$dir/link"
    run "$@" -o "$dir/link"
    check_status 0
    check_quiet
    [ -L "$dir/link" ] && [ "$(readlink "$dir/link")" = target.txt ] || fail "the link was not kept"
    [ -f "$dir/target.txt" ] && [ ! -L "$dir/target.txt" ] || fail "target.txt is not a regular file"
    check_content "$dir/target.txt"
    check_entries err expected link out target.txt
    ;;
  dangling_symlink_o)  # -o onto a link to nothing: the link's target created, as a redirection does
    mkdir "$dir/sub"
    ln -s sub/new.txt "$dir/link"
    run "$@" -o "$dir/link"
    check_status 0
    check_quiet
    [ -L "$dir/link" ] || fail "the link was not kept"
    check_content "$dir/sub/new.txt"
    [ -z "$(ls -A "$dir/sub" | grep -v '^new\.txt$')" ] || fail "sub holds more than new.txt: $(ls -A "$dir/sub")"
    check_entries err expected link out sub
    ;;
  mode_o)  # a replaced file keeps its mode; a new one gets 0666 less the umask, as a redirection gives
    printf 'old\n' >"$dir/old.txt"
    chmod 604 "$dir/old.txt"
    run "$@" -o "$dir/old.txt"
    check_status 0
    [ "$(stat -c %a "$dir/old.txt")" = 604 ] || fail "the mode became $(stat -c %a "$dir/old.txt"), not 604"
    check_content "$dir/old.txt"
    (umask 027 && exec "$@" -o "$dir/new.txt") >"$dir/out" 2>"$dir/err"
    status=$?
    check_status 0
    [ "$(stat -c %a "$dir/new.txt")" = 640 ] || fail "a new file got mode $(stat -c %a "$dir/new.txt"), not 640"
    check_entries err expected new.txt old.txt out
    ;;
  owner_o)  # run by root, a replaced file keeps its owner and group
    [ "$(id -u)" -eq 0 ] || skip "only root can hand a file to another owner"
    printf 'old\n' >"$dir/theirs.txt"
    chown 12345:23456 "$dir/theirs.txt" 2>/dev/null || skip "chown is not permitted here"
    run "$@" -o "$dir/theirs.txt"
    check_status 0
    [ "$(stat -c %u:%g "$dir/theirs.txt")" = 12345:23456 ] ||
      fail "the owner became $(stat -c %u:%g "$dir/theirs.txt"), not 12345:23456"
    check_content "$dir/theirs.txt"
    ;;
  readonly_o | not_owner_o)  # run by another user: a file it may not write is refused, one it may is
    # replaced, keeping the mode (the owner cannot be kept: only root may give a file away)
    [ "$(id -u)" -eq 0 ] || skip "the case is run as user 65534 from root"
    command -v setpriv >/dev/null || skip "setpriv is missing"
    chmod 777 "$dir"
    printf 'old\n' >"$dir/target.txt"
    if [ "$case_name" = readonly_o ]; then
      chown 65534 "$dir/target.txt" && chmod 444 "$dir/target.txt" || fail "cannot prepare target.txt"
    else
      chmod 666 "$dir/target.txt"
    fi
    setpriv --reuid 65534 --regid 65534 --clear-groups "$@" -o "$dir/target.txt" >"$dir/out" 2>"$dir/err"
    status=$?
    if [ "$case_name" = readonly_o ]; then
      check_status 2
      check_error "perfmail: $dir/target.txt: cannot write: Permission denied"
      [ "$(cat "$dir/target.txt")" = old ] || fail "the read-only target.txt was replaced"
    else
      check_status 0
      check_quiet
      check_content "$dir/target.txt"
      [ "$(stat -c %a:%u "$dir/target.txt")" = 666:65534 ] ||
        fail "target.txt has mode and owner $(stat -c %a:%u "$dir/target.txt"), not 666:65534"
    fi
    check_entries err expected out target.txt
    ;;
  planted_symlink_o)  # a link planted at a guessable temporary name (the old FILE.tmp.PID) is not followed
    printf 'precious\n' >"$dir/victim"
    # exec keeps the process number, so the inner shell knows the command's PID before it starts.
    sh -c 'ln -s victim "$1.tmp.$$" || exit 99; out=$1; shift; exec "$@" -o "$out"' sh "$dir/target.txt" "$@" \
      >"$dir/out" 2>"$dir/err"
    status=$?
    check_status 0
    check_quiet
    [ "$(cat "$dir/victim")" = precious ] || fail "the planted link was followed: victim now holds other text"
    [ -f "$dir/target.txt" ] && [ ! -L "$dir/target.txt" ] || fail "target.txt is not a regular file"
    check_content "$dir/target.txt"
    planted=$(cd "$dir" && ls target.txt.tmp.*)
    check_entries err expected out "$planted" target.txt victim
    ;;
  missing_directory_o)  # -o into a directory that does not exist: the system's reason
    run "$@" -o "$dir/no-such-dir/out.txt"
    check_status 2
    check_error "perfmail: $dir/no-such-dir/out.txt: cannot write: No such file or directory"
    check_no_stdout
    check_entries err expected out
    ;;
  directory_o)  # -o onto a directory: refused, the directory left as it was
    mkdir "$dir/adir"
    run "$@" -o "$dir/adir"
    check_status 2
    check_error "perfmail: $dir/adir: cannot write: Is a directory"
    check_no_stdout
    [ -z "$(ls -A "$dir/adir")" ] || fail "adir is no longer empty"
    check_entries adir err expected out
    ;;
  *)
    fail "no such case"
    ;;
esac
exit 0
