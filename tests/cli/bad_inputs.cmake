# The catalogue of bad inputs: each gets exit status 2, one line on stderr naming the file, the place and
# the problem, and nothing on stdout. Inputs are in tests/data/bad-inputs/.
set(bad ${PROJECT_SOURCE_DIR}/tests/data/bad-inputs)

function(perfmail_bad_input name args expected)
  perfmail_expect_failure(cli.bad_input.${name} "${args}" "${expected}" bad-input)
endfunction()

perfmail_bad_input(missing_file "summary;${bad}/no-such-file.json" "no-such-file.json: no such file")
perfmail_bad_input(empty_file "summary;${bad}/empty.json" "empty.json: no JSON value (the file is empty)")
perfmail_bad_input(truncated "summary;${bad}/truncated.json" "truncated.json:1:25: truncated JSON")
perfmail_bad_input(top_level_array "summary;${bad}/top_level_array.json"
  "top_level_array.json:1:1: the top level is not a JSON object")
perfmail_bad_input(value_string "summary;${bad}/value_string.json"
  "value_string.json:2:21: metric \"fio.write_iops\" is not an array of samples")
perfmail_bad_input(value_object "summary;${bad}/value_object.json"
  "value_object.json:2:21: metric \"fio.write_iops\" is not an array of samples")
perfmail_bad_input(value_true "summary;${bad}/value_true.json"
  "value_true.json:2:21: metric \"fio.write_iops\" is not an array of samples")
perfmail_bad_input(nan "summary;${bad}/nan.json" "nan.json:1:24: \"NaN\" is not a JSON number (JSON has no NaN or infinities)")
perfmail_bad_input(infinity "summary;${bad}/infinity.json" "infinity.json:1:24: \"Infinity\" is not a JSON number")
perfmail_bad_input(huge_exponent "summary;${bad}/huge_exponent.json"
  "huge_exponent.json:1:24: a number beyond the range of a double: \"1e400\"")
perfmail_bad_input(negative_count "summary;${bad}/negative_count.json"
  "negative_count.json:1:20: metric \"dmesg.oops\": a failure count is negative")
perfmail_bad_input(negative_stats_source "summary;${bad}/negative_stats_source.json"
  "negative_stats_source.json:1:44: stats_source must be an array of file names")
perfmail_bad_input(stats_source_short "summary;${bad}/stats_source_short.json"
  "stats_source_short.json: metric \"fio.write_iops\": has 3 samples but stats_source lists 2 runs")
perfmail_bad_input(stats_source_long "summary;${bad}/stats_source_long.json"
  "stats_source_long.json: metric \"fio.write_iops\": has 2 samples but stats_source lists 3 runs")
perfmail_bad_input(report_huge_number "report;${bad}/report_huge_number.json"
  "report_huge_number.json:7:71: a number beyond the range of a double: \"1e400\"")
perfmail_bad_input(long_name "summary;${bad}/long_name.json"
  "long_name.json:1:10246: a metric name of 10240 bytes, longer than the limit of 4096")
perfmail_bad_input(invalid_utf8 "summary;${bad}/invalid_utf8.json" "invalid_utf8.json:1:12: text that is not valid UTF-8")
perfmail_bad_input(control_in_name "summary;${bad}/control_in_name.json"
  "control_in_name.json:1:50: a metric name holding a control character")
perfmail_bad_input(plot_12abc "plot;--good;${bad}/plot_12abc.txt" "plot_12abc.txt:3:1: not a number: \"12abc\"")
perfmail_bad_input(no_common_metric
  "report;${PROJECT_SOURCE_DIR}/tests/data/reports/no_common_metric.json"
  "other_metrics.json has no metric in common with")

# A million runs of one metric: generated at test time (a 6.9 MB file is not worth storing).
add_test(NAME cli.bad_input.million_runs
  COMMAND sh -c "seq -s, 1 1000000 | sed 's/^/{\"fio.write_iops\": [/; s/$/]}/' > \"$2\" && exec \"${CMAKE_COMMAND}\" -DCLI=\"$1\" -DEXPECT_STATUS=2 \"-DEXPECT_STDERR=metric \\\"fio.write_iops\\\" has more than 100000 samples\" \"-DARGS=summary;$2\" -P \"$3\""
    sh ${cli} ${CMAKE_CURRENT_BINARY_DIR}/million_runs.json ${CMAKE_CURRENT_SOURCE_DIR}/expect_failure.cmake)
set_tests_properties(cli.bad_input.million_runs PROPERTIES LABELS "bad-input")

# A bad file after a good one: still nothing on stdout (summary prints only once every file has loaded).
perfmail_bad_input(second_file_bad "summary;${PROJECT_SOURCE_DIR}/examples/data/base/matrix.json;${bad}/truncated.json"
  "truncated.json:1:25: truncated JSON")
