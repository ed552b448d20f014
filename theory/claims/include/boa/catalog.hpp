#pragma once
// The registry of every claim. Claims live one per file in theory/claims/src/<family>/ and are
// listed once in theory/claims/src/catalog.cpp.
#include <string>
#include <vector>

#include "boa/claim.hpp"

namespace boa {

const std::vector<Claim>& Catalog();

// Throws InvalidInput naming the closest ids when `id` is unknown.
const Claim& FindClaim(const std::string& id);

}  // namespace boa
