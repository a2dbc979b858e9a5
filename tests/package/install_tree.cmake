# Installs a build tree of perfmail (BUILD_DIR, built whole) into a scratch prefix, then checks that the
# tool, its man pages and its shell completions are where an installation keeps them, that the installed
# tool and pages work, and that each command the tool lists has its page.
cmake_minimum_required(VERSION 3.25)
include(GNUInstallDirs)

include(${CMAKE_CURRENT_LIST_DIR}/checked_run.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

set(perfmail ${prefix}/${CMAKE_INSTALL_BINDIR}/perfmail)
set(share ${prefix}/${CMAKE_INSTALL_DATAROOTDIR})
execute_process(COMMAND ${perfmail} --help RESULT_VARIABLE status OUTPUT_VARIABLE help)
if(NOT status EQUAL 0 OR NOT help MATCHES "Usage: perfmail \\[OPTIONS\\]")
  message(FATAL_ERROR "the installed ${perfmail} --help: status ${status}:\n${help}")
endif()
string(REGEX MATCH "Subcommands:\n(([^\n]+\n)+)" listing "${help}")
string(REGEX MATCHALL "\n  [a-z][a-z-]*" commands "\n${CMAKE_MATCH_1}")
list(TRANSFORM commands STRIP)
list(LENGTH commands count)
if(count LESS 4)
  message(FATAL_ERROR "the installed perfmail lists ${count} commands:\n${help}")
endif()

set(expected
  ${share}/man/man1/perfmail.1
  ${share}/bash-completion/completions/perfmail
  ${share}/zsh/site-functions/_perfmail
  ${share}/fish/vendor_completions.d/perfmail.fish)
foreach(command IN LISTS commands)
  list(APPEND expected ${share}/man/man1/perfmail-${command}.1)
endforeach()
foreach(file IN LISTS expected)
  if(NOT EXISTS ${file})
    message(FATAL_ERROR "not installed: ${file}")
  endif()
endforeach()

# The installed pages render without a warning, as man(1) would show them.
find_program(GROFF groff)
if(GROFF)
  foreach(command IN ITEMS "" ${commands})
    set(page ${share}/man/man1/perfmail.1)
    if(command)
      set(page ${share}/man/man1/perfmail-${command}.1)
    endif()
    execute_process(COMMAND ${GROFF} -man -Tutf8 -ww -z ${page} RESULT_VARIABLE status ERROR_VARIABLE warnings)
    if(NOT status EQUAL 0 OR warnings)
      message(FATAL_ERROR "groff on ${page}: ${warnings}")
    endif()
  endforeach()
endif()

# The installed bash completion completes a command's name.
find_program(BASH bash)
if(BASH)
  execute_process(COMMAND ${BASH} --norc -c
      "source \"$1\"; COMP_WORDS=(perfmail comp); COMP_CWORD=1; _perfmail; printf '%s\\n' \"\${COMPREPLY[@]}\""
      bash ${share}/bash-completion/completions/perfmail
    RESULT_VARIABLE status OUTPUT_VARIABLE words)
  if(NOT status EQUAL 0 OR NOT words STREQUAL "compare\n")
    message(FATAL_ERROR "the installed bash completion of 'perfmail comp': status ${status}, '${words}'")
  endif()
endif()
