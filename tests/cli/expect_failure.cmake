# Runs CLI with ARGS and checks: exit status EXPECT_STATUS, nothing on stdout, exactly one line on stderr
# that contains EXPECT_STDERR.
include(${CMAKE_CURRENT_LIST_DIR}/checks.cmake)
execute_process(COMMAND ${CLI} ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
perfmail_check_status("${status}" "${EXPECT_STATUS}" "${err}")
perfmail_check_no_stdout("${out}" "on error")
perfmail_check_one_stderr_line("${err}")
string(FIND "${err}" "${EXPECT_STDERR}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "stderr does not mention '${EXPECT_STDERR}': ${err}")
endif()
