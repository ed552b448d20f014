// The fused kernel on every SIMD target this CPU runs (boa/simd.hpp): each matches the reference
// kernel (the claim core.kernel.fused_matches_reference checks the target in use, at d ≤ 10,
// below one 16-lane step; these properties reach d = 199); targets with the same multiply–add
// (fused or not) agree bit for bit; and fixed sample blocks reduced in block order make every
// output bit-identical for any thread count (boa/threads.hpp).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "boa/attention_kernel.hpp"
#include "boa/rng.hpp"
#include "boa/simd.hpp"
#include "boa/threads.hpp"
#include "boa/tolerances.hpp"

namespace boa {
namespace attention_kernel_test {

// Restores the thread count however the property exits.
struct ThreadsGuard {
  int saved = KernelThreads();
  ~ThreadsGuard() { SetKernelThreads(saved); }
};

bool BitIdentical(const KernelOutput& a, const KernelOutput& b) {
  return a.loss == b.loss && a.f == b.f && a.attention == b.attention &&
         a.dloss_dscore == b.dloss_dscore && a.grad_q == b.grad_q && a.grad_u == b.grad_u;
}

struct Instance {
  RowMatrix X, Q;  // Q: one query per sample
  Vector y, q, u;
  int T = 0;
};

// Up to 6 blocks of kSamplesPerBlock samples, so threads really split the work; d up to 200
// covers several 16-lane steps and every remainder length. Queries and the head have entries of
// size 1/√d, so scores are O(1) and the attention is not one-hot.
Instance DrawInstance() {
  const int n = *rc::gen::inRange(1, 6 * kSamplesPerBlock + 1);
  const int T = *rc::gen::inRange(1, 6), d = *rc::gen::inRange(1, 200);
  Rng rng(*rc::gen::arbitrary<std::uint32_t>());
  auto normal = [&] { return rng.Normal(); };
  const double sd = 1 / std::sqrt(static_cast<double>(d));
  auto small = [&] { return sd * rng.Normal(); };
  Instance s;
  s.T = T;
  s.X = RowMatrix::NullaryExpr(static_cast<Eigen::Index>(n) * T, d, normal);
  s.Q = RowMatrix::NullaryExpr(n, d, small);
  s.y = Vector::NullaryExpr(n, [&] { return rng.Bernoulli(0.5) ? 1.0 : -1.0; });
  s.q = Vector::NullaryExpr(d, small);
  s.u = Vector::NullaryExpr(d, small);
  return s;
}

KernelOutput Fused(const Instance& s, bool per_sample_query) {
  KernelOutput out;
  if (per_sample_query) {
    FusedAttentionKernel(s.X, s.T, s.y, s.Q, s.u, true, out);
  } else {
    FusedAttentionKernel(s.X, s.T, s.y, s.q, s.u, true, out);
  }
  return out;
}

// Largest gap between the fused and the reference kernel over every output, in units of
// kernel_match × the size of the sums that produce it (Σ|x||q| and Σ|x||u| per row, and
// |X|ᵀ|∂L/∂a| + |X|ᵀ|∂L/∂b| for the gradients), so cancellation cannot fail a correct kernel
// while a wrong row or lane is off by the whole sum.
double GapToReference(const Instance& s, const KernelOutput& fused) {
  const KernelOutput ref = ReferenceAttentionKernel(s.X, s.T, s.y, s.q, s.u);
  const RowMatrix absX = s.X.cwiseAbs();
  const double score_size = (absX * s.q.cwiseAbs()).maxCoeff();
  const double value_size = (absX * s.u.cwiseAbs()).maxCoeff();
  const double size = (1 + score_size) * (1 + value_size);
  auto flat = [](const RowMatrix& m) { return Eigen::Map<const Vector>(m.data(), m.size()); };
  // |∂L/∂b_it| ≤ s_it / n: the logistic weight is at most 1.
  const double n = static_cast<double>(s.y.size());
  const double gradient_size =
      (absX.transpose() * (flat(ref.dloss_dscore).cwiseAbs() + flat(ref.attention) / n)).maxCoeff();
  auto gap = [](const auto& a, const auto& b) { return (a - b).cwiseAbs().maxCoeff(); };
  const double tol = kTolerances.kernel_match;
  return std::max({std::fabs(fused.loss - ref.loss) / (tol * size),
                   gap(fused.f, ref.f) / (tol * size),
                   gap(flat(fused.attention), flat(ref.attention)) / (tol * size),
                   gap(flat(fused.dloss_dscore), flat(ref.dloss_dscore)) / (tol * size),
                   gap(fused.grad_q, ref.grad_q) / (tol * size * gradient_size),
                   gap(fused.grad_u, ref.grad_u) / (tol * size * gradient_size)});
}

RC_GTEST_PROP(AttentionKernel, EveryTargetMatchesTheReference, ()) {
  const Instance s = DrawInstance();
  for (const std::string& target : SupportedSimdTargets()) {
    const ScopedSimdTarget on(target);
    const double gap = GapToReference(s, Fused(s, false));
    RC_LOG() << "SIMD target " << target << ": gap " << gap << " × the allowed\n";
    RC_ASSERT(gap <= 1.0);
  }
}

RC_GTEST_PROP(AttentionKernel, TargetsWithTheSameMultiplyAddAgreeBitForBit, ()) {
  const Instance s = DrawInstance();
  const bool per_sample_query = *rc::gen::arbitrary<bool>();
  const std::vector<std::string> targets = SupportedSimdTargets();
  std::vector<KernelOutput> outputs;
  for (const std::string& target : targets) {
    const ScopedSimdTarget on(target);
    outputs.push_back(Fused(s, per_sample_query));
  }
  for (std::size_t a = 0; a < targets.size(); ++a) {
    for (std::size_t b = a + 1; b < targets.size(); ++b) {
      if (!SimdTargetsAgree(targets[a], targets[b])) continue;
      RC_LOG() << targets[a] << " against " << targets[b] << '\n';
      RC_ASSERT(BitIdentical(outputs[a], outputs[b]));
    }
  }
}

RC_GTEST_PROP(AttentionKernel, ResultsAreBitIdenticalForAnyThreadCount, ()) {
  const Instance s = DrawInstance();
  const bool per_sample_query = *rc::gen::arbitrary<bool>();
  ThreadsGuard guard;
  for (const std::string& target : SupportedSimdTargets()) {
    const ScopedSimdTarget on(target);
    RC_LOG() << "SIMD target " << target << '\n';
    SetKernelThreads(1);
    const KernelOutput one = Fused(s, per_sample_query);
    // 2 and 3 threads split the blocks differently (static schedule) and stay near the suite's
    // 2-core budget.
    for (int threads : {2, 3}) {
      SetKernelThreads(threads);
      RC_ASSERT(BitIdentical(one, Fused(s, per_sample_query)));
    }
  }
}

// The dispatch really switches code: on a fixed instance large enough for rounding to show, a
// target with fused multiply-add and one without give different last bits of ∇_q; on a CPU whose
// best and baseline targets are of one group, the two give the same bits.
TEST(AttentionKernel, DispatchRunsTheChosenTarget) {
  const std::vector<std::string> targets = SupportedSimdTargets();
  const bool one_group = SimdTargetsAgree(targets.front(), targets.back());
  Rng rng(20261130);
  auto normal = [&] { return rng.Normal(); };
  Instance s;
  s.T = 4;
  s.X = RowMatrix::NullaryExpr(16 * s.T, 1000, normal);
  s.y = Vector::NullaryExpr(16, [&] { return rng.Bernoulli(0.5) ? 1.0 : -1.0; });
  s.q = Vector::NullaryExpr(1000, normal);
  s.u = Vector::NullaryExpr(1000, normal);
  KernelOutput best, baseline;
  {
    const ScopedSimdTarget on(targets.front());
    EXPECT_EQ(SimdTargetName(), targets.front());
    best = Fused(s, false);
  }
  {
    const ScopedSimdTarget on(targets.back());
    EXPECT_EQ(SimdTargetName(), targets.back());
    baseline = Fused(s, false);
  }
  if (one_group) {
    EXPECT_EQ(best.grad_q, baseline.grad_q) << targets.front() << " and " << targets.back();
  } else {
    EXPECT_NE(best.grad_q, baseline.grad_q) << targets.front() << " and " << targets.back();
  }
  EXPECT_LE((best.grad_q - baseline.grad_q).norm(), 1e-12 * baseline.grad_q.norm());
}

}  // namespace attention_kernel_test
}  // namespace boa
