#pragma once
// Sweep results on disk, for sharding across machines (issue 6).
//
//   # boa sweep <name> budget=<budget> engine=<direct|gram> simd=<target> shard=<k>/<N>
//   cells=<total> cell,<column>,... <cell>,<value>,...          (shortest round-trip decimals,
//   cells ascending)
//
// engine is the one the sweep ran on (SweepEngine: the one asked, or the sweep's only engine); simd
// the SIMD target of the kernels (boa/simd.hpp). An unsharded run writes shard=all. `boa sweep
// merge` checks that the parts come from the same sweep, budget, engine and sharding and cover
// every cell exactly once, and writes the shard=all file — byte for byte what an unsharded run on
// the same target writes. Parts computed on SIMD targets whose results differ in the last bits
// (with and without FMA) are refused unless accept_mixed_simd; the merged header lists every target
// that computed a part (simd=avx2+avx3).
#include <filesystem>
#include <string>
#include <vector>

#include "boa/sweep.hpp"

namespace boa::report {

std::string SweepCsv(const Sweep& sweep, Budget budget, Engine asked, const SweepPart& part,
                     int shard, int shards);

// Throws InvalidInput on unreadable or inconsistent parts, missing or duplicated cells.
std::string MergeSweepCsv(const std::vector<std::filesystem::path>& parts,
                          bool accept_mixed_simd = false);

}  // namespace boa::report
