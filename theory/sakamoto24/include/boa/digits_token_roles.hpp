#pragma once
// Which quadrants of the digits act as [S]'s relevant, weak and irrelevant tokens (issue 34 item
// 9; THEORY.md §4.4, "Token roles on the digits"). The [S] discussion (reply Q5 on real data):
// “certain regions containing substantial class information and useful for classification,
// regions representing irrelevant background noise, and ambiguous regions can correspond to
// relevant, irrelevant, and weakly relevant tokens in our data model”.
//
// A D2 token's role shows in its head score γ = νᵀx (`sakamoto24.head.scores`): class-signed mean
// ỹγ = 1/√2 (relevant), ±ρ/√2 (weak same / opposite), 0 (irrelevant), plus noise of sd σ‖ν‖. The
// digits head is scaled as the default head, so the same reading applies to a quadrant t of class
// c: its class-signed mean score a_ct = ỹ_c νᵀE z̄_ct over every image of the class (z̄_ct the
// class's mean quadrant pixels, noiseless). boa's convention (declared, encoding-sensitive):
//   relevant      a_ct ≥ kDigitsRelevantShare · max_t a_ct  (at least half the class's top score);
//   irrelevant    |a_ct| < σ‖ν‖                              (inside one token-noise sd of 0);
//   weak          otherwise: weak same when a_ct > 0, weak opposite when a_ct < 0.
#include <array>
#include <string_view>
#include <vector>

#include "boa/dataset.hpp"
#include "boa/digits_data.hpp"

namespace boa {

inline constexpr double kDigitsRelevantShare = 0.5;

struct DigitsQuadrantRoles {
  // [c][t]: c = 0 the class with ỹ = +1 (spec.class_plus), c = 1 the class with ỹ = −1.
  std::array<std::array<double, kDigitsTokens>, 2> score{};  // a_ct
  std::array<std::array<TokenRole, kDigitsTokens>, 2> role{};
  double noise_sd = 0;  // σ‖ν‖, the sd of one token's head-score noise
};

// Deterministic: E, the head and the class means depend on spec's classes, d and σ only.
DigitsQuadrantRoles DigitsRoles(const DigitsSpec& spec);

// The class index c of a true label ỹ = ±1 (0 for +1, 1 for −1).
int DigitsClassIndex(double y_true);

// The roles in the order the reports list them, with their column names.
inline constexpr std::array<TokenRole, 4> kDigitsRoleOrder = {
    TokenRole::kRelevant, TokenRole::kWeakSame, TokenRole::kWeakOpposite, TokenRole::kIrrelevant};
inline constexpr std::array<std::string_view, 4> kDigitsRoleNames = {"relevant", "weak_same",
                                                                     "weak_opposite", "irrelevant"};

// Per role (kDigitsRoleOrder), the fraction of the samples i with include[i] whose selected
// quadrant selected[i] has that role for sample i's true class ỹ_i (all 0 when none is included).
std::array<double, 4> SelectedRoleShares(const Vector& y_true, const std::vector<int>& selected,
                                         const DigitsQuadrantRoles& roles,
                                         const std::vector<bool>& include);

}  // namespace boa
