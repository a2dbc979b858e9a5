# Unity builds of the library's and the commands' sources, for a first build (the release preset): the
# files of a target compiled 16 to a translation unit, so that the headers they share (fmt, Boost,
# CLI11, nlohmann, the standard library) are parsed, and their templates instantiated and optimised,
# once a batch instead of once a file. Measured in docs/PERFORMANCE.md ("The first build"): less than
# half the CPU time of a build file by file.
#
# A batch shares one scope, so the helpers a file keeps to itself (its anonymous namespace) must have
# names of their own within a target: two of the same signature fail to compile, and the asan preset,
# which builds this way too, runs the whole test suite on the batched code, where a call that a helper of
# another file captured would show. The dev preset builds file by file, which checks that every file
# includes what it uses.
option(PERFMAIL_UNITY_BUILD "Compile the library's and the commands' sources in batches (unity builds)" OFF)

# perfmail_unity_build(target): batches of 16 of `target`'s sources when PERFMAIL_UNITY_BUILD is on.
function(perfmail_unity_build target)
  if(PERFMAIL_UNITY_BUILD)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE BATCH UNITY_BUILD_BATCH_SIZE 16)
  endif()
endfunction()
