#pragma once
// One Dataset type for every generator.
//
//   X : (n·T)×d row-major; row i·T + t is token x_{i,t} of sample i
//   y : observed labels ±1 (possibly flipped), y_true : true labels ỹ ±1; with K = classes ≥ 3
//   (D2 with K class signals) both hold class indices 0..K−1 instead
//   noisy[i] ⇔ y_i ≠ ỹ_i ; roles[i·T + t] says what token t of sample i is made of
//   lengths: empty when every sample has T tokens; else sample i has lengths[i] ∈ [1, T] tokens
//   and its rows t ≥ lengths[i] are padding (zero rows, role kPadding) that every model that
//   accepts such data masks exactly: score −∞, attention weight 0 (THEORY.md §2.2, variable token
//   counts). Models that do not mask refuse data with lengths (RequireFixedLength).
#include <string_view>
#include <vector>

#include "boa/linalg.hpp"

namespace boa {

enum class TokenRole : unsigned char {
  kSignal,        // D1: μ_ỹ
  kNoise,         // D1: ξ ⟂ μ±
  kRelevant,      // D2: ε + μ_ỹ
  kWeakSame,      // D2: ε + ρ μ_ỹ
  kWeakOpposite,  // D2: ε + ρ μ_{−ỹ}
  kIrrelevant,    // D2: ε
  kPadding,       // variable-length D2: a zero row past the sample's length (never attended)
};
// Every role a token is made of (kPadding, a masked placeholder, is not one).
inline constexpr TokenRole kAllRoles[] = {TokenRole::kSignal,       TokenRole::kNoise,
                                          TokenRole::kRelevant,     TokenRole::kWeakSame,
                                          TokenRole::kWeakOpposite, TokenRole::kIrrelevant};
std::string_view RoleName(TokenRole role);

struct Dataset {
  int n = 0;
  int T = 0;
  int d = 0;
  int classes = 2;  // K; labels ±1 when 2, class indices 0..K−1 when ≥ 3
  RowMatrix X;
  Vector y;
  Vector y_true;
  std::vector<bool> noisy;
  std::vector<TokenRole> roles;
  std::vector<int> lengths;  // empty: every sample has T tokens
  Vector mu_plus;
  Vector mu_minus;

  auto Tokens(int i) const { return X.middleRows(static_cast<Eigen::Index>(i) * T, T); }
  TokenRole Role(int i, int t) const { return roles[static_cast<std::size_t>(i) * T + t]; }
  int NoisyCount() const;
  // Sample i's own token count: T, or lengths[i] for variable-length data.
  int Length(int i) const { return lengths.empty() ? T : lengths[static_cast<std::size_t>(i)]; }
};

// Throws InvalidInput naming `model` when the data set has per-sample lengths (a model whose
// attention does not mask padding tokens).
void RequireFixedLength(const Dataset& data, std::string_view model);

}  // namespace boa
