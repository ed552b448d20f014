#pragma once
// The [S] 𝔖 criterion (Def. 4.1, Eqs. 11 and 13), accumulated along a GD run.
//
//   𝔖_i(τ) = s_iR(τ)(1 − s_iR(τ)),   s_iR = attention mass on sample i's relevant tokens,
//   S(group) = Σ_τ Σ_{i ∈ group} 𝔖_i(τ)   over the steps τ of the run, for the groups
//   clean with observed label ±1 and noisy with true label ±1;
//   R₊ = S(clean, +1) / S(noisy, ỹ = +1),   R₋ = S(clean, −1) / S(noisy, ỹ = −1).
// 𝔖_i is the sigmoid-derivative factor through which sample i's gradient moves its relevant
// token's score, so R compares how hard the clean samples pull the relevant tokens up against
// how hard the noisy samples pull them down. R > 1 favours benign overfitting.
#include "boa/token_selection_run.hpp"

namespace boa {

struct FrakS {
  double clean_plus = 0, clean_minus = 0, noisy_plus = 0, noisy_minus = 0;
  // +∞ when the noisy group is empty (nothing pulls the relevant tokens down).
  double RPlus() const;
  double RMinus() const;
};

// An observer that adds every step's 𝔖_i into `out` (out must outlive the run). It reads labels,
// flips, roles and attention only, so it runs on either engine.
AttentionObserver FrakSAccumulator(FrakS& out);

// One p-only run (W = I) on `spec` with its 𝔖 sums accumulated into `frak`, on `engine`.
TokenSelectionRun FrakSRun(const TokenSelectionSpec& spec, double lr, int steps, std::uint64_t seed,
                           FrakS& frak, Engine engine = Engine::kDirect);

}  // namespace boa
