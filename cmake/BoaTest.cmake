include(GoogleTest)

# boa_test(<name> LABELS <label>... [COST <cost>] SOURCES <file>...)
# One GoogleTest/RapidCheck program; each TEST becomes its own ctest test with labels of its own,
# so `ctest -L statistical` selects every statistical test whatever program holds it:
#   suite name ends in SlowStatistical → slow, statistical
#   suite name ends in Statistical     → statistical  (the verdict of a probabilistic or scaling claim)
#   suite name ends in Slow            → slow         (over ~10 s on 2 cores)
#   any other suite                    → the program's LABELS (unit, property, ...)
# A parameterised test keeps its generated name (NO_PRETTY_VALUES): claims_test's
# "Claims/ClaimProperty.HoldsOnEveryDrawnInstance/core_softmax_stable", without the parameter's
# printed value appended.
#
# Build time: a test file's compile is mostly RapidCheck's and GoogleTest's templates and their
# code generation, the same in every file (a 60-line file took 6 s). So the files of one label set
# share one program whose sources compile in unity batches (BOA_TEST_UNITY_BATCH files a
# translation unit; a test file's file-local names must be unique within its program), and in
# Release the test code itself compiles at -O1: the measured work runs in the libraries, which stay
# at -O3. BOA_TEST_OPTIMIZATION is that flag (also given to the precompiled header's donor, whose
# flags must match). Twenty files a batch, not eight: unit_tests compiled in 53 CPU-s instead of
# 78, the property and statistical programs in 79 instead of 86 (2026-12-06, 2 cores).
set(BOA_TEST_UNITY_BATCH 20)
set(BOA_TEST_OPTIMIZATION $<$<CONFIG:Release>:-O1>)

function(boa_test name)
  cmake_parse_arguments(ARG "" "COST" "LABELS;SOURCES" ${ARGN})
  if(NOT DEFINED ARG_COST)
    set(ARG_COST 0)
  endif()
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE boa_properties_support boa_rapidcheck_defaults)
  target_compile_options(${name} PRIVATE ${BOA_TEST_OPTIMIZATION})
  set_target_properties(${name} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE
                                           ${BOA_TEST_UNITY_BATCH})
  boa_pch_reuse(${name} boa_properties_support)
  set(labels_script "")
  _boa_discover(${name} "*SlowStatistical.*" "slow;statistical" 100)
  _boa_discover(${name} "*Statistical.*-*SlowStatistical.*" statistical 0)
  _boa_discover(${name} "*Slow.*" slow 100)
  _boa_discover(${name} "-*Statistical.*:*Slow.*" "${ARG_LABELS}" ${ARG_COST})
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/${name}_labels.cmake "${labels_script}")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES
               ${CMAKE_CURRENT_BINARY_DIR}/${name}_labels.cmake)
endfunction()

# The tests of `name` that `filter` selects, with `labels`. Not gtest_discover_tests' PROPERTIES
# LABELS "a;b": the list is flattened on its way to ctest (LABELS a b), so every label after the
# first was lost. The group's tests are listed instead (TEST_LIST) and a script that ctest includes
# after the discovered tests labels them.
# `cost`: ctest's COST, which orders a run without timing data (a clean clone's first run): the
# slow tests start first, so no 60-s test starts last and runs alone on one core; a program whose
# other tests are long too (report_test's quick report, ≈ 20 s) gives them a COST of their own.
macro(_boa_discover name filter labels cost)
  string(MAKE_C_IDENTIFIER "${name}_${filter}" _boa_list)
  gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST NO_PRETTY_VALUES TEST_FILTER "${filter}"
                       TEST_LIST ${_boa_list})
  string(APPEND labels_script "if(${_boa_list})\n  set_tests_properties(\${${_boa_list}} "
                              "PROPERTIES LABELS \"${labels}\" COST ${cost})\nendif()\n")
endmacro()
