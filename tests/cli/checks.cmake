# Checks shared by the CLI test scripts (included with -P scripts).

# The command's exit status is `expected`; the message quotes stderr.
function(perfmail_check_status status expected err)
  if(NOT status EQUAL expected)
    message(FATAL_ERROR "exit status ${status}, expected ${expected}; stderr: ${err}")
  endif()
endfunction()

# Nothing on stdout; `why` says when that is required.
function(perfmail_check_no_stdout out why)
  if(NOT out STREQUAL "")
    message(FATAL_ERROR "stdout should be empty ${why}, got: ${out}")
  endif()
endfunction()

# Exactly one line on stderr.
function(perfmail_check_one_stderr_line err)
  string(REGEX MATCHALL "\n" newlines "${err}")
  list(LENGTH newlines lines)
  if(NOT lines EQUAL 1)
    message(FATAL_ERROR "expected one line on stderr, got ${lines}: ${err}")
  endif()
endfunction()

# Sets `var` to the text of `file` (empty when `file` is empty or absent), plus a newline when
# `final_newline` is true.
function(perfmail_expected_text var file final_newline)
  set(text "")
  if(NOT file STREQUAL "" AND EXISTS ${file})
    file(READ ${file} text)
  endif()
  if(final_newline)
    string(APPEND text "\n")
  endif()
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

# `out` equals the text of `golden`; PERFMAIL_UPDATE_GOLDEN=1 in the environment rewrites `golden`
# instead (review the diff). A difference leaves the output in `golden`.actual.
function(perfmail_check_golden out golden)
  if(DEFINED ENV{PERFMAIL_UPDATE_GOLDEN})
    file(WRITE ${golden} "${out}")
    return()
  endif()
  file(READ ${golden} expected)
  if(NOT out STREQUAL expected)
    file(WRITE ${golden}.actual "${out}")
    message(FATAL_ERROR "output differs from ${golden}; actual output written to ${golden}.actual")
  endif()
endfunction()
