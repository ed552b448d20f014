#pragma once
// Sweep results on disk, for sharding across machines (issue 6).
//
//   # boa sweep <name> budget=<budget> shard=<k>/<N> cells=<total>
//   cell,<column>,...
//   <cell>,<value>,...          (shortest round-trip decimals, cells ascending)
//
// An unsharded run writes shard=all. `boa sweep merge` checks that the parts come from the same
// sweep and budget and cover every cell exactly once, and writes the shard=all file — byte for
// byte what an unsharded run writes.
#include <filesystem>
#include <string>
#include <vector>

#include "boa/sweep.hpp"

namespace boa::report {

std::string SweepCsv(const Sweep& sweep, Budget budget, const SweepPart& part, int shard, int shards);

// Throws InvalidInput on unreadable or inconsistent parts, missing or duplicated cells.
std::string MergeSweepCsv(const std::vector<std::filesystem::path>& parts);

}  // namespace boa::report
