# Precompiled headers, for build time (issue 13). About half of a typical boa translation unit's
# compile time is parsing the C++20 standard library and Eigen (and, in the tests, GoogleTest and
# RapidCheck), the same headers in every file. A precompiled header is only valid for files
# compiled with the same flags and definitions, so each group of targets that share their flags
# shares one: boa_pch_donor(target HEADERS...) builds it, boa_pch_reuse(target donor) reuses it.
# -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON turns them off (every file still includes what it uses).

# Every theory file's common ground: the standard library it uses most, Eigen, the RNG.
set(BOA_PCH_THEORY
  <algorithm> <cmath> <cstdint> <functional> <limits> <map> <memory> <optional> <span> <sstream>
  <string> <vector> <Eigen/Dense> <boost/random/mersenne_twister.hpp>)

function(boa_pch_donor target)
  cmake_parse_arguments(ARG "" "" "HEADERS" ${ARGN})
  target_precompile_headers(${target} PRIVATE ${BOA_PCH_THEORY} ${ARG_HEADERS})
endfunction()

function(boa_pch_reuse target donor)
  target_precompile_headers(${target} REUSE_FROM ${donor})
endfunction()
