#include "boa/budget.hpp"

#include <algorithm>

#include "boa/error.hpp"

namespace boa {

Budget ParseBudget(const std::string& text) {
  if (text == "quick") return Budget::kQuick;
  if (text == "default") return Budget::kDefault;
  if (text == "full") return Budget::kFull;
  throw InvalidInput("unknown budget '" + text + "': use quick, default or full");
}

std::string ToString(Budget budget) {
  switch (budget) {
    case Budget::kQuick: return "quick";
    case Budget::kDefault: return "default";
    case Budget::kFull: return "full";
  }
  return "default";
}

int InstancesAt(Budget budget, int default_instances) {
  switch (budget) {
    case Budget::kQuick: return std::max(1, default_instances / 10);
    case Budget::kDefault: return default_instances;
    case Budget::kFull: return default_instances * 10;
  }
  return default_instances;
}

}  // namespace boa
