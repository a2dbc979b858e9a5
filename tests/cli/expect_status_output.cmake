# Runs CLI with ARGS and checks: exit status EXPECT_STATUS, nothing on stderr, and stdout holding
# EXPECT_STDOUT.
include(${CMAKE_CURRENT_LIST_DIR}/checks.cmake)
execute_process(COMMAND ${CLI} ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
perfmail_check_status("${status}" "${EXPECT_STATUS}" "${err}")
if(NOT err STREQUAL "")
  message(FATAL_ERROR "unexpected stderr: ${err}")
endif()
string(FIND "${out}" "${EXPECT_STDOUT}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "stdout does not hold '${EXPECT_STDOUT}': ${out}")
endif()
