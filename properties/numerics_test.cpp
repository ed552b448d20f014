// numerics: the logistic loss and its weight stay finite and accurate at extreme margins.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/numerics.hpp"
#include "boa/tolerances.hpp"

namespace boa {
namespace numerics_test {

TEST(Numerics, LogisticLossIsFiniteAndAccurateAtExtremeMargins) {
  EXPECT_EQ(LogisticLoss(1e6), 0.0);   // e^{−1e6} underflows to 0: the loss is 0, not NaN
  EXPECT_EQ(LogisticLoss(-1e6), 1e6);  // softplus(1e6) = 1e6 exactly in double
  EXPECT_DOUBLE_EQ(LogisticLoss(0), std::log(2.0));
  EXPECT_DOUBLE_EQ(LogisticLoss(40), std::exp(-40.0));  // log1p keeps the tiny value
  EXPECT_EQ(LogisticWeight(1e6), 0.0);
  EXPECT_EQ(LogisticWeight(-1e6), 1.0);
  EXPECT_DOUBLE_EQ(LogisticWeight(0), 0.5);
}

RC_GTEST_PROP(Numerics, LossWeightIsMinusTheLossDerivative, ()) {
  const double z = *rc::gen::inRange(-3000, 3001) / 100.0;
  const double h = 1e-5;
  const double fd = (LogisticLoss(z + h) - LogisticLoss(z - h)) / (2 * h);
  RC_ASSERT(std::fabs(-fd - LogisticWeight(z)) <= 1e-8);
}

RC_GTEST_PROP(Numerics, SigmoidAndWeightAreComplementary, ()) {
  const double z = *rc::gen::inRange(-5000, 5001) / 100.0;
  // Each term is correctly rounded (≤ ε/2 relative, ≤ ε/2 absolute) and so is their sum: ≤ 2ε.
  RC_ASSERT(std::fabs(Sigmoid(z) + LogisticWeight(z) - 1) <= 2 * kEpsilon);
}

// The normalised softmax entropy (magen24_multi_token_spread's H): 1 for equal scores, log 2/log 4
// for two equal leaders among four tokens whose others carry no mass, → 0 for one leader.
TEST(Numerics, NormalisedSoftmaxEntropyByHand) {
  EXPECT_NEAR(NormalisedSoftmaxEntropy(std::vector<double>{3, 3, 3, 3, 3}), 1, 1e-15);
  EXPECT_NEAR(NormalisedSoftmaxEntropy(std::vector<double>{0, 0, -1e4, -1e4}), 0.5, 1e-15);
  EXPECT_LT(NormalisedSoftmaxEntropy(std::vector<double>{50, 0, 0}), 1e-19);
  // Two tokens at probabilities σ(1), σ(−1): the binary entropy in bits.
  const double p = 1 / (1 + std::exp(-1.0));
  EXPECT_NEAR(NormalisedSoftmaxEntropy(std::vector<double>{1, 0}),
              -(p * std::log2(p) + (1 - p) * std::log2(1 - p)), 1e-15);
}

TEST(Numerics, SoftmaxPutsAllMassOnALeaderByAMillion) {
  std::vector<double> z = {1e6, 0, -1e6}, s(3);
  StableSoftmax(z, s);
  EXPECT_EQ(s[0], 1.0);
  EXPECT_EQ(s[1], 0.0);
  EXPECT_EQ(s[2], 0.0);
}

}  // namespace numerics_test
}  // namespace boa
