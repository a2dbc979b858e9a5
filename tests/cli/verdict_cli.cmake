# Verdicts, CI gating, choosing and ordering rows, Markdown and colour, refused options
# (tests/cli/verdict_cases.py on tests/data/verdicts).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  foreach(case IN ITEMS summary_line fail_on fail_on_output_file no_changes metrics only sort json markdown colour
                        ignored_options directions hostile_patterns report_headline report_fail_on
                        statistics_bugs)
    add_test(NAME cli.verdict.${case}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/verdict_cases.py ${cli}
        ${PROJECT_SOURCE_DIR}/tests/data/verdicts ${CMAKE_CURRENT_BINARY_DIR}/verdict-cases/${case} ${case})
    set_tests_properties(cli.verdict.${case} PROPERTIES LABELS "cli;verdict" TIMEOUT 60)
  endforeach()
endif()
