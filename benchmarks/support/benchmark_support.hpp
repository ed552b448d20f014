#pragma once
// Shared pieces of the benchmark programs: the (n, T, d) shapes, random problems, the
// throughput counters, and a main() that takes --smoke (tiny shapes, for the ctest smoke tests).
#include <benchmark/benchmark.h>

#include <vector>

#include "boa/linalg.hpp"

namespace boa::bench {

struct Shape {
  int n, T, d;
};

// Issue 5's shapes, plus one whose X (128 MB) is far out of every cache, for the roofline.
inline const std::vector<Shape> kKernelShapes = {
    {20, 2, 2000}, {100, 2, 10000}, {200, 8, 2000}, {1000, 8, 2000}};
inline const Shape kSmokeShape = {4, 2, 64};

// Gaussian tokens X ((n·T)×d), labels ±1, and query/head vectors of norm ≈ 1/√d.
struct Problem {
  RowMatrix X;
  Vector y, q, u;
  int T = 0;
};
Problem RandomProblem(const Shape& shape);

// bytes_per_second (X's bytes) and ns_per_element (per sample·token·dimension).
void SetThroughputCounters(benchmark::State& state, double elements_per_iteration);

// Each program defines this: register its benchmarks, on tiny shapes when `smoke`.
void RegisterBenchmarks(bool smoke);

}  // namespace boa::bench
