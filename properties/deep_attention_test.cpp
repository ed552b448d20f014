// deep_attention: M4 (boa/deep_attention.hpp) reduces to M1 where it must, and its hand-derived
// gradients match central finite differences at depths the core claim does not draw (it draws
// L = 3).
#include <gtest/gtest.h>

#include <cmath>

#include "boa/deep_attention.hpp"
#include "boa/error.hpp"
#include "boa/finite_difference.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/tolerances.hpp"
#include "boa/train.hpp"

namespace boa {
namespace deep_attention_test {

Dataset SmallData(int T, std::uint64_t seed) {
  SignalNoiseSpec spec;
  spec.n = 5;
  spec.d = 6;
  spec.T = T;
  spec.snr = 1;
  spec.eta = 0.2;
  spec.position = SignalPosition::kRandom;
  return GenerateSignalNoise(spec, seed);
}

// A one-layer stack is M1: the same kernel call on the same tokens, so bit-identical.
TEST(DeepAttention, OneLayerIsPromptAttention) {
  const Dataset data = SmallData(3, 4);
  DeepAttention deep(data.d, 1);
  InitGaussian(deep, 0.5, 4);
  PromptAttention m1(data.d);
  m1.Block("p") = deep.Block("p");
  m1.Block("v") = deep.Block("v");
  const Evaluation a = deep.Evaluate(data, true), b = m1.Evaluate(data, true);
  EXPECT_EQ(a.loss, b.loss);
  EXPECT_EQ(a.gradient[0], b.gradient[0]);
  EXPECT_EQ(a.gradient[1], b.gradient[1]);
}

// With Q = V = 0 every layer adds S(·)·X·0 = 0, so the stack computes M1 on the raw tokens; the
// V gradients are not zero there (which is why the depth claim starts Q, V away from 0).
TEST(DeepAttention, ZeroLayersComputePromptAttention) {
  const Dataset data = SmallData(3, 5);
  DeepAttention deep(data.d, 3);
  PromptAttention m1(data.d);
  InitGaussian(m1, 0.5, 5);
  deep.Block("p") = m1.Block("p");
  deep.Block("v") = m1.Block("v");
  const Evaluation a = deep.Evaluate(data, true), b = m1.Evaluate(data, true);
  EXPECT_EQ(a.loss, b.loss);
  EXPECT_EQ(a.gradient[4], b.gradient[0]);  // p
  EXPECT_EQ(a.gradient[5], b.gradient[1]);  // v
  EXPECT_GT(a.gradient[1].norm(), 0);       // V1
}

TEST(DeepAttention, GradientsMatchFiniteDifferencesAtDepthTwoAndFour) {
  for (const int layers : {2, 4}) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const Dataset data = SmallData(2 + static_cast<int>(seed % 3), seed);
      DeepAttention model(data.d, layers);
      InitGaussian(model, 0.4, seed);
      const GradientCheck check = CheckGradientByFiniteDifference(model, data, kTolerances.fd_rtol,
                                                                  kTolerances.fd_step, seed);
      EXPECT_TRUE(check.ok) << "L = " << layers << ", seed " << seed << ": at " << check.worst_where
                            << " analytic " << check.worst_analytic << ", finite difference "
                            << check.worst_fd;
    }
  }
}

// The first layer's attention (FirstLayerAttention) against its formula written out per entry:
// row i, column t = (1/T) Σ_q exp(x_qᵀQ₁x_t) / Σ_u exp(x_qᵀQ₁x_u) over sample i's tokens; with
// Q₁ = 0 every weight is 1/T. Layers above the first do not enter it.
TEST(DeepAttention, FirstLayerAttentionIsTheMeanSoftmaxRow) {
  for (const int layers : {2, 3}) {
    const Dataset data = SmallData(3, 7);
    DeepAttention model(data.d, layers);
    EXPECT_TRUE(model.FirstLayerAttention(data).isApproxToConstant(1.0 / 3, 1e-15));
    InitGaussian(model, 0.5, 7);
    const RowMatrix mean = model.FirstLayerAttention(data);
    const Eigen::Map<const RowMatrix> Q(model.Block("Q1").data(), data.d, data.d);
    for (int i = 0; i < data.n; ++i) {
      for (int t = 0; t < data.T; ++t) {
        double expected = 0;
        for (int q = 0; q < data.T; ++q) {
          const auto xq = data.X.row(i * data.T + q);
          double total = 0;
          for (int u = 0; u < data.T; ++u)
            total += std::exp(xq * Q * data.X.row(i * data.T + u).transpose());
          expected += std::exp(xq * Q * data.X.row(i * data.T + t).transpose()) / total / data.T;
        }
        EXPECT_NEAR(mean(i, t), expected, 1e-12)
            << "L = " << layers << ", sample " << i << ", token " << t;
      }
    }
  }
  DeepAttention one(6, 1);
  EXPECT_THROW(one.FirstLayerAttention(SmallData(2, 1)), InvalidInput);
}

}  // namespace deep_attention_test
}  // namespace boa
