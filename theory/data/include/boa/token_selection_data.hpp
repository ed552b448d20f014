#pragma once
// D2 TokenSelection [Sakamoto & Sato 2024] (THEORY.md §2.2).
//
//   μ₊ = ‖μ‖e₁, μ₋ = ‖μ‖e₂; every token starts as ε ~ N(0, σ²I_d), then
//   relevant += μ_ỹ, weak (same) += ρμ_ỹ, weak (opposite) += ρμ_{−ỹ}, irrelevant += 0.
//   Token order within a sample: relevant, weak same, weak opposite, irrelevant.
//   balanced labels: the first ⌊n/2⌋ samples have ỹ = +1, the rest −1.
//
//   K classes ([S] Section F, classes = K ≥ 3, THEORY.md §4.4): μ_k = ‖μ‖e_{k+1}, k = 0..K−1, and
//   labels are class indices. Weak-opposite tokens come in K − 1 groups of weak_opposite, one group
//   per other class c ≠ ỹ in ascending order, each += ρμ_c. Balanced labels: K equal blocks
//   (sample i has class c for ⌊cn/K⌋ ≤ i < ⌊(c+1)n/K⌋); a flipped label is drawn uniformly from
//   the K − 1 other classes. K = 2 is the binary data above, draw for draw.
//   balanced-exact flips: m = ⌈ηn⌉; flip [0, m/2) and [⌊n/2⌋, ⌊n/2⌋ + m/2) (integer division,
//   so an odd m flips m − 1 samples — exactly the [S] construction).
//
//   Variable token counts (T_min > 0; boa's declared variant of [S] App. H.1, which removes the
//   constant-ratio assumption — THEORY.md §2.2): every sample i draws its own counts,
//   independently,
//     T_i ~ U{T_min, …, T}, relevant_i ~ U{1, …, relevant}, weak_same_i ~ U{1, …, weak_same},
//     weak_opposite_i ~ U{1, …, weak_opposite}, irrelevant_i = T_i − the three (≥ 0),
//   in this order from the stream kTrainTokenCounts (test sets: kTestTokenCounts), so its token
//   ratios vary from sample to sample. Sample i's tokens are laid out as above in rows
//   0 … T_i − 1; rows T_i … T − 1 are padding (zero rows, role kPadding, Dataset::lengths[i] =
//   T_i) that M1 and M2 mask out. Binary (K = 2), labels and flips as above, direct engine only.
#include <cstdint>
#include <vector>

#include "boa/dataset.hpp"
#include "boa/signal_noise_data.hpp"  // FlipRule

namespace boa {

enum class LabelRule { kBalanced, kRandom };

struct TokenSelectionSpec {
  int n = 20;
  int T = 8;
  int d = 2000;
  double mu_norm = 20;
  double rho = 0.1;
  double eta = 0.2;
  double sigma = 1.0;
  int relevant = 1;
  int weak_same = 1;
  int weak_opposite = 1;  // per other class
  int classes = 2;        // K
  // > 0: variable token counts, T_i ∈ [T_min, T] and the role counts at most the three above
  // (see the top of this file); 0: every sample has exactly these counts and T tokens.
  int T_min = 0;
  LabelRule labels = LabelRule::kBalanced;
  FlipRule flips = FlipRule::kBalancedExact;  // kBalancedExact or kBernoulli
};

// One sample's token counts (variable-length D2); irrelevant = length − the other three.
struct TokenCounts {
  int length = 0;
  int relevant = 0;
  int weak_same = 0;
  int weak_opposite = 0;
};

// The token counts of samples 0 … n − 1 drawn as the top of this file says, from (seed, stream):
// stream kTrainTokenCounts for a training set, kTestTokenCounts for a test set. Needs T_min > 0.
std::vector<TokenCounts> DrawTokenCounts(const TokenSelectionSpec& spec, int n, std::uint64_t seed,
                                         std::uint64_t stream);

// Throws InvalidInput for K < 2, K > d, balanced-exact flips with K ≥ 3, n < 2, d < 3, T < 2, η ∉
// [0, 1), token counts that do not fit in T, σ ≤ 0, negative ‖μ‖ or ρ, or any NaN; with
// T_min > 0 also for K ≥ 3, a role count below 1 or T_min ∉ [relevant + weak_same +
// weak_opposite, T].
void Validate(const TokenSelectionSpec& spec);

Dataset GenerateTokenSelection(const TokenSelectionSpec& spec, std::uint64_t seed);

// The signal μ_c of class c (index 0..K−1): data.mu_plus, data.mu_minus, then ‖μ‖e_{c+1}.
Vector ClassSignal(const Dataset& data, int c);
// The class index of sample label `label` (K = 2: +1 → 0, −1 → 1; K ≥ 3: the label itself).
int ClassIndex(const Dataset& data, double label);

// The signal of the token mean x̄ = (1/T)Σ_t x_t is aμ_ỹ + bμ_{−ỹ} with these coefficients:
// a = (relevant + ρ·weak_same)/T, b = ρ·weak_opposite/T (its noise is ε̄ ~ N(0, σ²I/T)).
struct TokenMeanSignal {
  double same = 0;      // a
  double opposite = 0;  // b
};
// Constant counts only (T_min = 0).
TokenMeanSignal TokenMeanSignalOf(const TokenSelectionSpec& spec);

// The signal part of token t of sample i (μ_ỹ, ρμ_ỹ, ρμ_{−ỹ} or 0 by role), so that the token's
// noise is ε_it = x_it − TokenSignal(data, i, t, ρ); ρ is the spec's (the data set does not keep
// it).
Vector TokenSignal(const Dataset& data, int i, int t, double rho);

// An independent clean draw (η = 0) of n_test samples, from the test stream of the same seed.
Dataset GenerateTokenSelectionTest(const TokenSelectionSpec& spec, int n_test, std::uint64_t seed);

}  // namespace boa
