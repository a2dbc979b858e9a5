# Results of other benchmark tools (docs/INPUTS.md): a golden comparison of each bundled example pair,
# bad input of every format (one line `FILE:LINE:COL: problem`, exit 2, nothing on stdout), detection
# and --input-format, and the verdicts (--fail-on) on imported results.
set(inputs ${PROJECT_SOURCE_DIR}/examples/inputs)
set(bad_inputs ${PROJECT_SOURCE_DIR}/tests/data/inputs)
set(inputs_golden ${PROJECT_SOURCE_DIR}/tests/golden)

foreach(pair IN ITEMS "gbench=json" "hyperfine=json" "go=txt" "pytest=json" "csv=csv" "tsv=tsv" "numbers=txt")
  string(REPLACE "=" ";" pair "${pair}")
  list(GET pair 0 format)
  list(GET pair 1 ext)
  add_test(NAME cli.inputs.golden.${format}
    COMMAND ${CMAKE_COMMAND} -DCLI=${cli} -DGOLDEN=${inputs_golden}/inputs_${format}.txt
      "-DARGS=compare;${inputs}/${format}/base.${ext};${inputs}/${format}/head.${ext}"
      -P ${CMAKE_CURRENT_SOURCE_DIR}/compare_golden.cmake)
  # The format given agrees with the format detected.
  add_test(NAME cli.inputs.given.${format}
    COMMAND ${CMAKE_COMMAND} -DCLI=${cli} -DGOLDEN=${inputs_golden}/inputs_${format}.txt
      "-DARGS=--input-format;${format};compare;${inputs}/${format}/base.${ext};${inputs}/${format}/head.${ext}"
      -P ${CMAKE_CURRENT_SOURCE_DIR}/compare_golden.cmake)
endforeach()

# perfmail_inputs_bad(NAME FILE EXPECTED [ARGS...]): `[ARGS...] compare FILE FILE` fails with exit 2 and
# one stderr line containing EXPECTED (which names the file and place).
function(perfmail_inputs_bad name file expected)
  perfmail_expect_failure(cli.inputs.bad.${name} "${ARGN};compare;${bad_inputs}/${file};${bad_inputs}/${file}"
    "${expected}" bad-input)
endfunction()

foreach(case IN ITEMS
    "gbench.string_time|gbench_string_time.json|gbench_string_time.json:1:87: benchmarks[0].real_time is a string; expected a number"
    "gbench.time_unit|gbench_time_unit.json|gbench_time_unit.json:1:118: benchmarks[0].time_unit is \"fortnights\""
    "gbench.repetition_twice|gbench_repetition_twice.json|gbench_repetition_twice.json:2:80: metric \"BM_A.real_time\": run 1 has a second sample"
    "gbench.trailing_comma|gbench_trailing_comma.json|gbench_trailing_comma.json:1:78: a trailing comma before '}'"
    "hyperfine.string_time|hyperfine_string_time.json|hyperfine_string_time.json:1:61: results[0].times[2] is a string"
    "hyperfine.exit_codes|hyperfine_exit_codes.json|hyperfine_exit_codes.json:1:76: results[0].exit_codes lists 1 codes for 2 times"
    "hyperfine.command_twice|hyperfine_command_twice.json|hyperfine_command_twice.json:1:68: results[1]: the command \"sleep 1\" is listed twice"
    "pytest.no_data|pytest_no_data.json|pytest_no_data.json:1:65: benchmarks[0].stats has no \"data\": the per-round times are saved only with pytest --benchmark-save-data"
    "pytest.null_round|pytest_null_round.json|pytest_null_round.json:1:80: benchmarks[0].stats.data[1] is null"
    "go.hex_value|go_hex_value.txt|go_hex_value.txt:3:23: not a number: \"0x10\""
    "go.missing_unit|go_missing_unit.txt|go_missing_unit.txt:1:36: \"64\" has no unit after it"
    "go.bad_iterations|go_bad_iterations.txt|go_bad_iterations.txt:1:16: expected the iteration count"
    "csv.bad_number|csv_bad_number.csv|csv_bad_number.csv:3:13: not a number: \"1.5abc\""
    "csv.run_twice|csv_run_twice.csv|csv_run_twice.csv:3:1: metric \"x.seconds\" has a second sample for run \"1\""
    "csv.open_quote|csv_open_quote.csv|csv_open_quote.csv:2:1: a quoted field is not closed"
    "csv.short_row|csv_short_row.csv|csv_short_row.csv:2:1: a row of 2 fields; the header has 3"
    "csv.quote_inside|csv_quote_inside.csv|csv_quote_inside.csv:2:6: a quote inside a field"
    "csv.control_name|csv_control_name.csv|csv_control_name.csv:2:1: a metric name holding a control character (U+001B)"
    # Input whose runs are so sparse that padding them would cost far more memory than the file holds.
    "csv.sparse|csv_sparse.csv|: the runs are too sparse: "
    "tsv.plus_sign|tsv_plus_sign.tsv|tsv_plus_sign.tsv:2:13: not a number: \"+1.5\""
    "numbers.bad|numbers_bad.txt|numbers_bad.txt:3:1: not a number: \".5\""
    "numbers.out_of_range|numbers_out_of_range.txt|numbers_out_of_range.txt:2:1: a number beyond the range of a double"
    "detect.gbench_or_pytest|ambiguous_gbench_pytest.json|ambiguous_gbench_pytest.json: the format is ambiguous: it could be gbench (Google Benchmark JSON) or pytest"
    "detect.csv_or_go|ambiguous_csv_go.csv|ambiguous_csv_go.csv: the format is ambiguous: it could be csv or go"
    "detect.unknown_text|unknown.txt|unknown.txt: no format perfmail reads"
    "detect.unknown_json|unknown.json|unknown.json:1:1: a JSON object of no format perfmail reads"
    "hyperfine.exit_code_fraction|hyperfine_exit_code_fraction.json|hyperfine_exit_code_fraction.json:1:78: results[0].exit_codes[1] is \"1.5\"; expected an exit code (a whole number)"
    "gbench.aggregates_only|gbench_aggregates_only.json|gbench_aggregates_only.json:3:17: \"benchmarks\" holds only aggregates (mean, median, stddev), no repetition: written with --benchmark_report_aggregates_only"
    "go.status_unknown|go_status_unknown.txt|go_status_unknown.txt:4:17: expected the iteration count, or `--- FAIL:`, after the benchmark name, not \"--- PASS: BenchmarkB-2\""
    # A byte-order mark is passed over, and never printed: the place counts its bytes.
    "csv.bom_bad|csv_bom_bad.csv|csv_bom_bad.csv:2:25: not a number: \"2.41x\"")
  # NAME|FILE|EXPECTED, where EXPECTED may hold `;` (no list splitting).
  string(REGEX MATCH "^([^|]*)\\|([^|]*)\\|(.*)$" fields "${case}")
  perfmail_inputs_bad(${CMAKE_MATCH_1} ${CMAKE_MATCH_2} "${CMAKE_MATCH_3}")
endforeach()
perfmail_inputs_bad(numbers.given numbers_bad.txt "numbers_bad.txt:3:1: not a number" --input-format numbers)
# The format given is obeyed, not second-guessed.
perfmail_inputs_bad(given.wrong_format ambiguous_gbench_pytest.json
  "ambiguous_gbench_pytest.json: no samples: \"benchmarks\" lists no run" --input-format gbench)

perfmail_expect_failure(cli.inputs.bad.limits.max_runs
  "--max-runs;3;compare;${inputs}/go/base.txt;${inputs}/go/head.txt"
  "base.txt:8:37: metric \"BenchmarkDecode-8.ns/op\" has more than 3 samples" bad-input)
perfmail_expect_failure(cli.inputs.bad.limits.max_input_size
  "--max-input-size;100;compare;${inputs}/gbench/base.json;${inputs}/gbench/head.json"
  "larger than the limit of 100 bytes" bad-input)
perfmail_expect_failure(cli.inputs.bad.directory_with_format
  "--input-format;go;compare;${examples}/data/base;${examples}/data/head"
  "a directory holds the robot's results; --input-format go reads a file" bad-input)
perfmail_expect_failure(cli.inputs.bad.unknown_format_name
  "--input-format;yaml;compare;${inputs}/go/base.txt;${inputs}/go/head.txt" "--input-format" bad-input)

# Verdicts on imported results: the unit's direction reaches --fail-on and the summary line, and a
# caller's --higher-is-better comes first. The robot's rule judges them here: the bundled Google Benchmark
# pair has 3 runs a side, too few for the exact test to select anything after the correction.
perfmail_run_test(cli.inputs.fail_on.gbench STATUS 1 CONTAINS "3 regressions, 6 unchanged"
  ARGS compare ${inputs}/gbench/base.json ${inputs}/gbench/head.json --policy robot --fail-on regression)
perfmail_run_test(cli.inputs.fail_on.go_improvements CONTAINS "4 improvements, 4 unchanged"
  ARGS compare ${inputs}/go/base.txt ${inputs}/go/head.txt --policy robot --fail-on regression)
perfmail_run_test(cli.inputs.caller_rule_first STATUS 1 CONTAINS "1 regression, 3 improvements, 4 unchanged"
  ARGS compare ${inputs}/go/base.txt ${inputs}/go/head.txt --policy robot --higher-is-better BenchmarkDecode-8.B/op
    --fail-on regression)
perfmail_run_test(cli.inputs.summary.hyperfine CONTAINS "gzip -9 -c linux.tar.time"
  ARGS summary ${inputs}/hyperfine/base.json)
# Standard input is detected like a file.
perfmail_run_test(cli.inputs.stdin CONTAINS "BenchmarkEncode-8.allocs/op" INPUT ${inputs}/go/base.txt
  ARGS summary -)

# The CSV format given to a file with a byte-order mark (Excel's "CSV UTF-8"): read, the mark passed over.
perfmail_run_test(cli.inputs.bom.csv_given ARGS --input-format csv summary ${bad_inputs}/csv_bom.csv
  CONTAINS "sqlite.insert.seconds")
perfmail_inputs_bad(csv.bom_bad_given csv_bom_bad.csv "csv_bom_bad.csv:2:25: not a number: \"2.41x\"" --input-format csv)
# One benchmark under two architectures: two metrics, named with the configuration.
perfmail_run_test(cli.inputs.go.configurations ARGS summary ${bad_inputs}/go_two_arches.txt
  CONTAINS "goarch=amd64:BenchmarkCodec-2.ns/op" "goarch=arm64:BenchmarkCodec-2.ns/op")
# Files the real tools wrote: a failed benchmark is noted, with its file and line, and read as missing
# samples; the comparison goes on.
set(real_inputs ${PROJECT_SOURCE_DIR}/tests/data/inputs/real)
perfmail_run_test(cli.inputs.real.go_failed ARGS summary ${real_inputs}/go/head.txt
  CONTAINS "BenchmarkFlaky-2.ns/op" STDERR_LINES 1
  STDERR_CONTAINS "perfmail: note: ${real_inputs}/go/head.txt:35: \"BenchmarkFlaky-2\" failed (`--- FAIL`): no sample of it there")
perfmail_run_test(cli.inputs.real.go_json_failed ARGS summary ${real_inputs}/go-json/head.json
  CONTAINS "BenchmarkFlaky-2.ns/op" STDERR_LINES 1
  STDERR_CONTAINS "perfmail: note: ${real_inputs}/go-json/head.json:54: \"BenchmarkFlaky-2\" failed (`--- FAIL`)")
perfmail_run_test(cli.inputs.real.go_compare ARGS compare --format json ${real_inputs}/go/base.txt ${real_inputs}/go/head.txt
  CONTAINS "BenchmarkFlaky-2.ns/op" STDERR_LINES 1 STDERR_CONTAINS "head.txt:35: \"BenchmarkFlaky-2\" failed")
perfmail_run_test(cli.inputs.real.gbench_compare ARGS compare --format json ${real_inputs}/gbench/base.json ${real_inputs}/gbench/head.json
  CONTAINS "BM_Fail.real_time" STDERR_LINES 1 STDERR_CONTAINS "\"BM_Fail\" failed (error_occurred) in 10 repetitions")
perfmail_run_test(cli.inputs.real.hyperfine_compare ARGS compare --format json ${real_inputs}/hyperfine/base.json ${real_inputs}/hyperfine/head.json
  CONTAINS "fails.time" STDERR_LINES 2 STDERR_CONTAINS "\"fails\" failed (a non-zero exit code) in 10 of its 10 runs")
perfmail_run_test(cli.inputs.real.go_plot ARGS plot --metric BenchmarkFlaky-2.ns/op ${real_inputs}/go/base.txt ${real_inputs}/go/head.txt
  CONTAINS "BenchmarkFlaky-2.ns/op" STDERR_LINES 1 STDERR_CONTAINS "head.txt:35: \"BenchmarkFlaky-2\" failed")

# Other tools' results judged on their own terms (tests/cli/tool_cases.py on tests/data/tools).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  foreach(case IN ITEMS gone_new fail_on no_floor failed own_samples units header robot_table disjoint mixed details
                        many_rounds hyperfine_commands)
    add_test(NAME cli.tools.${case}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tool_cases.py ${cli}
        ${PROJECT_SOURCE_DIR}/tests/data/tools ${PROJECT_SOURCE_DIR}/examples/data/base ${case})
    set_tests_properties(cli.tools.${case} PROPERTIES LABELS "cli;inputs" TIMEOUT 60)
  endforeach()
endif()

# The default verdicts on the files the real tools wrote equal a statistician's, computed independently
# (tests/reference/real_inputs_reference.py), and the gates exit as they say.
if(Python3_Interpreter_FOUND)
  foreach(tool IN ITEMS gbench go go-json hyperfine pytest)
    add_test(NAME cli.inputs.real.verdicts.${tool}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/real_verdicts.py ${cli}
        ${PROJECT_SOURCE_DIR}/tests/data/inputs/real ${PROJECT_SOURCE_DIR}/tests/reference/real_inputs_reference.tsv
        ${tool})
    set_tests_properties(cli.inputs.real.verdicts.${tool} PROPERTIES LABELS "cli;inputs" TIMEOUT 60)
  endforeach()
endif()

# The same files on a screen: every line of the table fits 80 columns in a pipe (and --width 120), each
# table of two or more benchmarks has its geomean row, and Markdown and the JSON's `printed` give the
# text's change for every row.
if(Python3_Interpreter_FOUND)
  foreach(tool IN ITEMS gbench go go-json hyperfine pytest)
    add_test(NAME cli.inputs.real.screen.${tool}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/screen_tables.py ${cli}
        ${PROJECT_SOURCE_DIR}/tests/data/inputs/real ${tool})
    set_tests_properties(cli.inputs.real.screen.${tool} PROPERTIES LABELS "cli;inputs" TIMEOUT 60)
  endforeach()
endif()

# The README's library example on Google Benchmark files prints the command's verdicts: compare() with
# no options follows the conventions of the results as the command does.
if(Python3_Interpreter_FOUND AND TARGET readme_example)
  add_test(NAME cli.inputs.real.library_verdicts
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/library_verdicts.py $<TARGET_FILE:readme_example> ${cli}
      ${PROJECT_SOURCE_DIR}/tests/data/inputs/real/gbench/base.json ${PROJECT_SOURCE_DIR}/tests/data/inputs/real/gbench/head.json)
  set_tests_properties(cli.inputs.real.library_verdicts PROPERTIES LABELS "cli;inputs" TIMEOUT 60)
endif()
