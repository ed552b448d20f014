#pragma once
// How much work `boa report` spends: quick (seconds, for tests), default (≤ 10 minutes on
// 2 cores), full (deeper sweeps, more instances).
#include <string>

namespace boa::report {

enum class Budget { kQuick, kDefault, kFull };

Budget ParseBudget(const std::string& text);  // throws InvalidInput
std::string ToString(Budget budget);

// A claim's instance count at this budget: quick 1/10 (at least 1), default ×1, full ×10.
int InstancesAt(Budget budget, int default_instances);

}  // namespace boa::report
