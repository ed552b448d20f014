// The 𝔖 maps' R = 1 contour (frak_s_map.hpp ContourCrossing), by hand: the contour the maps and
// the ρ claims print is the first sign change of log min(R₊, R₋), interpolated linearly in η.
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "boa/error.hpp"
#include "boa/frak_s_map.hpp"

namespace boa {
namespace frak_s_map_test {

TEST(FrakSMap, ContourIsTheFirstSignChangeInterpolated) {
  // log R = 0.2 at η = 0.05 and −0.2 at 0.15: the crossing is midway.
  EXPECT_NEAR(ContourCrossing({0.05, 0.15}, {0.2, -0.2}), 0.10, 1e-15);
  // 0.3 at η = 0.15, then −0.1 at 0.25: three quarters of the step, 0.225; later signs are moot.
  EXPECT_NEAR(ContourCrossing({0.05, 0.15, 0.25, 0.35}, {0.5, 0.3, -0.1, 0.4}), 0.225, 1e-15);
  // Negative at the first η: that η. Never negative: 1 (above the grid).
  EXPECT_EQ(ContourCrossing({0.05, 0.15}, {-0.1, 0.3}), 0.05);
  EXPECT_EQ(ContourCrossing({0.05, 0.15, 0.25}, {0.1, 0.0, 0.2}), 1);
  // R = +∞ just before the crossing leaves no finite contour.
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_THROW(ContourCrossing({0.05, 0.15}, {inf, -0.2}), NumericalFailure);
  EXPECT_THROW(ContourCrossing({0.05}, {0.1, 0.2}), InvalidInput);
}

}  // namespace frak_s_map_test
}  // namespace boa
