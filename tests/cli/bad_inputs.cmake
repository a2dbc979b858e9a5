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

# --- Trust (docs/RELIABILITY.md, "Trust"): one group of cases per class of input that once gave a wrong
# number, lost output or a damaged file. Mail headers and output writes have their own cases (check_mbox.py,
# output_cases.sh); the filesystem and terminal cases are in input_cases.sh below.
set(reports ${PROJECT_SOURCE_DIR}/tests/data/reports)

# 1. Numbers follow JSON's grammar exactly, in every input: never read as the number they start with.
perfmail_bad_input(number_hex "summary;${bad}/hex_number.json" "hex_number.json:1:21: not a JSON number: \"0x4000\"")
perfmail_bad_input(number_leading_zero "summary;${bad}/leading_zero.json"
  "leading_zero.json:1:21: not a JSON number: \"0123\"")
perfmail_bad_input(number_junk "summary;${bad}/number_junk.json" "number_junk.json:1:21: not a JSON number: \"123abc\"")
perfmail_bad_input(number_word "summary;${bad}/number_word.json" "number_word.json:1:21: not a JSON number: \"1true\"")
perfmail_bad_input(number_stats_json "summary;${bad}/stats_bad_number"
  "stats_bad_number/0/stats.json:1:20: not a JSON number: \"0123\"")
perfmail_bad_input(number_inline_matrix "report;${reports}/inline_bad_number.json"
  "inline_bad_number.json:49:9: not a JSON number: \"0123\"")
perfmail_bad_input(number_plot_hex "plot;--good;${bad}/plot_hex.txt" "plot_hex.txt:2:1: not a number: \"0x10\"")
perfmail_bad_input(number_plot_plus "plot;--good;${bad}/plot_plus.txt" "plot_plus.txt:1:4: not a number: \"+2\"")

# 2. No infinity or NaN reaches output: finite where the true value is a double, refused where it is not.
add_test(NAME cli.trust.overflow_summary COMMAND ${cli} summary ${bad}/overflow_mean.json)
set_tests_properties(cli.trust.overflow_summary PROPERTIES LABELS "bad-input"
  PASS_REGULAR_EXPRESSION "fio.write_iops     2       1.55e\\+308      3.2%        1.5e\\+308       1.55e\\+308        1.6e\\+308"
  FAIL_REGULAR_EXPRESSION "inf|nan|Inf|NaN")
add_test(NAME cli.trust.overflow_compare
  COMMAND ${cli} compare ${bad}/overflow_relative_base.json ${bad}/overflow_relative_head.json --all)
set_tests_properties(cli.trust.overflow_compare PROPERTIES LABELS "bad-input"
  PASS_REGULAR_EXPRESSION " 1.25e\\+308 ± 20%    -200.0% -1.25e\\+308        fio.write_iops"
  FAIL_REGULAR_EXPRESSION "inf|nan|Inf|NaN")
perfmail_bad_input(overflow_refused "compare;${bad}/overflow_base.json;${bad}/overflow_head.json;--all"
  "metric \"perf-profile.self.cycles-pp.x\": the change of the mean is beyond the range of a double")
# The JSON refuses what the table refuses: the change it prints for perf-profile.self.cycles-pp.x, an
# absolute 3e308. The difference of the means, which no table prints for fio.write_iops (-2.5e308), is
# null in the JSON, so that it answers where the text does.
perfmail_bad_input(overflow_refused_json "compare;${bad}/overflow_base.json;${bad}/overflow_head.json;--format;json"
  "metric \"perf-profile.self.cycles-pp.x\": the change of the mean is beyond the range of a double")
add_test(NAME cli.trust.overflow_compare_json
  COMMAND ${cli} compare ${bad}/overflow_relative_base.json ${bad}/overflow_relative_head.json --format json)
set_tests_properties(cli.trust.overflow_compare_json PROPERTIES LABELS "bad-input"
  PASS_REGULAR_EXPRESSION "\"relative_percent\": -200.0,\n *\"absolute\": null,\n *\"printed\": \"-200.0%\""
  FAIL_REGULAR_EXPRESSION "inf|nan|Inf|NaN")

# 3. Limits hold on every path, and limits themselves are checked.
perfmail_bad_input(limit_named_file "--max-input-size;1500;report;${examples}/report.json"
  "examples/data/base/matrix.json: file of 1699 bytes is larger than the limit of 1500 bytes")
perfmail_bad_input(limit_inline_runs "--max-runs;4;report;${reports}/inline_runs.json"
  "inline_runs.json:46:25: metric \"fio.write_iops\" has more than 4 samples (the limit of runs)")
perfmail_bad_input(limit_plot_samples_in_report "--max-runs;6;report;${reports}/plot_samples_runs.json"
  "plot_samples_runs.json:50:17: plots.samples.fio.write_iops.good: more than 6 samples (the limit of runs)")
perfmail_bad_input(limit_negative "--max-input-size;-1;summary;${bad}/hex_number.json"
  "--max-input-size: \"-1\" is not a size")
perfmail_bad_input(limit_zero "--max-runs;0;summary;${bad}/hex_number.json" "--max-runs: \"0\" is not a limit: it must be at least 1")
perfmail_bad_input(limit_absurd
  "--max-input-size;99999999999999999999999999999999999999999999999999999999999999;summary;${bad}/hex_number.json"
  "--max-input-size: \"9999999999999999999999999999999999999999...\" is more than the largest limit accepted")
perfmail_bad_input(limit_exponent "--max-runs;1e309;summary;${bad}/hex_number.json" "--max-runs: \"1e309\" is not a whole number")

# 4. No recursion can crash: a matrix nested 100,000 arrays deep inside a report document (generated).
add_test(NAME cli.bad_input.deep_inline_matrix
  COMMAND sh -c "{ printf '{\"dialect\": \"classic\", \"results\": {\"base\": {\"m\": [1]}, \"head\": {\"m\": '; printf '%100000s' '' | tr ' ' '['; printf '%100000s' '' | tr ' ' ']'; printf '}}}'; } > \"$2\" && exec \"${CMAKE_COMMAND}\" -DCLI=\"$1\" -DEXPECT_STATUS=2 \"-DEXPECT_STDERR=deep.json:1:131: JSON nested more than 64 levels deep\" \"-DARGS=report;$2\" -P \"$3\""
    sh ${cli} ${CMAKE_CURRENT_BINARY_DIR}/deep.json ${CMAKE_CURRENT_SOURCE_DIR}/expect_failure.cmake)
set_tests_properties(cli.bad_input.deep_inline_matrix PROPERTIES LABELS "bad-input")

# 9. Report documents are strict: keys twice, unknown keys, missing metrics, ranges, with the field's path.
perfmail_bad_input(report_duplicate_key "report;${reports}/duplicate_key.json"
  "duplicate_key.json:3:3: dialect: the key appears twice (first at 2:3)")
perfmail_bad_input(report_unknown_key "report;${reports}/unknown_key_nearest.json"
  "unknown_key_nearest.json:43:5: table.plicy: unknown field; the nearest known field is \"policy\"")
perfmail_bad_input(report_missing_row "report;${reports}/row_missing_metric.json"
  "row_missing_metric.json:45:7: table.rows[1]: no results have the metric \"fio.write_ipos\"")
perfmail_bad_input(report_missing_headline "report;${reports}/headline_missing_metric.json"
  "headline_missing_metric.json:51:15: headline.metric: no results have the metric \"fio.write_bw_MBPS\"")
perfmail_bad_input(report_samples_unlisted "report;${reports}/samples_unlisted.json"
  "samples_unlisted.json:49:7: plots.samples.fio.write_bw_MBps: samples for a metric that plots.metrics does not list")
perfmail_bad_input(report_plot_width "report;${reports}/plot_width_small.json"
  "plot_width_small.json:49:14: plots.width: 1 is below 32")
perfmail_bad_input(report_alpha "report;${reports}/alpha_range.json" "alpha_range.json:43:14: table.alpha: 2 is not below 1")

# 10. Messages say what is wrong where it is wrong, and quote at most 40 characters of input.
perfmail_bad_input(json_trailing_comma "summary;${bad}/trailing_comma.json"
  "trailing_comma.json:2:29: a trailing comma before '}'")
perfmail_bad_input(json_missing_comma "summary;${bad}/missing_comma.json" "missing_comma.json:2:2: a missing comma before '\"'")
perfmail_bad_input(json_single_quotes "summary;${bad}/single_quotes.json"
  "single_quotes.json:1:2: an object key in single quotes; JSON strings use double quotes")
perfmail_bad_input(json_unquoted_key "summary;${bad}/unquoted_key.json"
  "unquoted_key.json:1:2: an object key that is not a string: \"fio.write_iops\"")
perfmail_bad_input(json_misspelt_null "summary;${bad}/misspelt_null.json"
  "misspelt_null.json:1:24: a misspelt true, false or null: \"nul\"")
perfmail_bad_input(json_nan "summary;${bad}/nan_in_array.json"
  "nan_in_array.json:1:24: \"NaN\" is not a JSON number (JSON has no NaN or infinities)")
perfmail_bad_input(json_bom "summary;${bad}/bom.json" "bom.json:1:1: a byte-order mark (U+FEFF) before the JSON value")
perfmail_bad_input(json_utf16 "summary;${bad}/utf16.json" "utf16.json:1:1: text in UTF-16 or UTF-32; JSON text must be UTF-8")
add_test(NAME cli.bad_input.long_token
  COMMAND sh -c "{ printf '{\"m\": [1, x'; printf '%2000000s' '' | tr ' ' '7'; printf ']}'; } > \"$2\" && \"$1\" summary \"$2\" > \"$2.out\" 2> \"$2.err\"; test $? -eq 2 && test ! -s \"$2.out\" && test $(wc -c < \"$2.err\") -lt 300 && grep -q 'long_token.json:1:11: an unquoted word \"x777777777777777777777777777777777777777...\" where a value was expected' \"$2.err\""
    sh ${cli} ${CMAKE_CURRENT_BINARY_DIR}/long_token.json)
set_tests_properties(cli.bad_input.long_token PROPERTIES LABELS "bad-input")

# --- Attachments (docs/RELIABILITY.md, class 16): a file the message names is read, or refused, in every
# format, since every format's body says whether the job file is attached. FIFOs, devices, a 1 GiB sparse
# file, a document from standard input and names no option can take are in input_cases.sh (attach_*).
foreach(format text mbox json)
  perfmail_bad_input(attach_missing_${format}
    "report;${bad}/attach_missing.json;--format;${format};--from;Perfmail Test <perfmail-test@example.org>"
    "bad-inputs/nowhere/job.yaml: no such file")
  perfmail_bad_input(attach_option_missing_${format}
    "report;${examples}/report.json;--attach;nowhere/job.yaml;--format;${format};--from;Perfmail Test <perfmail-test@example.org>"
    "perfmail: nowhere/job.yaml: no such file")
endforeach()
perfmail_bad_input(attach_directory "report;${examples}/report.json;--attach;${bad}/stats_bad_number"
  "stats_bad_number: cannot read: it is a directory, not a file")
perfmail_bad_input(attach_directory_slash "report;${examples}/report.json;--attach;somewhere/"
  "--attach: \"somewhere/\": names a directory, not a file")
perfmail_bad_input(attach_standard_input "report;${examples}/report.json;--attach;-"
  "--attach: \"-\": standard input cannot be attached; name a file (./- for a file called -)")

# --- Messages that say what is wrong in the user's words.
# Text in UTF-16 (Excel's "Unicode text"), with and without a byte-order mark: named, with the way out.
perfmail_bad_input(history_csv_utf16 "history;--csv;${bad}/utf16_history.csv"
  "utf16_history.csv:1:1: text in UTF-16 (byte-order mark FF FE); the text must be UTF-8: convert it, e.g. with iconv -f UTF-16 -t UTF-8")
perfmail_bad_input(csv_utf16_no_mark "compare;--input-format;csv;${bad}/utf16_results.csv;${bad}/utf16_results.csv"
  "utf16_results.csv:1:2: a NUL byte, as in text in UTF-16 or UTF-32; the text must be UTF-8")
# The same files, their format left to detection: they are not JSON, and are not called JSON (a file
# named .json keeps the JSON reader's words, as empty_file and json_utf16 above).
perfmail_bad_input(detected_utf16_mark "compare;${bad}/utf16_mark_results.csv;${bad}/utf16_mark_results.csv"
  "utf16_mark_results.csv:1:1: text in UTF-16 (byte-order mark FF FE); the text must be UTF-8: convert it, e.g. with iconv -f UTF-16 -t UTF-8")
perfmail_bad_input(detected_utf16_no_mark "compare;${bad}/utf16_results.csv;${bad}/utf16_results.csv"
  "utf16_results.csv:1:2: a NUL byte, as in text in UTF-16 or UTF-32; the text must be UTF-8")
perfmail_bad_input(detected_empty "summary;${bad}/empty.txt" "perfmail: ${bad}/empty.txt: the file is empty")
perfmail_bad_input(detected_blank "summary;${bad}/blank.txt" "perfmail: ${bad}/blank.txt: the file holds nothing but white space")
# Two patterns after one --metrics: the second is not taken for a missing results file.
perfmail_bad_input(metrics_two_patterns_compare "compare;${examples}/data/base;${examples}/data/head;--metrics;lat*;thr*"
  "\"thr*\": no such results file, and it reads as a pattern: --metrics takes one pattern each time it is given, so repeat the option (--metrics \"lat*\" --metrics \"thr*\")")
perfmail_bad_input(metrics_two_patterns_history "history;${examples}/data/base;${examples}/data/head;--metrics;lat*;thr*"
  "\"thr*\": no such results file, and it reads as a pattern: --metrics takes one pattern each time it is given")
perfmail_bad_input(higher_two_patterns "compare;${examples}/data/base;${examples}/data/head;--higher-is-better;lat*;/thr/"
  "\"/thr/\": no such results file, and it reads as a pattern: --higher-is-better takes one pattern each time")
# A help topic in capitals, or mistyped and in capitals.
perfmail_bad_input(help_topic_capitals "help;COMMITS" "unknown command or topic \"COMMITS\"; did you mean \"commits\"?")
perfmail_bad_input(help_topic_capitals_typo "help;Comits" "unknown command or topic \"Comits\"; did you mean \"commits\"?")
perfmail_bad_input(command_capitals "COMPARE" "unknown command \"COMPARE\"; did you mean \"compare\"?")
