#pragma once
// How many threads the gradient kernels may use. Work is split into fixed-size blocks and the
// per-block partial sums are reduced in block order, so results are bit-identical for every
// thread count: this is a speed knob, never a correctness one. The default is 1 (the test suite
// already runs one test per core); BOA_THREADS=<k> in the environment sets the start value
// (reading a malformed or out-of-range value throws InvalidInput; the boa program reads it before
// any work).
//
// ParallelFor is the one parallel loop of the program's outer level (sweep cells, report claims).
#include <cstddef>
#include <functional>

namespace boa {

inline constexpr int kMaxKernelThreads = 1024;

int KernelThreads();
void SetKernelThreads(int threads);  // 1 ≤ threads ≤ kMaxKernelThreads

// Runs task(k) for every k in [0, count), each once, in no fixed order, on `threads` threads
// (this one included; 0: one per hardware thread; never more than count). The first exception a
// task throws is rethrown once every thread has stopped, and no task starts after it.
void ParallelFor(std::size_t count, int threads, const std::function<void(std::size_t)>& task);

}  // namespace boa
