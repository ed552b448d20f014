include(GoogleTest)

# boa_test(<name> LABELS <label>... SOURCES <file>...)
# One GoogleTest/RapidCheck binary; each TEST becomes its own ctest test carrying the labels
# (unit, property, statistical, slow, bench), so `ctest -L property` selects a family.
function(boa_test name)
  cmake_parse_arguments(ARG "" "" "LABELS;SOURCES" ${ARGN})
  # rapidcheck_defaults.cpp: CI's fixed RapidCheck seed, unless the caller sets RC_PARAMS.
  add_executable(${name} ${ARG_SOURCES} ${PROJECT_SOURCE_DIR}/properties/support/rapidcheck_defaults.cpp)
  target_link_libraries(${name} PRIVATE boa_properties_support)
  gtest_discover_tests(${name}
    DISCOVERY_MODE PRE_TEST
    PROPERTIES LABELS "${ARG_LABELS}")
endfunction()
