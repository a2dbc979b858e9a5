# run(COMMAND...): runs a command and stops the script, naming it and its status, when it fails. Shared
# by the package scripts, which each run a sequence of build and install steps.
function(run)
  execute_process(COMMAND ${ARGV} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (${status}): ${ARGV}")
  endif()
endfunction()
