// The attention kernel on the same (n, T, d): fused one-pass, the plain Eigen reference (four
// matrix–vector products), and a streaming read of X's bytes (the memory roofline: no kernel can
// beat one read of X). Counters: bytes of X per second and ns per sample·token·dimension.
#include "support/benchmark_support.hpp"

#include "boa/attention_kernel.hpp"
#include "boa/threads.hpp"

namespace boa::bench {
namespace {

Shape ShapeOf(const benchmark::State& state) {
  return {static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
          static_cast<int>(state.range(2))};
}

void BM_FusedKernel(benchmark::State& state) {
  const Problem p = RandomProblem(ShapeOf(state));
  const int saved = KernelThreads();
  SetKernelThreads(static_cast<int>(state.range(3)));
  KernelOutput out;
  for (auto _ : state) {
    FusedAttentionKernel(p.X, p.T, p.y, p.q, p.u, true, out);
    benchmark::DoNotOptimize(out.grad_q.data());
  }
  SetKernelThreads(saved);
  SetThroughputCounters(state, static_cast<double>(p.X.size()));
}

void BM_ReferenceKernel(benchmark::State& state) {
  const Problem p = RandomProblem(ShapeOf(state));
  for (auto _ : state) {
    KernelOutput out = ReferenceAttentionKernel(p.X, p.T, p.y, p.q, p.u);
    benchmark::DoNotOptimize(out.grad_q.data());
  }
  SetThroughputCounters(state, static_cast<double>(p.X.size()));
}

// One vectorised pass summing X: the bytes the fused kernel must read, and nothing else.
void BM_StreamingRead(benchmark::State& state) {
  const Problem p = RandomProblem(ShapeOf(state));
  for (auto _ : state) {
    double total = p.X.sum();
    benchmark::DoNotOptimize(total);
  }
  SetThroughputCounters(state, static_cast<double>(p.X.size()));
}

}  // namespace

void RegisterBenchmarks(bool smoke) {
  const std::vector<Shape> shapes = smoke ? std::vector<Shape>{kSmokeShape} : kKernelShapes;
  for (const Shape& s : shapes) {
    benchmark::RegisterBenchmark("BM_FusedKernel", BM_FusedKernel)
        ->ArgNames({"n", "T", "d", "threads"})
        ->Args({s.n, s.T, s.d, 1});
    benchmark::RegisterBenchmark("BM_ReferenceKernel", BM_ReferenceKernel)
        ->ArgNames({"n", "T", "d"})
        ->Args({s.n, s.T, s.d});
    benchmark::RegisterBenchmark("BM_StreamingRead", BM_StreamingRead)
        ->ArgNames({"n", "T", "d"})
        ->Args({s.n, s.T, s.d});
  }
  // Threads over sample blocks (bit-identical results), on the out-of-cache shape.
  const Shape big = shapes.back();
  benchmark::RegisterBenchmark("BM_FusedKernel", BM_FusedKernel)
      ->ArgNames({"n", "T", "d", "threads"})
      ->Args({big.n, big.T, big.d, 2});
}

}  // namespace boa::bench
