# Registers each doctest case of a test program as a CTest test with a short name (run at build time,
# after the program is linked; see perfmail_add_unit_test in tests/CMakeLists.txt).
#
# A case's name says what it checks and is often a sentence; CTest pads every line of its report to the
# longest name, so long names make every line long. The CTest name is the prefix and the case's name cut
# at a word to MAX_NAME characters (`...` marks a cut; a number tells cut names apart). The test runs the
# case by its whole name, and doctest prints the whole name when it fails.
#
# Input: PROGRAM, LAYER (the names' prefix, `core: `), MAX_NAME, LABELS, TIMEOUT (empty for none), WORKING_DIR, OUTPUT (the CTest file).

execute_process(COMMAND "${PROGRAM}" --list-test-cases
  OUTPUT_VARIABLE listing RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} --list-test-cases failed (${status}):\n${listing}")
endif()

# A CMake bracket argument that holds `text` whatever it contains.
function(bracketed text out)
  set(equals "=")
  while(text MATCHES "]${equals}]")
    string(APPEND equals "=")
  endwhile()
  set(${out} "[${equals}[${text}]${equals}]" PARENT_SCOPE)
endfunction()

# Line by line with string(FIND), not as a CMake list: names hold semicolons.
set(script "")
set(used_names "\n")  # every name given, each between newlines
set(rest "${listing}")
while(NOT rest STREQUAL "")
  string(FIND "${rest}" "\n" at)
  if(at EQUAL -1)
    set(line "${rest}")
    set(rest "")
  else()
    string(SUBSTRING "${rest}" 0 ${at} line)
    math(EXPR at "${at} + 1")
    string(SUBSTRING "${rest}" ${at} -1 rest)
  endif()
  if(line STREQUAL "" OR line MATCHES "^\\[doctest\\]" OR line MATCHES "^=+$")
    continue()
  endif()
  set(case_name "${line}")
  string(LENGTH "${case_name}" length)
  set(short "${case_name}")
  if(length GREATER MAX_NAME)
    math(EXPR keep "${MAX_NAME} - 3")
    string(SUBSTRING "${case_name}" 0 ${keep} short)
    # back to the last whole word
    string(FIND "${short}" " " last_space REVERSE)
    if(last_space GREATER 20)
      string(SUBSTRING "${short}" 0 ${last_space} short)
    endif()
    string(REGEX REPLACE "[ ,:;(]+$" "" short "${short}")
    set(short "${short}...")
  endif()
  set(name "${LAYER}: ${short}")
  set(candidate "${name}")
  set(number 2)
  string(FIND "${used_names}" "\n${candidate}\n" seen)
  while(NOT seen EQUAL -1)
    set(candidate "${name} #${number}")
    math(EXPR number "${number} + 1")
    string(FIND "${used_names}" "\n${candidate}\n" seen)
  endwhile()
  string(APPEND used_names "${candidate}\n")
  # doctest's filter: a comma separates filters, so a comma of the name is escaped. (A `*` or `?` of
  # the name is a wildcard that matches itself.)
  string(REPLACE "," "\\," filter "${case_name}")
  bracketed("${candidate}" name_argument)
  bracketed("--test-case=${filter}" filter_argument)
  string(APPEND script "add_test(${name_argument} \"${PROGRAM}\" ${filter_argument})\n")
  # A filter that matched no case would pass silently: doctest's count of cases run must not be 0.
  set(properties "WORKING_DIRECTORY \"${WORKING_DIR}\" LABELS \"${LABELS}\" FAIL_REGULAR_EXPRESSION \"test cases: +0 [|]\"")
  if(TIMEOUT)
    string(APPEND properties " TIMEOUT ${TIMEOUT}")
  endif()
  string(APPEND script "set_tests_properties(${name_argument} PROPERTIES ${properties})\n")
endwhile()
file(WRITE "${OUTPUT}" "${script}")
