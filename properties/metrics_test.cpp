// metrics: accuracy, Clopper–Pearson test error, the noisy-label error formula, attention by role.
#include <gtest/gtest.h>

#include "boa/metrics.hpp"
#include "boa/signal_noise_data.hpp"

namespace boa {
namespace metrics_test {

TEST(Metrics, AnOracleHeadHasZeroCleanTestErrorWithAnHonestInterval) {
  // With p = 0 attention is uniform, and v = μ₊ − μ₋ scores the signal token ±‖μ‖² while
  // noise tokens are orthogonal to v: every clean sample is classified correctly.
  SignalNoiseSpec spec;
  spec.n = 10;
  spec.d = 20;
  spec.snr = 1;
  const Dataset test = GenerateSignalNoiseTest(spec, 500, 1);
  PromptAttention model(test.d);
  model.Block("v") = test.mu_plus - test.mu_minus;
  const ErrorEstimate e = CleanTestError(model, test);
  EXPECT_EQ(e.errors, 0);
  EXPECT_EQ(e.trials, 500);
  EXPECT_EQ(e.lower, 0.0);
  EXPECT_NEAR(e.upper, 1 - std::pow(0.025, 1.0 / 500), 1e-12);
}

TEST(Metrics, NoisyLabelErrorFormula) {
  EXPECT_DOUBLE_EQ(NoisyLabelError(0.0, 0.1), 0.1);
  EXPECT_DOUBLE_EQ(NoisyLabelError(1.0, 0.1), 0.9);
  EXPECT_DOUBLE_EQ(NoisyLabelError(0.5, 0.3), 0.5);
}

TEST(Metrics, AttentionByRoleAveragesOverTheIncludedSamples) {
  SignalNoiseSpec spec;
  spec.n = 2;
  spec.d = 5;
  spec.T = 3;
  const Dataset data = GenerateSignalNoise(spec, 2);
  RowMatrix attention(2, 3);
  attention << 0.5, 0.25, 0.25, 0.1, 0.2, 0.7;  // signal is token 0 in both samples
  const auto both = MeanAttentionByRole(attention, data, {true, true});
  EXPECT_DOUBLE_EQ(both.at("signal"), 0.3);
  EXPECT_DOUBLE_EQ(both.at("noise"), 0.7);
  const auto second = MeanAttentionByRole(attention, data, {false, true});
  EXPECT_DOUBLE_EQ(second.at("signal"), 0.1);
  EXPECT_TRUE(MeanAttentionByRole(attention, data, {false, false}).empty());
}

TEST(Metrics, TrainAccuracyCountsStrictlyPositiveMargins) {
  SignalNoiseSpec spec;
  spec.n = 4;
  spec.d = 5;
  const Dataset data = GenerateSignalNoise(spec, 3);
  Evaluation e;
  e.f = data.y;
  e.f(0) = 0;  // a zero margin is not a correct prediction
  EXPECT_DOUBLE_EQ(TrainAccuracy(e, data), 0.75);
}

}  // namespace metrics_test
}  // namespace boa
