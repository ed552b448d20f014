#pragma once
// Sweep results on disk, for sharding across machines (issue 6).
//
//   # boa sweep <name> budget=<budget> engine=<direct|gram> shard=<k>/<N> cells=<total>
//   cell,<column>,...
//   <cell>,<value>,...          (shortest round-trip decimals, cells ascending)
//
// engine is the one the sweep ran on (SweepEngine: the one asked, or the sweep's only engine). An
// unsharded run writes shard=all. `boa sweep merge` checks that the parts come from the same
// sweep, budget, engine and sharding and cover every cell exactly once, and writes the shard=all
// file — byte for byte what an unsharded run writes.
#include <filesystem>
#include <string>
#include <vector>

#include "boa/sweep.hpp"

namespace boa::report {

std::string SweepCsv(const Sweep& sweep, Budget budget, Engine asked, const SweepPart& part,
                     int shard, int shards);

// Throws InvalidInput on unreadable or inconsistent parts, missing or duplicated cells.
std::string MergeSweepCsv(const std::vector<std::filesystem::path>& parts);

}  // namespace boa::report
