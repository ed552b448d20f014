// Preloaded (LD_PRELOAD) into perf_gate_workload under callgrind by perf_gate.sh. libhwy's start-up
// measures its timer (hwy::platform::TimerResolution), which executes RDTSCP; valgrind decodes
// RDTSCP only where the host CPU advertises it, and some virtual machines hide it (seen on an AMD
// EPYC Firecracker guest): valgrind then stops the program with SIGILL before any boa code runs.
// These definitions take the place of libhwy's two timer queries. The gate counts instructions
// inside boa_gate_measured() only, which never reads Highway's timer, so the counts are those of
// the unshimmed program (kernel: 1 723 088 with the shim against the baseline's 1 720 805).
namespace hwy::platform {

double TimerResolution() { return 1e-9; }
double InvariantTicksPerSecond() { return 1e9; }

}  // namespace hwy::platform
