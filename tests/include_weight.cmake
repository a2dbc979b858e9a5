# What including <perfmail/perfmail.hpp> brings into a file of a tool that links perfmail, checked by
# what it preprocesses to (deterministic, unlike a time): no header from the heavy dependencies that
# the compiled library keeps to itself, and a bound on the preprocessed lines. bench/include_cost.sh
# measures the CPU time and memory that these stand for (docs/PERFORMANCE.md).
#
#   cmake -DCXX=... -DINCLUDE_DIR=... -DWORK_DIR=... -DMAX_LINES=... -P include_weight.cmake
file(WRITE "${WORK_DIR}/include_weight.cpp" "#include <perfmail/perfmail.hpp>\n")
execute_process(
  COMMAND "${CXX}" -std=c++20 -I "${INCLUDE_DIR}" -E -H "${WORK_DIR}/include_weight.cpp"
  OUTPUT_VARIABLE preprocessed
  ERROR_VARIABLE included
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the umbrella header does not preprocess:\n${included}")
endif()

# `-H` lists every header opened, one per line, on stderr.
foreach(heavy IN ITEMS "/boost/math/" "/boost/accumulators/" "/range/v3/" "/regex" "/simdjson" "/nlohmann/"
                      "/yaml-cpp/")
  string(FIND "${included}" "${heavy}" at)
  if(NOT at EQUAL -1)
    string(SUBSTRING "${included}" ${at} 120 context)
    message(FATAL_ERROR "the umbrella header includes a heavy dependency (${heavy}): ...${context}")
  endif()
endforeach()

string(REGEX MATCHALL "\n" newlines "${preprocessed}")
list(LENGTH newlines lines)
message(STATUS "the umbrella header preprocesses to ${lines} lines (bound ${MAX_LINES})")
if(lines GREATER MAX_LINES)
  message(FATAL_ERROR "the umbrella header preprocesses to ${lines} lines, over the bound of ${MAX_LINES}")
endif()
