#include "boa/shared_runs.hpp"

namespace boa {

// FormatParams writes every value so that it reads back exactly (a replay line's parameters).
std::string SharedRunKey(const std::string& name, const Params& params, std::uint64_t seed) {
  return name + " | " + FormatParams(params) + " | " + std::to_string(seed);
}

}  // namespace boa
