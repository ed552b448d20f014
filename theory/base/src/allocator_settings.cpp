// glibc's allocator, set once at start-up for boa's pattern of work: the same large buffers (an
// [S] run's d×d W₀ is 30.5 MiB at d = 2000, 154 MiB at d = 4500) allocated and freed once per
// drawn instance, thousands of times. By default glibc serves a block over its mmap threshold with
// a fresh mmap and unmaps it on free, and gives the top of the heap back above 128 KiB, so every
// draw faults its pages in again, zero-filled by the kernel. In a virtual machine that was most of
// a claim's time: 20 draws of sakamoto24.gd.token_selection took 7.4 s (2.9 s in the kernel) and
// 1.9 s with these settings; 6 of sakamoto24.gd.regimes 11.0 s and 4.3 s. The heap keeps its peak
// size instead. Where the heap cannot grow, glibc still falls back to mmap (and threads' arenas
// map their own heaps), so no allocation fails for these settings. An object file linked into
// every program (theory/CMakeLists.txt: boa_theory), so the setting does not depend on which
// main() runs; no result depends on it.
#include <malloc.h>

#include <climits>

namespace boa {
namespace {

const bool kAllocatorSet = [] {
  const bool heap_only = mallopt(M_MMAP_MAX, 0) == 1;
  const bool keep_freed_memory = mallopt(M_TRIM_THRESHOLD, INT_MAX) == 1;
  return heap_only && keep_freed_memory;
}();

}  // namespace
}  // namespace boa
