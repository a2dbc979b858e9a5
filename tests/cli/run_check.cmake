# Runs CLI with ARGS (standard input from the file INPUT when given) and checks a run that is not refused
# (perfmail_run_test in CMakeLists.txt registers it; an empty variable is one not given):
#   - exit status EXPECT_STATUS, 0 unless given (1 is a verdict --fail-on names: the output is still
#     written);
#   - stdout holds each of CONTAINS and, with GOLDEN, equals that file (PERFMAIL_UPDATE_GOLDEN=1 rewrites
#     it); CONTAINS keeps a rewritten golden file from losing the parts the test is about;
#   - exactly STDERR_LINES lines on stderr (0 unless given: notes are the only thing a good run prints
#     there), holding each of STDERR_CONTAINS.
include(${CMAKE_CURRENT_LIST_DIR}/checks.cmake)
if(NOT "${INPUT}" STREQUAL "")
  execute_process(COMMAND ${CLI} ${ARGS} INPUT_FILE ${INPUT} RESULT_VARIABLE status OUTPUT_VARIABLE out
    ERROR_VARIABLE err)
else()
  execute_process(COMMAND ${CLI} ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
endif()
if("${EXPECT_STATUS}" STREQUAL "")
  set(EXPECT_STATUS 0)
endif()
perfmail_check_status("${status}" "${EXPECT_STATUS}" "${err}")
if("${STDERR_LINES}" STREQUAL "")
  set(STDERR_LINES 0)
endif()
string(REGEX MATCHALL "\n" newlines "${err}")
list(LENGTH newlines lines)
if(NOT lines EQUAL STDERR_LINES)
  message(FATAL_ERROR "expected ${STDERR_LINES} lines on stderr, got ${lines}: ${err}")
endif()
foreach(part IN LISTS STDERR_CONTAINS)
  string(FIND "${err}" "${part}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "stderr does not mention '${part}': ${err}")
  endif()
endforeach()
foreach(part IN LISTS CONTAINS)
  string(FIND "${out}" "${part}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "stdout does not hold '${part}': ${out}")
  endif()
endforeach()
if(NOT "${GOLDEN}" STREQUAL "")
  perfmail_check_golden("${out}" ${GOLDEN})
endif()
