#pragma once
// The first two gradient-descent steps of M1 (prompt attention) from zero initialisation, in
// closed form (THEORY.md §4.2 magen24.gd.step1_closed_form / step2_closed_form), derived from
// the kernel of §1.1.
//
// Step 1. At p = v = 0 every score is 0, so s_i = 1/T, f_i = 0, g_i = ½ and b_i = X_i v = 0:
//   ∇_v L = −(1/n) Σ_i ½ y_i (1/T) Σ_t x_it,   ∇_p L = 0  (b_i − f_i 1 = 0), so for any β_p¹
//   p₁ = 0,   v₁ = (β_v¹ / (2nT)) Σ_i y_i Σ_t x_it.
// Step 2 (T = 2, X_i = (u_i, ξ_i)). At p₁ = 0 still s_i = (½, ½), f_i = ½ v₁ᵀ(u_i + ξ_i),
//   g_i = 1/(1 + e^{y_i f_i}), and with c_i = v₁ᵀ(u_i − ξ_i) the centred values are
//   b_i − f_i 1 = (c_i/2, −c_i/2), s_i ⊙ (b_i − f_i 1) = (c_i/4, −c_i/4), so
//   ∇_v L = −(1/2n) Σ g_i y_i (u_i + ξ_i),   ∇_p L = −(1/4n) Σ g_i y_i c_i (u_i − ξ_i):
//   v₂ = v₁ + (β_v² / 2n) Σ_i g_i y_i (u_i + ξ_i),   p₂ = (β_p² / 4n) Σ_i g_i y_i c_i (u_i − ξ_i).
// The signal weight of X = (u, ξ) after step 2 is e^{p₂ᵀu}/(e^{p₂ᵀu} + e^{p₂ᵀξ}) = σ(p₂ᵀ(u − ξ)).
// (This agrees with THEORY.md's printed step-2 formula.)
#include "boa/dataset.hpp"
#include "boa/linalg.hpp"

namespace boa {

// v₁ for any T (p₁ = 0).
Vector MagenStepOneValue(const Dataset& data, double beta_v1);

struct MagenStepTwo {
  Vector v1;
  Vector v2;
  Vector p2;
};
// Requires T = 2 with the signal as token 0 or 1 (the roles say which); u_i is the signal token.
MagenStepTwo MagenStepTwoClosedForm(const Dataset& data, double beta_v1, double beta_v2,
                                    double beta_p2);

}  // namespace boa
