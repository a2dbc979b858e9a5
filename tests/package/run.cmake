# Installs the perfmail tree already built (PERFMAIL_BUILD_DIR) into a scratch prefix, then configures,
# builds and runs tests/package against it, and builds examples/ against it as a project of its own and
# runs one of them. Nothing of perfmail is compiled again: the package is the build's own.
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/checked_run.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
# CMAKE_BUILD_PARALLEL_LEVEL, where set, says how many jobs the machine has room for.
if(DEFINED ENV{CMAKE_BUILD_PARALLEL_LEVEL})
  set(jobs)
else()
  set(jobs -j 2)
endif()
run(${CMAKE_COMMAND} --install ${PERFMAIL_BUILD_DIR} --prefix ${prefix})
# The compiler of the build that is installed, where the caller names it (CTest does; a script may not).
set(compiler)
if(CMAKE_CXX_COMPILER)
  set(compiler -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER})
endif()
run(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/consumer-build -DCMAKE_PREFIX_PATH=${prefix} ${compiler})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer-build)
run(${WORK_DIR}/consumer-build/consumer)

# The examples, as a project that found the installed package.
run(${CMAKE_COMMAND} -S ${PERFMAIL_SOURCE_DIR}/examples -B ${WORK_DIR}/examples-build
    -DCMAKE_PREFIX_PATH=${prefix} ${compiler} -DBUILD_TESTING=OFF)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/examples-build ${jobs})
execute_process(COMMAND ${WORK_DIR}/examples-build/example_summarize
                        ${PERFMAIL_SOURCE_DIR}/examples/data/base/matrix.json fio.write_bw_MBps
  RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 0 OR NOT out MATCHES "fio.write_bw_MBps: mean ")
  message(FATAL_ERROR "example_summarize built against the installed package: status ${status}, output:\n${out}")
endif()

# The documents and the examples are installed in share/doc/perfmail, where the tool's help names them,
# and the installed tool prints them (`perfmail help TOPIC`) and reports the installed example.
if(EXISTS ${prefix}/bin/perfmail)
  foreach(file INPUTS.md REPORT.md README.md examples/report.json examples/data/base/matrix.json)
    if(NOT EXISTS ${prefix}/share/doc/perfmail/${file})
      message(FATAL_ERROR "not installed: share/doc/perfmail/${file}")
    endif()
  endforeach()
  execute_process(COMMAND ${prefix}/bin/perfmail help inputs RESULT_VARIABLE status OUTPUT_VARIABLE out)
  if(NOT status EQUAL 0 OR NOT out MATCHES "^# Inputs")
    message(FATAL_ERROR "the installed perfmail help inputs: status ${status}")
  endif()
  execute_process(COMMAND ${prefix}/bin/perfmail report ${prefix}/share/doc/perfmail/examples/report.json
    RESULT_VARIABLE status OUTPUT_VARIABLE out)
  if(NOT status EQUAL 0 OR NOT out MATCHES "fio.write_bw_MBps")
    message(FATAL_ERROR "the installed example report: status ${status}")
  endif()
endif()
