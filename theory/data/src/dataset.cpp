#include "boa/dataset.hpp"

#include <algorithm>
#include <string>

#include "boa/error.hpp"

namespace boa {

std::string_view RoleName(TokenRole role) {
  switch (role) {
    case TokenRole::kSignal: return "signal";
    case TokenRole::kNoise: return "noise";
    case TokenRole::kRelevant: return "relevant";
    case TokenRole::kWeakSame: return "weak_same";
    case TokenRole::kWeakOpposite: return "weak_opposite";
    case TokenRole::kIrrelevant: return "irrelevant";
    case TokenRole::kPadding: return "padding";
  }
  return "unknown";
}

int Dataset::NoisyCount() const {
  return static_cast<int>(std::count(noisy.begin(), noisy.end(), true));
}

void RequireFixedLength(const Dataset& data, std::string_view model) {
  Require(data.lengths.empty(), std::string(model) +
                                    " does not mask padding tokens: it refuses data with "
                                    "per-sample token counts (variable-length D2)");
}

}  // namespace boa
