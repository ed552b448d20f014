#pragma once
// The registry of every claim. A claim is one file in theory/claims/src/<family>/ that defines
// `Claim <Name>()` and registers it right after, as GoogleTest registers a test:
//
//   Claim Sakamoto24GdTokenSelection() { ... }
//   BOA_REGISTER_CLAIM(Sakamoto24GdTokenSelection);
//
// Catalog() builds every registered claim, in id order. (boa_claims is linked whole, so no
// registration is dropped with an otherwise unreferenced object file: theory/CMakeLists.txt.)
#include <string>
#include <vector>

#include "boa/claim.hpp"

namespace boa {

// Every registered claim, sorted by id, each probabilistic one with its rate record attached.
const std::vector<Claim>& Catalog();

// The cells of the claims judged per cell, each as its own claim "<id>@<cell>" (cells.hpp), in
// catalog order.
const std::vector<Claim>& CatalogCells();

// A claim of the catalog or one of its cells ("<id>@<cell>"). Throws InvalidInput naming the
// closest ids when `id` is unknown.
const Claim& FindClaim(const std::string& id);

// What BOA_REGISTER_CLAIM expands to: a static object whose construction appends the factory to
// the registry (before main; Catalog() calls the factories at its first use).
class ClaimRegistrar {
 public:
  explicit ClaimRegistrar(Claim (*factory)());
};

}  // namespace boa

// Registers `factory` (a function `Claim factory()` defined just above, at namespace scope).
#define BOA_REGISTER_CLAIM(factory) \
  [[maybe_unused]] static const ::boa::ClaimRegistrar boa_claim_registrar_##factory(&factory)
