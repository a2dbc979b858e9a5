# Help that finds you (docs/CLI.md): suggestions for a mistyped command or option, `perfmail help`,
# --version, the man pages (groff finds nothing to warn of) and the bash, zsh and fish completions,
# each checked against what the tool's own --help lists (tests/cli/help_cases.py).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  set(help_share ${PERFMAIL_MANUAL_DIR})
  if(NOT help_share)
    set(help_share ${PROJECT_BINARY_DIR}/src/cli/share)
  endif()
  foreach(case IN ITEMS suggestions help widths topics metric_names version man bash zsh fish)
    # The completion cases need their shell: a test to be skipped says so in its name (CTest's summary).
    set(test cli.help.${case})
    if(case MATCHES "^(bash|zsh|fish)$")
      find_program(PERFMAIL_SHELL_${case} ${case})
      if(NOT PERFMAIL_SHELL_${case})
        set(test "cli.help.${case}: skipped, ${case} is not installed")
      endif()
    endif()
    add_test(NAME ${test}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/help_cases.py ${case}
        --perfmail ${cli} --share ${help_share} --examples ${PROJECT_SOURCE_DIR}/examples)
    set_tests_properties(${test} PROPERTIES LABELS "help" SKIP_RETURN_CODE 77 TIMEOUT 120)
  endforeach()
endif()

# `help plot` names what --good and --bad take: a file (or - for stdin), not the numbers themselves.
add_test(NAME cli.help.plot_sample_files COMMAND ${cli} help plot)
set_tests_properties(cli.help.plot_sample_files PROPERTIES LABELS "help"
  PASS_REGULAR_EXPRESSION "--good FILE +file of the bisect-good \\(base\\) samples.*--bad FILE +file of the bisect-bad"
  FAIL_REGULAR_EXPRESSION "--(good|bad) TEXT")

# This build tree installed (`cmake --install`): the tool, the man pages and the completions in their
# places under the prefix (tests/package/install_tree.cmake).
add_test(NAME package.install_tree
  COMMAND ${CMAKE_COMMAND} -DBUILD_DIR=${PROJECT_BINARY_DIR} -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/install-tree
    -P ${PROJECT_SOURCE_DIR}/tests/package/install_tree.cmake)
set_tests_properties(package.install_tree PROPERTIES LABELS "package" TIMEOUT 300)
