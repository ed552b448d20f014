// w_svm: the W-SVM of the [M] self-attention conjecture and GD on W in factored form.
//   - certificate: on random D1 draws the dual solution satisfies every KKT condition when checked
//     on the dense W (feasibility, complementary slackness, ‖W‖_F² = 1ᵀα: no duality gap), which
//     proves it optimal for this convex QP;
//   - peer: on hand-built data with orthogonal tokens the W-SVM splits into one query SVM per
//     class, whose norm has a closed form (derived below);
//   - peer: the factored GD is GD on the dense SelfAttention model (boa/model.hpp), step by step.
#include <cmath>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/model.hpp"
#include "boa/sample_labels.hpp"
#include "boa/train.hpp"
#include "boa/w_svm.hpp"
#include "max_margin_data.hpp"

namespace boa {
namespace w_svm_test {
using test_support::ArbitraryMaxMarginSpec;
using test_support::OrthogonalSignalNoise;

// δ_iᵀ W x_{i1} for every sample, on the dense W.
Vector DenseMargins(const Dataset& data, const TokenChoice& choice, const RowMatrix& W) {
  Vector m(data.n);
  for (int i = 0; i < data.n; ++i) {
    const auto tokens = data.Tokens(i);
    const Vector delta = tokens.row(choice[i]) - tokens.row(1 - choice[i]);
    m(i) = delta.dot(W * tokens.row(0).transpose());
  }
  return m;
}

RC_GTEST_PROP(WSvm, TheDualSolutionIsCertifiedOptimalOnTheDenseW, ()) {
  SignalNoiseSpec spec = ArbitraryMaxMarginSpec(4, 10, 1, 3, 25);
  const Dataset data = GenerateSignalNoise(spec, *rc::gen::arbitrary<std::uint32_t>());
  const TokenChoice choice = SignalForCleanClasses(LabelsOf(data), true, true);
  const WSvm s = SolveWSvm(data, choice);
  RC_ASSERT(s.svm.converged);
  const RowMatrix W = DenseW(data, s.w);
  const Vector m = DenseMargins(data, choice, W);
  for (int i = 0; i < data.n; ++i) {
    RC_ASSERT(s.svm.alpha(i) >= 0);
    RC_ASSERT(m(i) >= 1 - 1e-8);                                    // primal feasibility
    if (s.svm.alpha(i) > 0) RC_ASSERT(std::abs(m(i) - 1) <= 1e-8);  // complementary slackness
  }
  const double norm2 = W.squaredNorm();
  RC_ASSERT(std::abs(norm2 - s.svm.alpha.sum()) <= 1e-8 * norm2);  // ½‖W‖² = dual objective
  RC_ASSERT(std::abs(norm2 - FrobeniusInner(FirstTokenGram(data), s.w, s.w)) <= 1e-10 * norm2);
}

// Orthogonal tokens, M = ‖μ‖², X = ‖ξ_i‖²: W μ_c = q_c decouples the classes and the smallest W
// with those queries is Σ_c q_c μ_cᵀ/M, so ‖W_SVM‖_F² = Σ_c ‖q_c‖²/M, where q_c solves
// min ‖q‖ s.t. (μ − ξ_i)ᵀq ≥ 1 (k clean), (ξ_j − μ)ᵀq ≥ 1 (m noisy). With q = aμ − bΣξ_i + b'Σξ_j
// and both constraint kinds active, b = (1 − aM)/X, b' = (1 + aM)/X, and stationarity in a gives
// a = (k − m)/(X + (k + m)M).
TEST(WSvm, NormMatchesThePerClassClosedFormOnOrthogonalTokens) {
  const double mu = 3, xi = 5, M = mu * mu, X = xi * xi;
  for (int noisy : {0, 1, 2}) {
    const Dataset data = OrthogonalSignalNoise(12, noisy, mu, xi);
    const WSvm s = SolveWSvm(data, SignalForCleanClasses(LabelsOf(data), true, true));
    ASSERT_TRUE(s.svm.converged);
    const int k = 6 - noisy, m = noisy;
    const double a = (k - m) / (X + (k + m) * M);
    const double q2 = a * a * M + (k * std::pow(1 - a * M, 2) + m * std::pow(1 + a * M, 2)) / X;
    EXPECT_NEAR(s.svm.norm_squared, 2 * q2 / M, 1e-10 * q2 / M) << noisy << " noisy per class";
  }
}

TEST(WSvm, FactoredGdIsGdOnTheDenseSelfAttentionModel) {
  SignalNoiseSpec spec;
  spec.n = 6;
  spec.d = 40;
  spec.snr = 0.6;
  spec.eta = 0.2;
  spec.flips = FlipRule::kExact;
  const Dataset data = GenerateSignalNoise(spec, 11);
  const double beta_v = 4.0 * data.n / data.d, beta_w = beta_v / data.mu_plus.squaredNorm();
  const WDirectionTrace trace = RunSelfAttentionDirection(data, beta_w, beta_v, {10, 25});
  SelfAttention model(data.d);
  GradientDescent(model, data, {25, ConstantSchedule({{"v", beta_v}, {"W", beta_w}})});
  const RowMatrix dense = AsMatrix(model.Block("W"), data.d);
  EXPECT_LE((DenseW(data, trace.iterates.back()) - dense).norm(), 1e-10 * dense.norm());
  // The cosine is the dense matrices' cosine.
  const WSvm target = SolveWSvm(data, SignalForCleanClasses(LabelsOf(data), true, true));
  const RowMatrix dense_target = DenseW(data, target.w);
  EXPECT_NEAR(DirectionCosines(data, trace, target.w).back(),
              (dense.array() * dense_target.array()).sum() / (dense.norm() * dense_target.norm()),
              1e-10);
  EXPECT_LE((trace.v - model.Block("v")).norm(), 1e-10 * model.Block("v").norm());
  EXPECT_GT(dense.norm(), 0);
}

}  // namespace w_svm_test
}  // namespace boa
