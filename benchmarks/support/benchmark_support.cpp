#include "benchmark_support.hpp"

#include <cmath>
#include <cstring>

#include "boa/rng.hpp"
#include "boa/simd.hpp"

namespace boa::bench {

Problem RandomProblem(const Shape& shape) {
  Rng rng(1);
  Problem p;
  p.T = shape.T;
  const double scale = 1 / std::sqrt(static_cast<double>(shape.d));
  p.X = RowMatrix::NullaryExpr(static_cast<Eigen::Index>(shape.n) * shape.T, shape.d,
                               [&] { return rng.Normal(); });
  p.y = Vector::NullaryExpr(shape.n, [&] { return rng.Bernoulli(0.5) ? 1.0 : -1.0; });
  p.q = Vector::NullaryExpr(shape.d, [&] { return scale * rng.Normal(); });
  p.u = Vector::NullaryExpr(shape.d, [&] { return scale * rng.Normal(); });
  return p;
}

void SetThroughputCounters(benchmark::State& state, double elements_per_iteration) {
  const double elements = static_cast<double>(state.iterations()) * elements_per_iteration;
  state.SetBytesProcessed(static_cast<std::int64_t>(elements * sizeof(double)));
  state.counters["ns_per_element"] = benchmark::Counter(
      elements * 1e-9, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

}  // namespace boa::bench

// --smoke registers tiny shapes only; every other flag is Google Benchmark's.
int main(int argc, char** argv) {
  bool smoke = false;
  int kept = 0;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--smoke") == 0) {
      smoke = true;
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  boa::bench::RegisterBenchmarks(smoke);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext("simd", boa::SimdTargetName());  // BOA_SIMD applied
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
