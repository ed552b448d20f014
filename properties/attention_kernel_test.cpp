// The fused kernel's threading: fixed sample blocks reduced in block order make every output
// bit-identical for any thread count (boa/threads.hpp).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/attention_kernel.hpp"
#include "boa/rng.hpp"
#include "boa/threads.hpp"

namespace boa {
namespace {

// Restores the thread count however the property exits.
struct ThreadsGuard {
  int saved = KernelThreads();
  ~ThreadsGuard() { SetKernelThreads(saved); }
};

bool BitIdentical(const KernelOutput& a, const KernelOutput& b) {
  return a.loss == b.loss && a.f == b.f && a.attention == b.attention &&
         a.dloss_dscore == b.dloss_dscore && a.grad_q == b.grad_q && a.grad_u == b.grad_u;
}

RC_GTEST_PROP(AttentionKernel, ResultsAreBitIdenticalForAnyThreadCount, ()) {
  // Up to 6 blocks of kSamplesPerBlock samples, so threads really split the work.
  const int n = *rc::gen::inRange(1, 6 * kSamplesPerBlock + 1);
  const int T = *rc::gen::inRange(1, 6), d = *rc::gen::inRange(1, 200);
  Rng rng(*rc::gen::arbitrary<std::uint32_t>());
  const RowMatrix X = RowMatrix::NullaryExpr(static_cast<Eigen::Index>(n) * T, d, [&] { return rng.Normal(); });
  const Vector y = Vector::NullaryExpr(n, [&] { return rng.Bernoulli(0.5) ? 1.0 : -1.0; });
  const Vector q = Vector::NullaryExpr(d, [&] { return rng.Normal(); });
  const Vector u = Vector::NullaryExpr(d, [&] { return rng.Normal(); });
  ThreadsGuard guard;
  SetKernelThreads(1);
  KernelOutput one;
  FusedAttentionKernel(X, T, y, q, u, true, one);
  // 2 and 3 threads split the blocks differently (static schedule) and stay near the suite's
  // 2-core budget.
  for (int threads : {2, 3}) {
    SetKernelThreads(threads);
    KernelOutput many;
    FusedAttentionKernel(X, T, y, q, u, true, many);
    RC_ASSERT(BitIdentical(one, many));
  }
}

}  // namespace
}  // namespace boa
