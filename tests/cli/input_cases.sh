#!/bin/sh
# Inputs that are not plain files, filesystem conditions, and text that must not reach a terminal raw
# (docs/RELIABILITY.md, "Trust"). Run by CTest as
#   sh input_cases.sh CASE DIR CLI SOURCE_DIR
# DIR is a scratch directory under the build tree (emptied first); SOURCE_DIR is the project's root, for
# its examples. Device files are made with mknod inside DIR, never taken from the machine's /dev. Exit
# status 0: passed; 77: skipped (mknod or setpriv not permitted here); anything else: failed, with the
# reason on stderr.

case_name=$1 dir=$2 cli=$3 source=$4
examples=$source/examples

fail() {
  echo "FAIL ($case_name): $*" >&2
  exit 1
}

skip() {
  echo "SKIP ($case_name): $*" >&2
  exit 77
}

# Runs the command given, stdout into $dir/out and stderr into $dir/err.
run() {
  "$@" >"$dir/out" 2>"$dir/err"
  status=$?
}

# Bad input's answer: exit status 2, nothing on stdout, and stderr exactly the one line $1.
check_refused() {
  [ "$status" -eq 2 ] || fail "exit status $status, expected 2; stderr: [$(cat "$dir/err")]"
  [ -s "$dir/out" ] && fail "stdout should be empty: [$(head -c 200 "$dir/out")]"
  printf '%s\n' "$1" | cmp -s - "$dir/err" || fail "stderr is not the one line '$1': [$(cat "$dir/err")]"
}

check_ok() {
  [ "$status" -eq 0 ] || fail "exit status $status, expected 0; stderr: [$(cat "$dir/err")]"
}

# Neither stdout nor stderr holds the byte sequence printf makes of $1.
check_absent() {
  pattern=$(printf "$1")
  for f in "$dir/out" "$dir/err"; do
    grep -q -F -- "$pattern" "$f" && fail "$(basename "$f") holds the raw sequence $1"
  done
  return 0
}

# stdout holds the literal text $1.
check_stdout_has() {
  grep -q -F -- "$1" "$dir/out" || fail "stdout does not hold '$1': [$(head -c 400 "$dir/out")]"
}

rm -rf "$dir" && mkdir -p "$dir" || fail "cannot make $dir"
matrix=$examples/data/base/matrix.json

case $case_name in
  fifo_limit)  # a FIFO has no size to check in advance: it is counted while read
    mkfifo "$dir/fifo" || skip "mkfifo is not permitted here"
    (i=0; while [ $i -lt 40 ]; do echo '{"fio.write_iops": [1, 2, 3]}'; i=$((i + 1)); done) >"$dir/fifo" &
    run "$cli" --max-input-size 64 summary "$dir/fifo"
    wait
    check_refused "perfmail: $dir/fifo: more than 64 bytes (the limit of input size)"
    ;;
  zero_device)  # an endless device is refused at the limit, not read until memory runs out
    mknod "$dir/zero" c 1 5 2>/dev/null || skip "mknod is not permitted here"
    run "$cli" --max-input-size 1k summary "$dir/zero"
    check_refused "perfmail: $dir/zero: more than 1024 bytes (the limit of input size)"
    ;;
  procfs_limit)  # procfs files report a size of 0; their text is counted as it is read
    run "$cli" --max-input-size 16 summary /proc/self/status
    check_refused "perfmail: /proc/self/status: more than 16 bytes (the limit of input size)"
    ;;
  stdin_limit)  # "-" is standard input, for every command that reads results
    run sh -c "cat \"$matrix\" | \"$cli\" --max-input-size 100 summary -"
    check_refused "perfmail: <stdin>: more than 100 bytes (the limit of input size)"
    run sh -c "cat \"$matrix\" | \"$cli\" summary -"
    check_ok
    check_stdout_has "<stdin> (5 runs)"
    ;;
  report_stdin_limit)  # a report document on standard input is bounded too
    run sh -c "cat \"$examples/report.json\" | \"$cli\" --max-input-size 1000 report -"
    check_refused "perfmail: <stdin>: more than 1000 bytes (the limit of input size)"
    ;;
  loop_matrix)  # a symlink loop where a matrix.json is
    mkdir "$dir/results" && ln -s matrix.json "$dir/results/matrix.json"
    run "$cli" summary "$dir/results"
    check_refused "perfmail: $dir/results/matrix.json: cannot open: Too many levels of symbolic links"
    ;;
  loop_stats)  # a symlink loop where a run's stats.json is
    mkdir -p "$dir/results/0" && ln -s stats.json "$dir/results/0/stats.json"
    run "$cli" summary "$dir/results"
    check_refused "perfmail: $dir/results/0/stats.json: cannot open: Too many levels of symbolic links"
    ;;
  loop_run)  # a symlink loop as a run directory
    mkdir -p "$dir/results" && ln -s 0 "$dir/results/0"
    run "$cli" summary "$dir/results"
    check_refused "perfmail: $dir/results/0: cannot open: Too many levels of symbolic links"
    ;;
  permission_denied)  # run as an unprivileged user, so that the permission applies even to root
    cp "$matrix" "$dir/secret.json" && chmod 600 "$dir/secret.json" && chmod 755 "$dir"
    if [ "$(id -u)" -eq 0 ]; then
      command -v setpriv >/dev/null || skip "setpriv is not installed"
      setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null || skip "setpriv is not permitted here"
      run setpriv --reuid=65534 --regid=65534 --clear-groups "$cli" summary "$dir/secret.json"
    else
      run "$cli" summary "$dir/secret.json"
    fi
    check_refused "perfmail: $dir/secret.json: cannot open: Permission denied"
    ;;
  io_error)  # reading a process's memory at address 0 fails with EIO: an I/O error from a real read
    run "$cli" summary /proc/self/mem
    check_refused "perfmail: /proc/self/mem: cannot read: Input/output error"
    ;;
  directory_for_file)  # a directory where a file is expected
    mkdir "$dir/report.json"
    run "$cli" report "$dir/report.json"
    check_refused "perfmail: $dir/report.json: a directory, where a report document (a JSON file) was expected; for the email of two result roots, give --base ROOT --head ROOT"
    run "$cli" plot --good "$dir/report.json"
    check_refused "perfmail: $dir/report.json: is a directory, expected a file"
    mkdir -p "$dir/results/0/stats.json"
    run "$cli" summary "$dir/results"
    check_refused "perfmail: $dir/results/0/stats.json: is a directory, expected a file"
    ;;
  file_for_directory)  # a file where a directory is expected
    cp "$matrix" "$dir/file"
    run "$cli" summary "$dir/file/matrix.json"
    check_refused "perfmail: $dir/file/matrix.json: cannot open: Not a directory"
    ;;
  run_names)  # only canonical non-negative integers are runs: backup/, -1/, 01/, 1e3/ are not merged
    for run in 0 1 2 10 backup -1 01 1e3 +3; do
      mkdir -p "$dir/results/$run" && echo '{"fio.write_iops": 7}' >"$dir/results/$run/stats.json"
    done
    mkdir -p "$dir/results/5"  # a run directory without statistics is no run
    run "$cli" summary "$dir/results"
    check_ok
    check_stdout_has "$dir/results (4 runs)"
    check_stdout_has "fio.write_iops     4"
    ;;
  terminal_text)  # text from the input never reaches the output raw: ESC, C1 (CSI, NEL), bidi overrides
    esc=$(printf '\033')
    # JSON strings hold the controls as \u escapes; the parser turns them into the raw characters.
    sed -e 's/mm: vmscan: kick flushers/mm: \\u001b[2Jwipe \\u009b31m \\u202egnp.exe/' \
        -e 's/"rw": "randwrite"/"rw": "rand\\u001b]0;title\\u0007write"/' \
        -e "s|\"base\": \"data/base\"|\"base\": \"$examples/data/base\"|" \
        -e "s|\"head\": \"data/head\"|\"head\": \"$examples/data/head\"|" \
        "$examples/report.json" >"$dir/report.json"
    grep -q 'u001b' "$dir/report.json" || fail "the test document holds no escape"
    run "$cli" report "$dir/report.json"
    check_ok
    check_absent '\033'
    check_absent '\302\233'
    check_absent '\342\200\256'
    check_stdout_has '\x1B[2Jwipe \u009B31m \u202Egnp.exe'
    # A directory name becomes a column name.
    mkdir -p "$dir/run${esc}[31m" && cp "$examples/data/head/matrix.json" "$dir/run${esc}[31m/"
    run "$cli" compare "$examples/data/base/matrix.json" "$dir/run${esc}[31m/matrix.json" --all
    check_ok
    check_absent '\033'
    check_stdout_has 'run\x1B[31m'
    # A metric name is refused at input.
    printf '{"fio.write\342\200\256iops": [1, 2]}' >"$dir/name.json"
    run "$cli" summary "$dir/name.json"
    check_refused "perfmail: $dir/name.json:1:22: a metric name holding a control character (U+202E): names are printed on one line in tables, plots and mail"
    ;;
  attach_fifo)  # an attachment that is a FIFO is refused, in every format, never waited on
    mkfifo "$dir/job.yaml" || skip "mkfifo is not permitted here"
    sed -e 's|"mail": {|"mail": {"attachments": ["job.yaml"],|' \
        -e "s|\"base\": \"data/base\"|\"base\": \"$examples/data/base\"|" \
        -e "s|\"head\": \"data/head\"|\"head\": \"$examples/data/head\"|" \
        "$examples/report.json" >"$dir/report.json"
    grep -q '"attachments": \["job.yaml"\]' "$dir/report.json" || fail "the test document attaches nothing"
    for format in mbox text json; do
      run timeout 20 "$cli" report "$dir/report.json" --format "$format" --from 'T <t@example.org>'
      check_refused "perfmail: $dir/job.yaml: cannot read: it is a FIFO, not a file"
    done
    run timeout 20 "$cli" report "$examples/report.json" --attach "$dir/job.yaml" --format mbox --from 'T <t@example.org>'
    check_refused "perfmail: $dir/job.yaml: cannot read: it is a FIFO, not a file"
    ;;
  attach_device)  # a device, even one that would give bytes for ever, is no attachment
    mknod "$dir/zero" c 1 5 2>/dev/null || skip "mknod is not permitted here"
    run timeout 20 "$cli" report "$examples/report.json" --attach "$dir/zero" --format mbox --from 'T <t@example.org>'
    check_refused "perfmail: $dir/zero: cannot read: it is a character device, not a file"
    ;;
  attach_sparse)  # a 1 GiB file (sparse: no disk used) is refused by its size, before it is read
    truncate -s 1G "$dir/big.bin" || skip "truncate cannot make a sparse file here"
    for format in mbox text; do
      run timeout 20 "$cli" report "$examples/report.json" --attach "$dir/big.bin" --format "$format" --from 'T <t@example.org>'
      check_refused "perfmail: $dir/big.bin: file of 1073741824 bytes is larger than the attachment limit of 16777216 bytes"
    done
    # --max-input-size lowers the limit of an attachment too.
    head -c 5000 /dev/zero >"$dir/small.bin"
    run "$cli" --max-input-size 4k report "$examples/report.json" --attach "$dir/small.bin" --format mbox --from 'T <t@example.org>'
    check_refused "perfmail: $dir/small.bin: file of 5000 bytes is larger than the attachment limit of 4096 bytes"
    ;;
  attach_total)  # the attachments together are bounded, as a message is, the file that crosses it named,
                # and none is read past it; the same file twice, under any name, is attached once
    truncate -s 9M "$dir/a.bin" "$dir/b.bin" "$dir/c.bin" || skip "truncate cannot make a sparse file here"
    for format in mbox text; do
      run timeout 20 "$cli" report "$examples/report.json" --attach "$dir/a.bin" --attach "$dir/b.bin" \
        --attach "$dir/c.bin" --format "$format" --from 'T <t@example.org>'
      check_refused "perfmail: $dir/b.bin: the attachments come to 18874368 bytes with this file, more than the limit of 16777216 bytes for all of a message's attachments"
    done
    # A document's file and --attach's add up too.
    sed -e 's|"mail": {|"mail": {"attachments": ["a.bin"],|' \
        -e "s|\"base\": \"data/base\"|\"base\": \"$examples/data/base\"|" \
        -e "s|\"head\": \"data/head\"|\"head\": \"$examples/data/head\"|" \
        "$examples/report.json" >"$dir/report.json"
    run timeout 20 "$cli" report "$dir/report.json" --attach "$dir/c.bin" --format mbox --from 'T <t@example.org>'
    check_refused "perfmail: $dir/c.bin: the attachments come to 18874368 bytes with this file, more than the limit of 16777216 bytes for all of a message's attachments"
    # Up to the limit, the files are attached.
    truncate -s 7M "$dir/d.bin" || fail "cannot make d.bin"
    run timeout 20 "$cli" report "$examples/report.json" --attach "$dir/a.bin" --attach "$dir/d.bin" --format text --from 'T <t@example.org>'
    check_ok
    run timeout 20 "$cli" report "$examples/report.json" --attach "$dir/a.bin" --attach "$dir/d.bin" --format mbox --from 'T <t@example.org>'
    check_ok
    check_stdout_has 'filename="d.bin"'
    # The same file twice: by the same name, by another path, and the document's file again by --attach.
    echo 'a: 1' >"$dir/job.yaml"
    run "$cli" report "$examples/report.json" --attach "$dir/job.yaml" --attach "$dir/job.yaml" --format mbox --from 'T <t@example.org>'
    check_refused "perfmail: $dir/job.yaml: attached twice"
    run "$cli" report "$examples/report.json" --attach "$dir/job.yaml" --attach "$dir/./job.yaml" --format text --from 'T <t@example.org>'
    check_refused "perfmail: $dir/./job.yaml: attached twice (the same file as $dir/job.yaml)"
    run "$cli" report "$dir/report.json" --attach "$dir/a.bin" --format text --from 'T <t@example.org>'
    check_refused "perfmail: $dir/a.bin: attached twice"
    ;;
  attach_missing_here)  # a document in the working directory, named without a directory, whose attachment
                       # is missing: "no such file", as for ./jobdoc.json, not "outside its directory"
    sed -e 's|"mail": {|"mail": {"attachments": ["job.yaml"],|' \
        -e "s|\"base\": \"data/base\"|\"base\": \"$examples/data/base\"|" \
        -e "s|\"head\": \"data/head\"|\"head\": \"$examples/data/head\"|" \
        "$examples/report.json" >"$dir/jobdoc.json"
    for document in jobdoc.json ./jobdoc.json; do
      attachment=job.yaml
      [ "$document" = ./jobdoc.json ] && attachment=./job.yaml
      for format in text mbox; do
        run sh -c "cd \"$dir\" && exec \"$cli\" report $document --format $format --from 'T <t@example.org>'"
        check_refused "perfmail: $attachment: no such file"
      done
    done
    # Present, it is attached; one outside the directory is still refused.
    echo 'a: 1' >"$dir/job.yaml"
    run sh -c "cd \"$dir\" && exec \"$cli\" report jobdoc.json --format mbox --from 'T <t@example.org>'"
    check_ok
    check_stdout_has 'filename="job.yaml"'
    sed 's|"attachments": \["job.yaml"\]|"attachments": ["../job.yaml"]|' "$dir/jobdoc.json" >"$dir/outside.json"
    run sh -c "cd \"$dir\" && exec \"$cli\" report outside.json --format text"
    [ "$status" -eq 2 ] && grep -q "must be a file in the document's directory or below it" "$dir/err" ||
      fail "an attachment outside the directory was not refused: [$(cat "$dir/err")]"
    ;;
  attach_stdin_document)  # a document from standard input attaches nothing itself, not even a file of the
                          # working directory; --attach still attaches what the user names
    echo 'a private key' >"$dir/id_ed25519"
    printf '{"mail": {"attachments": ["id_ed25519"]}, "dialect": "classic", "commit": {"id": "e932fd3f1772", "subject": "s"}, "base_commit": {"id": "2b837027cdc6"}, "test": {"name": "fio-basic"}, "results": {"base": "%s", "head": "%s"}}\n' \
      "$examples/data/base" "$examples/data/head" >"$dir/report.json"
    for format in mbox text; do
      run sh -c "cd \"$dir\" && exec \"$cli\" report - --format $format --from 'T <t@example.org>' < report.json"
      check_refused "perfmail: <stdin>:1:26: mail.attachments: a document read from standard input has no directory of its own and attaches no files; name them with --attach"
    done
    sed 's/"attachments": \["id_ed25519"\]//' "$dir/report.json" >"$dir/plain.json"
    run sh -c "cd \"$dir\" && exec \"$cli\" report - --format mbox --from 'T <t@example.org>' --attach id_ed25519 < plain.json"
    check_ok
    check_stdout_has 'Content-Disposition: attachment; filename="id_ed25519"'
    ;;
  attach_names)  # an --attach name that no file can have, or none, is blamed on the option
    run "$cli" report "$examples/report.json" --attach ''
    check_refused "perfmail: --attach: an empty name: give the file to attach (see --help)"
    run "$cli" report "$examples/report.json" --attach "$(printf 'job\nyaml')"
    check_refused 'perfmail: --attach: "job\x0Ayaml": not one line of UTF-8 (byte 4) (see --help)'
    ;;
  empty_pipe)  # a command that printed nothing is named as such, not as an empty file
    run sh -c "true | \"$cli\" summary -"
    check_refused "perfmail: <stdin>: nothing to read: the command writing to standard input printed nothing"
    run sh -c "true | \"$cli\" report -"
    check_refused "perfmail: <stdin>: nothing to read: the command writing to standard input printed nothing"
    run sh -c "true | \"$cli\" history --csv -"
    check_refused "perfmail: <stdin>: nothing to read: the command writing to standard input printed nothing"
    run sh -c "\"$cli\" summary - < /dev/null"
    check_refused "perfmail: <stdin>: nothing to read: standard input is empty"
    mkfifo "$dir/fifo" || skip "mkfifo is not permitted here"
    (: >"$dir/fifo") &
    run "$cli" summary "$dir/fifo"
    wait
    check_refused "perfmail: $dir/fifo: nothing to read: the command writing to this pipe printed nothing"
    ;;
  *)
    fail "no such case"
    ;;
esac
exit 0
