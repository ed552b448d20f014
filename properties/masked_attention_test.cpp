// Variable token counts (Dataset::lengths, THEORY.md §2.2): the masked attention equals running
// every sample at its own length without padding — the fused kernel (shared and per-sample
// queries, whatever the padding rows hold), AttentionFromScores, M1 and M2 — to 1e-12; the
// factored W path of M2 follows the dense masked update; and the variable-count D2 generator
// draws its counts in the declared ranges, lays the roles out in order, and zeroes the padding.
// Finite differences on masked instances: core.gradient.finite_difference (model 10).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "boa/attention_kernel.hpp"
#include "boa/error.hpp"
#include "boa/model.hpp"
#include "boa/projected_test_error.hpp"
#include "boa/rng.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/train.hpp"

namespace boa {
namespace masked_attention_test {

constexpr double kRtol = 1e-12;

// |a − b| ≤ rtol·(max|b| + 1e-300), entry by entry; sizes must match.
bool Close(const Vector& a, const Vector& b, double scale) {
  if (a.size() != b.size()) return false;
  return a.size() == 0 || (a - b).cwiseAbs().maxCoeff() <= kRtol * std::max(scale, 1e-300);
}

struct MaskedInstance {
  RowMatrix X, Q;
  Vector y, q, u;
  std::vector<int> lengths;
  int T = 0;
};

// Padding rows hold arbitrary (Gaussian) numbers: the mask, not zero rows, must remove them.
MaskedInstance DrawMasked() {
  const int n = *rc::gen::inRange(1, 3 * kSamplesPerBlock + 2);
  const int T = *rc::gen::inRange(1, 7), d = *rc::gen::inRange(1, 40);
  Rng rng(*rc::gen::arbitrary<std::uint32_t>());
  const double sd = 1 / std::sqrt(static_cast<double>(d));
  MaskedInstance s;
  s.T = T;
  s.X = RowMatrix::NullaryExpr(static_cast<Eigen::Index>(n) * T, d, [&] { return rng.Normal(); });
  s.Q = RowMatrix::NullaryExpr(n, d, [&] { return 3 * sd * rng.Normal(); });
  s.y = Vector::NullaryExpr(n, [&] { return rng.Bernoulli(0.5) ? 1.0 : -1.0; });
  s.q = Vector::NullaryExpr(d, [&] { return 3 * sd * rng.Normal(); });
  s.u = Vector::NullaryExpr(d, [&] { return sd * rng.Normal(); });
  for (int i = 0; i < n; ++i) s.lengths.push_back(rng.UniformInt(1, T));
  return s;
}

// Every output of the masked kernel against n unpadded one-sample runs (each with n = 1, so its
// loss and derivatives are n times sample i's share of the masked run's).
void AssertEqualsOwnLengthRuns(const MaskedInstance& s, bool per_sample_query) {
  const Eigen::Index n = s.y.size();
  KernelOutput masked;
  if (per_sample_query) {
    FusedAttentionKernel(s.X, s.T, s.y, s.Q, s.u, true, masked, s.lengths);
  } else {
    FusedAttentionKernel(s.X, s.T, s.y, s.q, s.u, true, masked, s.lengths);
  }
  double loss = 0;
  Vector grad_q = Vector::Zero(s.X.cols()), grad_u = Vector::Zero(s.X.cols());
  for (Eigen::Index i = 0; i < n; ++i) {
    const int L = s.lengths[static_cast<std::size_t>(i)];
    const RowMatrix Xi = s.X.middleRows(i * s.T, L);
    const Vector yi = s.y.segment(i, 1);
    KernelOutput own;
    if (per_sample_query) {
      FusedAttentionKernel(Xi, L, yi, RowMatrix(s.Q.row(i)), s.u, true, own);
    } else {
      FusedAttentionKernel(Xi, L, yi, s.q, s.u, true, own);
    }
    RC_ASSERT(std::fabs(masked.f(i) - own.f(0)) <= kRtol * (std::fabs(own.f(0)) + 1e-300));
    const Vector attention = masked.attention.row(i).transpose();
    RC_ASSERT(Close(attention.head(L), own.attention.row(0).transpose(), 1));
    RC_ASSERT((attention.tail(s.T - L).array() == 0).all());  // padding: weight exactly 0
    const Vector da = masked.dloss_dscore.row(i).transpose() * static_cast<double>(n);
    const Vector own_da = own.dloss_dscore.row(0).transpose();
    RC_ASSERT(Close(da.head(L), own_da, own_da.cwiseAbs().maxCoeff()));
    RC_ASSERT((da.tail(s.T - L).array() == 0).all());
    loss += own.loss;
    grad_q += own.grad_q;
    grad_u += own.grad_u;
  }
  loss /= static_cast<double>(n);
  grad_q /= static_cast<double>(n);
  grad_u /= static_cast<double>(n);
  RC_ASSERT(std::fabs(masked.loss - loss) <= kRtol * loss);
  // The sums add the same terms in another order: scale by the size of the summands.
  const double scale =
      s.X.cwiseAbs().maxCoeff() * (1 + s.u.cwiseAbs().sum() * static_cast<double>(s.X.cols()));
  RC_ASSERT(Close(masked.grad_q, grad_q, scale));
  RC_ASSERT(Close(masked.grad_u, grad_u, scale));
}

RC_GTEST_PROP(MaskedAttention, KernelEqualsEachSampleAtItsOwnLength, ()) {
  AssertEqualsOwnLengthRuns(DrawMasked(), false);
}

RC_GTEST_PROP(MaskedAttention, PerSampleQueriesEqualEachSampleAtItsOwnLength, ()) {
  AssertEqualsOwnLengthRuns(DrawMasked(), true);
}

RC_GTEST_PROP(MaskedAttention, AttentionFromScoresMasksAsTheKernelDoes, ()) {
  const MaskedInstance s = DrawMasked();
  KernelOutput kernel, from_scores;
  FusedAttentionKernel(s.X, s.T, s.y, s.q, s.u, true, kernel, s.lengths);
  AttentionFromScores(s.X * s.q, s.X * s.u, s.T, s.y, from_scores, s.lengths);
  RC_ASSERT(Close(from_scores.f, kernel.f, kernel.f.cwiseAbs().maxCoeff()));
  const auto flat = [](const RowMatrix& m) { return Eigen::Map<const Vector>(m.data(), m.size()); };
  RC_ASSERT(Close(flat(from_scores.attention), flat(kernel.attention), 1));
  RC_ASSERT(Close(flat(from_scores.dloss_dscore), flat(kernel.dloss_dscore),
                  kernel.dloss_dscore.cwiseAbs().maxCoeff()));
  for (std::size_t i = 0; i < s.lengths.size(); ++i) {
    for (int t = s.lengths[i]; t < s.T; ++t) {
      RC_ASSERT(from_scores.attention(static_cast<Eigen::Index>(i), t) == 0.0);
    }
  }
}

TEST(MaskedAttention, RefusesALengthOutsideOneToT) {
  const RowMatrix X = RowMatrix::Ones(4, 3);
  const Vector y = Vector::Ones(2), q = Vector::Ones(3);
  KernelOutput out;
  const std::vector<int> zero{1, 0}, long_one{3, 1}, short_list{2};
  EXPECT_THROW(FusedAttentionKernel(X, 2, y, q, q, true, out, zero), InvalidInput);
  EXPECT_THROW(FusedAttentionKernel(X, 2, y, q, q, true, out, long_one), InvalidInput);
  EXPECT_THROW(FusedAttentionKernel(X, 2, y, q, q, true, out, short_list), InvalidInput);
}

TokenSelectionSpec DrawVariableSpec() {
  TokenSelectionSpec spec;
  spec.n = *rc::gen::inRange(2, 12);
  spec.relevant = *rc::gen::inRange(1, 3);
  spec.weak_same = *rc::gen::inRange(1, 3);
  spec.weak_opposite = *rc::gen::inRange(1, 3);
  spec.T_min = spec.relevant + spec.weak_same + spec.weak_opposite + *rc::gen::inRange(0, 2);
  spec.T = spec.T_min + *rc::gen::inRange(0, 4);
  spec.d = *rc::gen::inRange(3, 30);
  spec.mu_norm = *rc::gen::inRange(1, 6);
  spec.rho = 0.5;
  spec.eta = 0.2;
  return spec;
}

RC_GTEST_PROP(VariableTokenCounts, CountsInRangeRolesInOrderPaddingZero, ()) {
  const TokenSelectionSpec spec = DrawVariableSpec();
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  const Dataset data = GenerateTokenSelection(spec, seed);
  const std::vector<TokenCounts> counts = DrawTokenCounts(spec, spec.n, seed, kTrainTokenCounts);
  RC_ASSERT(static_cast<int>(data.lengths.size()) == spec.n);
  for (int i = 0; i < spec.n; ++i) {
    const TokenCounts& c = counts[static_cast<std::size_t>(i)];
    RC_ASSERT(data.Length(i) == c.length);
    RC_ASSERT(c.length >= spec.T_min && c.length <= spec.T);
    RC_ASSERT(c.relevant >= 1 && c.relevant <= spec.relevant);
    RC_ASSERT(c.weak_same >= 1 && c.weak_same <= spec.weak_same);
    RC_ASSERT(c.weak_opposite >= 1 && c.weak_opposite <= spec.weak_opposite);
    std::vector<TokenRole> expected;
    expected.insert(expected.end(), c.relevant, TokenRole::kRelevant);
    expected.insert(expected.end(), c.weak_same, TokenRole::kWeakSame);
    expected.insert(expected.end(), c.weak_opposite, TokenRole::kWeakOpposite);
    expected.resize(c.length, TokenRole::kIrrelevant);
    expected.resize(spec.T, TokenRole::kPadding);
    for (int t = 0; t < spec.T; ++t) {
      RC_ASSERT(data.Role(i, t) == expected[static_cast<std::size_t>(t)]);
      const auto row = data.X.row(static_cast<Eigen::Index>(i) * spec.T + t);
      if (t >= c.length) RC_ASSERT((row.array() == 0).all());
    }
  }
}

TEST(VariableTokenCounts, ConstantCountsAreUnchangedAndVariableOnesRefusedWhereUnsupported) {
  TokenSelectionSpec spec;
  spec.n = 6;
  spec.T = 5;
  spec.d = 12;
  const Dataset constant = GenerateTokenSelection(spec, 3);
  EXPECT_TRUE(constant.lengths.empty());
  spec.T_min = 3;
  const Dataset variable = GenerateTokenSelection(spec, 3);
  EXPECT_EQ(variable.lengths.size(), 6u);
  TokenSelectionSpec bad = spec;
  bad.T_min = 2;  // below relevant + weak_same + weak_opposite
  EXPECT_THROW(Validate(bad), InvalidInput);
  bad = spec;
  bad.T_min = 6;  // above T
  EXPECT_THROW(Validate(bad), InvalidInput);
  bad = spec;
  bad.weak_same = 0;
  EXPECT_THROW(Validate(bad), InvalidInput);
  SelfAttention m3(spec.d);
  EXPECT_THROW(m3.Evaluate(variable, false), InvalidInput);
  EXPECT_THROW(TokenMeanSignalOf(spec), InvalidInput);
}

// M1 and M2 on variable-count data equal the model run on each sample alone at its own length.
RC_GTEST_PROP(VariableTokenCounts, ModelsEqualEachSampleAtItsOwnLength, ()) {
  const TokenSelectionSpec spec = DrawVariableSpec();
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  const Dataset data = GenerateTokenSelection(spec, seed);
  Rng rng(seed, kInit);
  TokenSelection m2(spec.d, DefaultHead(data), true);
  InitTokenSelectionW(m2, seed);
  PromptAttention m1(spec.d);
  for (double& x : m2.Block("p")) x = rng.Normal() / std::sqrt(spec.d);
  for (double& x : m1.Block("p")) x = rng.Normal();
  for (double& x : m1.Block("v")) x = rng.Normal() / spec.d;
  for (const Model* model : {static_cast<const Model*>(&m1), static_cast<const Model*>(&m2)}) {
    const Evaluation masked = model->Evaluate(data, true);
    double loss = 0;
    for (int i = 0; i < spec.n; ++i) {
      const int L = data.Length(i);
      Dataset one;
      one.n = 1;
      one.T = L;
      one.d = spec.d;
      one.X = data.X.middleRows(static_cast<Eigen::Index>(i) * spec.T, L);
      one.y = data.y.segment(i, 1);
      one.y_true = data.y_true.segment(i, 1);
      one.noisy = {data.noisy[static_cast<std::size_t>(i)]};
      one.mu_plus = data.mu_plus;
      one.mu_minus = data.mu_minus;
      const Evaluation own = model->Evaluate(one, false);
      RC_ASSERT(std::fabs(masked.f(i) - own.f(0)) <= kRtol * (std::fabs(own.f(0)) + 1e-300));
      const Vector row = masked.attention.row(i).transpose();
      RC_ASSERT(Close(row.head(L), own.attention.row(0).transpose(), 1));
      RC_ASSERT((row.tail(spec.T - L).array() == 0).all());
      loss += own.loss;
    }
    RC_ASSERT(std::fabs(masked.loss - loss / spec.n) <= kRtol * masked.loss);
  }
}

// n·T < d: GradientDescent steps W in factored form (AttentionFromScores with the lengths); it
// must follow the dense masked update (the fused kernel with the lengths) step for step.
RC_GTEST_PROP(VariableTokenCounts, FactoredWPathFollowsTheDenseMaskedUpdate, ()) {
  TokenSelectionSpec spec = DrawVariableSpec();
  spec.d = spec.n * spec.T + *rc::gen::inRange(1, 12);
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  const Dataset data = GenerateTokenSelection(spec, seed);
  TokenSelection factored(spec.d, DefaultHead(data), true);
  InitTokenSelectionW(factored, seed);
  TokenSelection dense = factored;
  const int steps = *rc::gen::inRange(1, 20);
  const double beta = *rc::gen::inRange(1, 50) / 100.0;
  for (int k = 0; k < steps; ++k) {
    const Evaluation e = dense.Evaluate(data, true);
    dense.Block("p") -= beta * e.gradient[0];
    dense.Block("W") -= beta * e.gradient[1];
  }
  bool factored_path = true;
  GradientDescent(factored, data, {steps, ConstantSchedule({{"p", beta}, {"W", beta}}), 0},
                  [&](int step, const Model&, const Evaluation& e) {
                    if (step < steps) factored_path &= e.gradient.empty();
                  });
  RC_ASSERT(factored_path);
  const Vector a = factored.Query(), b = dense.Query();
  RC_ASSERT((a - b).cwiseAbs().maxCoeff() <= 1e-10 * std::max(b.cwiseAbs().maxCoeff(), 1e-300));
}

// The projected clean test error of variable-count data (each test sample with its own counts,
// stream kTestTokenCounts) is deterministic in the seed, and its relevant-token attention is a
// mean of softmax weights.
TEST(VariableTokenCounts, ProjectedTestErrorIsDeterministic) {
  TokenSelectionSpec spec;
  spec.n = 4;
  spec.T = 8;
  spec.T_min = 4;
  spec.relevant = 2;
  spec.d = 50;
  spec.mu_norm = 2;
  const Dataset probe = GenerateTokenSelection(spec, 1);
  Vector q = Vector::Zero(spec.d);
  q(0) = q(1) = 1;
  const Vector head = DefaultHead(probe);
  const ProjectedTestResult a = ProjectedCleanTestError(q, head, spec, 400, 9);
  const ProjectedTestResult b = ProjectedCleanTestError(q, head, spec, 400, 9);
  EXPECT_EQ(a.error.errors, b.error.errors);
  EXPECT_GT(a.mean_signal_attention, 0);
  EXPECT_LE(a.mean_signal_attention, 1);
}

}  // namespace masked_attention_test
}  // namespace boa
