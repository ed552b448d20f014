#pragma once
// The registry of every sweep: the paper experiments' grids (each defined next to its experiment)
// and the flake audit (which runs the claim catalog, so it lives here, above the claims).
#include <string>
#include <vector>

#include "boa/sweep.hpp"

namespace boa {

const std::vector<Sweep>& SweepCatalog();
const Sweep& FindSweep(const std::string& name);  // throws InvalidInput naming the known sweeps

namespace sweeps {
// The claim ids of the flake_audit sweep, indexed by its claim_index column.
std::vector<std::string> FlakeAuditClaimIds();
// Seed bases per claim at a budget (each claim runs at kCiBudget and CiInstances whatever it is).
int FlakeAuditSeedBases(Budget budget);
}  // namespace sweeps

}  // namespace boa
