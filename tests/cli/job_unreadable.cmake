# A result root whose job.yaml cannot be read (a FIFO, a directory, a link that loops) is named with the
# reason by compare and report: exit status 2, nothing on stdout, never passed over as a root without a
# job, and a FIFO never waited on (the run is cut after TIMEOUT seconds, which fails the test).
#   cmake -DCLI=perfmail -DROOTS=examples/roots -DWORK=dir -P job_unreadable.cmake
include(${CMAKE_CURRENT_LIST_DIR}/checks.cmake)
file(REMOVE_RECURSE ${WORK})
foreach(kind IN ITEMS fifo directory loop)
  file(COPY ${ROOTS}/base/ DESTINATION ${WORK}/${kind})
  file(REMOVE ${WORK}/${kind}/job.yaml)
endforeach()
execute_process(COMMAND mkfifo ${WORK}/fifo/job.yaml RESULT_VARIABLE made)
if(NOT made EQUAL 0)
  message(FATAL_ERROR "mkfifo failed")
endif()
file(MAKE_DIRECTORY ${WORK}/directory/job.yaml)
file(CREATE_LINK job.yaml ${WORK}/loop/job.yaml SYMBOLIC)

foreach(case IN ITEMS
    "fifo|cannot read: it is a FIFO, not a file"
    "directory|cannot read: it is a directory, not a file"
    "loop|cannot open: Too many levels of symbolic links")
  string(REGEX MATCH "^([^|]*)\\|(.*)$" fields "${case}")
  set(kind ${CMAKE_MATCH_1})
  set(reason ${CMAKE_MATCH_2})
  foreach(args IN ITEMS "compare;${WORK}/${kind};${ROOTS}/head" "report;--base;${WORK}/${kind};--head;${ROOTS}/head")
    execute_process(COMMAND ${CLI} ${args} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err
      TIMEOUT 30)
    perfmail_check_status("${status}" 2 "${err}")
    if(NOT "${out}" STREQUAL "")
      message(FATAL_ERROR "${kind}: output on stdout: ${out}")
    endif()
    if(NOT err STREQUAL "perfmail: ${WORK}/${kind}/job.yaml: ${reason}\n")
      message(FATAL_ERROR "${kind}: expected the job.yaml and '${reason}', got: ${err}")
    endif()
  endforeach()
endforeach()
file(REMOVE_RECURSE ${WORK})
