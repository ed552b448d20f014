#pragma once
// How much work a run spends: quick (seconds, for tests), default (what ./boa report does in
// ≤ 10 minutes on 2 cores), full (deeper sweeps, more instances). A claim's instance count scales
// with the budget, and a claim may also fix sweep sizes per budget (Claim::budget_params).
#include <string>

namespace boa {

enum class Budget { kQuick, kDefault, kFull };

// The budget CI runs claims at (ctest's ExpectClaimVerdict, the flake audit); a claim's instance
// count there is CiInstances(claim) (claim.hpp).
inline constexpr Budget kCiBudget = Budget::kQuick;

Budget ParseBudget(const std::string& text);  // throws InvalidInput
std::string ToString(Budget budget);

// A claim's instance count at this budget: quick 1/10 (at least 1), default ×1, full ×10.
int InstancesAt(Budget budget, int default_instances);

}  // namespace boa
