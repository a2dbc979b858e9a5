# perfmail plot from pipes and lone files, from two result sets with --metric, with legend labels
# (tests/cli/plot_cases.py says what each case checks).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  foreach(case IN ITEMS pipe dash file several_per_line pipe_errors terminal_stdin terminal_fits metric metric_missing_runs
                        metric_errors results labels extremes)
    add_test(NAME cli.plot.cases.${case}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/plot_cases.py ${cli}
        ${PROJECT_SOURCE_DIR}/examples/data ${CMAKE_CURRENT_BINARY_DIR}/plot-cases/${case} ${case})
    set_tests_properties(cli.plot.cases.${case} PROPERTIES LABELS "cli;plot" TIMEOUT 60)
  endforeach()
endif()
