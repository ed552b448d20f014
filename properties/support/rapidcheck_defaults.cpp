// CI's RapidCheck configuration, as a default the caller overrides: a fixed seed, so a CI run is
// reproducible, and max_size ≤ 100 (the packaged RapidCheck misbehaves above it). Compiled into
// every test program (cmake/BoaTest.cmake), it sets RC_PARAMS before main only when the caller
// has not: `RC_PARAMS="seed=4242" ctest …` explores with a fresh seed. (ctest's ENVIRONMENT
// property would overwrite the caller's value.) RapidCheck reads RC_PARAMS at the first
// property, inside main.
#include <cstdlib>

namespace {

const bool kDefaultsSet = [] {
  setenv("RC_PARAMS", "seed=20261130 max_success=100 max_size=100", /*overwrite=*/0);
  return true;
}();

}  // namespace
