# Installs perfmail into a scratch prefix, then configures, builds and runs tests/package against it.
cmake_minimum_required(VERSION 3.25)

function(run)
  execute_process(COMMAND ${ARGV} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (${status}): ${ARGV}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} -S ${PERFMAIL_SOURCE_DIR} -B ${WORK_DIR}/perfmail-build
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
    -DPERFMAIL_BUILD_TESTS=OFF -DPERFMAIL_BUILD_BENCH=OFF -DPERFMAIL_BUILD_EXAMPLES=OFF -DPERFMAIL_BUILD_CLI=OFF
    -DCMAKE_INSTALL_PREFIX=${prefix})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/perfmail-build -j 2)
run(${CMAKE_COMMAND} --install ${WORK_DIR}/perfmail-build)
run(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/consumer-build
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer-build)
run(${WORK_DIR}/consumer-build/consumer)
