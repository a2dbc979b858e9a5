# Runs CLI with ARGS and checks: exit status 0, nothing on stderr, stdout byte-for-byte equal to GOLDEN.
# PERFMAIL_UPDATE_GOLDEN=1 in the environment rewrites GOLDEN instead (review the diff).
include(${CMAKE_CURRENT_LIST_DIR}/checks.cmake)
execute_process(COMMAND ${CLI} ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
perfmail_check_status("${status}" 0 "${err}")
if(NOT err STREQUAL "")
  message(FATAL_ERROR "unexpected stderr: ${err}")
endif()
perfmail_check_golden("${out}" ${GOLDEN})
