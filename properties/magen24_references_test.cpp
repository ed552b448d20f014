// The closed forms [M]'s figures print beside their measurements, pinned by independent values:
// the benign-onset reference n·z_n² (magen24_benign_onset's signed_sum_law column; z_n from
// Python's statistics.NormalDist, not Boost) and log₁₀ σ(z) (magen24_softmax_bound's log₁₀
// columns, finite where σ underflows).
#include <cmath>

#include <gtest/gtest.h>

#include "boa/benign_onset.hpp"
#include "boa/softmax_bound.hpp"

namespace boa {
namespace magen24_references_test {

TEST(Magen24References, SignedSumOnsetLawIsNTimesTheSquaredMedianMaximum) {
  EXPECT_NEAR(SignedSumOnsetLaw(1), 0.4549364231195727, 1e-12);  // Φ⁻¹(3/4)²
  EXPECT_NEAR(SignedSumOnsetLaw(4), 7.9309016383527915, 1e-11);
  EXPECT_NEAR(SignedSumOnsetLaw(16), 65.90873497560843, 1e-10);
}

TEST(Magen24References, Log10SigmoidIsFiniteAndExact) {
  EXPECT_NEAR(Log10Sigmoid(0), -0.3010299956639812, 1e-15);
  EXPECT_NEAR(Log10Sigmoid(3), -0.02110121867876939, 1e-15);
  EXPECT_NEAR(Log10Sigmoid(-1000), -434.2944819032518, 1e-9);  // σ underflows; its log does not
  EXPECT_EQ(Log10Sigmoid(1000), 0);
}

}  // namespace magen24_references_test
}  // namespace boa
