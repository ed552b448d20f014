#pragma once
// How many threads the gradient kernels may use. Work is split into fixed-size blocks and the
// per-block partial sums are reduced in block order, so results are bit-identical for every
// thread count: this is a speed knob, never a correctness one. The default is 1 (the test suite
// already runs one test per core); BOA_THREADS=<k> in the environment sets the start value
// (reading a malformed or out-of-range value throws InvalidInput; the boa program reads it before
// any work).

namespace boa {

inline constexpr int kMaxKernelThreads = 1024;

int KernelThreads();
void SetKernelThreads(int threads);  // 1 ≤ threads ≤ kMaxKernelThreads

}  // namespace boa
