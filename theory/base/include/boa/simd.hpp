#pragma once
// The SIMD instruction set that the dispatched kernels run on (Google Highway runtime dispatch).
//
// The portable build compiles the fused kernel's inner loops once per x86 target — scalar (the
// build's baseline: plain x86-64, no FMA), ssse3, sse4, avx2 (AVX2 + FMA), avx3 (AVX-512) and
// avx3_dl (AVX-512 of Ice Lake and later) — and runs the best one this CPU supports. Every target
// accumulates in the same fixed order (16 logical lanes, a fixed reduction tree, rows in order),
// so the targets with fused multiply-add (avx2, avx3, avx3_dl) give bit-identical results, and so
// do the targets without it (scalar, ssse3,
// sse4); the two groups differ in the last bits (README § Performance, "Reproducibility across
// CPUs").
//
// BOA_SIMD in the environment forces a target: auto (the default: the best one), baseline (the
// build's static target: scalar in the default build), or a target name. An unknown name, or a
// target this CPU cannot run, is InvalidInput on the first kernel call (or SimdTargetName()).
#include <string>
#include <vector>

namespace boa {

// Applies BOA_SIMD the first time (later calls cost one load): every dispatched kernel calls it
// before it looks up its per-target code.
void ApplySimdChoice();

// The target the kernels run on now, e.g. "avx3", "avx2", "scalar": recorded with results.
std::string SimdTargetName();

// Whether results computed on targets a and b are bit-identical (same fused multiply-add use).
bool SimdTargetsAgree(const std::string& a, const std::string& b);

// The compiled targets this CPU can run, best first (tests run the kernel on each).
std::vector<std::string> SupportedSimdTargets();

// Runs the kernels on one target (a name from SupportedSimdTargets()) for one scope, then
// returns to the process-wide choice. For tests and measurements; not thread-safe against
// kernels running concurrently.
class ScopedSimdTarget {
 public:
  explicit ScopedSimdTarget(const std::string& name);
  ~ScopedSimdTarget();
  ScopedSimdTarget(const ScopedSimdTarget&) = delete;
  ScopedSimdTarget& operator=(const ScopedSimdTarget&) = delete;
};

}  // namespace boa
