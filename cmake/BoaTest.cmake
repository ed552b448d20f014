include(GoogleTest)

# boa_test(<name> LABELS <label>... SOURCES <file>...)
# One GoogleTest/RapidCheck binary; each TEST becomes its own ctest test with labels of its own,
# so `ctest -L statistical` selects every statistical test whatever binary holds it:
#   suite name ends in SlowStatistical → slow, statistical
#   suite name ends in Statistical     → statistical  (the verdict of a probabilistic or scaling claim)
#   suite name ends in Slow            → slow         (over ~10 s on 2 cores)
#   any other suite                    → the binary's LABELS (unit, property, ...)
# A parameterised test keeps its generated name (NO_PRETTY_VALUES): claims_test's
# "Claims/ClaimProperty.HoldsOnEveryDrawnInstance/core_softmax_stable", without the parameter's
# printed value appended.
function(boa_test name)
  cmake_parse_arguments(ARG "" "" "LABELS;SOURCES" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE boa_properties_support boa_rapidcheck_defaults)
  boa_pch_reuse(${name} boa_properties_support)
  gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST NO_PRETTY_VALUES TEST_FILTER "*SlowStatistical.*"
                       PROPERTIES LABELS "slow;statistical")
  gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST NO_PRETTY_VALUES TEST_FILTER "*Statistical.*-*SlowStatistical.*"
                       PROPERTIES LABELS statistical)
  gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST NO_PRETTY_VALUES TEST_FILTER "*Slow.*"
                       PROPERTIES LABELS slow)
  gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST NO_PRETTY_VALUES TEST_FILTER "-*Statistical.*:*Slow.*"
                       PROPERTIES LABELS "${ARG_LABELS}")
endfunction()
