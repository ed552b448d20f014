// The attention kernel: fused one-pass vs the plain Eigen reference, on the same (n, T, d).
// Counters: bytes of X per second and ns per sample·token·dimension.
#include <benchmark/benchmark.h>

#include "boa/attention_kernel.hpp"
#include "boa/rng.hpp"

namespace boa {
namespace {

struct Problem {
  RowMatrix X;
  Vector y, q, u;
  int T;
};

Problem MakeProblem(const benchmark::State& state) {
  const int n = static_cast<int>(state.range(0)), T = static_cast<int>(state.range(1)),
            d = static_cast<int>(state.range(2));
  Rng rng(1);
  Problem p;
  p.T = T;
  p.X = RowMatrix::NullaryExpr(static_cast<Eigen::Index>(n) * T, d, [&] { return rng.Normal(); });
  p.y = Vector::NullaryExpr(n, [&] { return rng.Bernoulli(0.5) ? 1.0 : -1.0; });
  p.q = Vector::NullaryExpr(d, [&] { return rng.Normal() / d; });
  p.u = Vector::NullaryExpr(d, [&] { return rng.Normal() / d; });
  return p;
}

void SetCounters(benchmark::State& state, const Problem& p) {
  const double elements = static_cast<double>(p.X.size());
  state.SetBytesProcessed(static_cast<std::int64_t>(static_cast<double>(state.iterations()) * elements * sizeof(double)));
  state.counters["ns_per_element"] = benchmark::Counter(
      static_cast<double>(state.iterations()) * elements,
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_FusedKernel(benchmark::State& state) {
  const Problem p = MakeProblem(state);
  KernelOutput out;
  for (auto _ : state) {
    FusedAttentionKernel(p.X, p.T, p.y, p.q, p.u, true, out);
    benchmark::DoNotOptimize(out.grad_q.data());
  }
  SetCounters(state, p);
}

void BM_ReferenceKernel(benchmark::State& state) {
  const Problem p = MakeProblem(state);
  for (auto _ : state) {
    KernelOutput out = ReferenceAttentionKernel(p.X, p.T, p.y, p.q, p.u);
    benchmark::DoNotOptimize(out.grad_q.data());
  }
  SetCounters(state, p);
}

// Shapes named in issue 5: (20, 2, 2000), (100, 2, 10000), (200, 8, 2000).
#define BOA_KERNEL_SHAPES \
  ArgNames({"n", "T", "d"})->Args({20, 2, 2000})->Args({100, 2, 10000})->Args({200, 8, 2000})

BENCHMARK(BM_FusedKernel)->BOA_KERNEL_SHAPES;
BENCHMARK(BM_ReferenceKernel)->BOA_KERNEL_SHAPES;

}  // namespace
}  // namespace boa

BENCHMARK_MAIN();
