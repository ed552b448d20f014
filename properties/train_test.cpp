// train: schedules, weight decay, the observer, zero and Gaussian initialisation, and that a
// non-finite loss stops training with an error instead of reaching a verdict.
#include <cmath>

#include <gtest/gtest.h>

#include "boa/error.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/train.hpp"

namespace boa {
namespace train_test {

TEST(Train, ScheduleSaHasTheStatedStepSizes) {
  const int n = 20, d = 1000;
  const StepSchedule sa = MagenScheduleSA(n, d);
  EXPECT_DOUBLE_EQ(sa(1, "v"), 1e-3 * n / d);
  EXPECT_EQ(sa(1, "p"), 0.0);
  EXPECT_DOUBLE_EQ(sa(2, "v"), 8.0 * n / d);
  // B = (1e-3·n/d)·d/(4n) = 2.5e-4, so β_p = 80n/(B·d) = 3.2e5·n/d.
  EXPECT_DOUBLE_EQ(sa(2, "p"), 3.2e5 * n / d);
  const StepSchedule sb = MagenScheduleSB(n, d);
  EXPECT_DOUBLE_EQ(sb(1, "p"), 4.0 * n / d);
  EXPECT_DOUBLE_EQ(sb(7, "v"), 4.0 * n / d);
}

TEST(Train, OneStepIsThetaMinusBetaTimesGradientPlusDecay) {
  SignalNoiseSpec spec;
  spec.n = 6;
  spec.d = 8;
  const Dataset data = GenerateSignalNoise(spec, 3);
  PromptAttention model(data.d);
  InitGaussian(model, 0.3, 3);
  const Vector p0 = model.Block("p"), v0 = model.Block("v");
  const Evaluation e = model.Evaluate(data, true);
  GradientDescent(model, data, {1, ConstantSchedule({{"p", 0.2}, {"v", 0.1}}), 0.05});
  EXPECT_TRUE(model.Block("p").isApprox(p0 - 0.2 * (e.gradient[0] + 0.05 * p0), 1e-14));
  EXPECT_TRUE(model.Block("v").isApprox(v0 - 0.1 * (e.gradient[1] + 0.05 * v0), 1e-14));
}

TEST(Train, ObserverSeesEveryStepFromZeroToTheEnd) {
  TokenSelectionSpec spec;
  spec.n = 6;
  spec.d = 10;
  const Dataset data = GenerateTokenSelection(spec, 4);
  TokenSelection model(data.d, DefaultHead(data), false);
  Trajectory trajectory;
  GradientDescent(model, data, {5, ConstantSchedule({{"p", 0.1}}), 0}, trajectory.Recorder(data));
  ASSERT_EQ(trajectory.steps.size(), 6u);
  EXPECT_EQ(trajectory.steps.front().step, 0);
  EXPECT_EQ(trajectory.steps.back().step, 5);
  // At p = 0 attention is uniform: each of the 8 tokens gets 1/8.
  EXPECT_NEAR(trajectory.steps.front().clean_attention.at("relevant"), 1.0 / 8, 1e-15);
  EXPECT_LT(trajectory.steps.back().loss, trajectory.steps.front().loss);
}

TEST(Train, GaussianInitTouchesOnlyTrainedBlocksAndIsSeeded) {
  TokenSelectionSpec spec;
  spec.d = 12;
  spec.n = 4;
  const Dataset data = GenerateTokenSelection(spec, 5);
  TokenSelection a(data.d, DefaultHead(data), false), b(data.d, DefaultHead(data), false);
  InitGaussian(a, 0.5, 9);
  InitGaussian(b, 0.5, 9);
  EXPECT_EQ(a.Block("p"), b.Block("p"));
  EXPECT_GT(a.Block("p").norm(), 0);
  EXPECT_EQ(a.Block("nu"), DefaultHead(data));
}

TEST(Train, TokenSelectionWInitIsUniformInTheStatedBox) {
  TokenSelectionSpec spec;
  spec.d = 50;
  spec.n = 4;
  const Dataset data = GenerateTokenSelection(spec, 5);
  TokenSelection model(data.d, DefaultHead(data), true);
  InitTokenSelectionW(model, 3);
  const double bound = 1 / std::sqrt(50.0);
  EXPECT_LE(model.Block("W").cwiseAbs().maxCoeff(), bound);
  EXPECT_GT(model.Block("W").cwiseAbs().maxCoeff(), 0.9 * bound);
}

TEST(Train, NonFiniteLossStopsTrainingWithAnError) {
  SignalNoiseSpec spec;
  spec.n = 4;
  spec.d = 6;
  const Dataset data = GenerateSignalNoise(spec, 6);
  PromptAttention model(data.d);
  model.Block("v").setConstant(std::nan(""));
  // A numerical failure, not bad input: a claim instance that meets it fails with its replay.
  EXPECT_THROW(GradientDescent(model, data, {1, ConstantSchedule({{"v", 1}}), 0}),
               NumericalFailure);
}

}  // namespace train_test
}  // namespace boa
