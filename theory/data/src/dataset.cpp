#include "boa/dataset.hpp"

#include <algorithm>

namespace boa {

std::string_view RoleName(TokenRole role) {
  switch (role) {
    case TokenRole::kSignal: return "signal";
    case TokenRole::kNoise: return "noise";
    case TokenRole::kRelevant: return "relevant";
    case TokenRole::kWeakSame: return "weak_same";
    case TokenRole::kWeakOpposite: return "weak_opposite";
    case TokenRole::kIrrelevant: return "irrelevant";
  }
  return "unknown";
}

int Dataset::NoisyCount() const {
  return static_cast<int>(std::count(noisy.begin(), noisy.end(), true));
}

}  // namespace boa
