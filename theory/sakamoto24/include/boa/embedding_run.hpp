#pragma once
// [S] discussion A1's alternative to the class-signal head: a randomly fixed head ν with a learned
// embedding layer E (EmbeddedTokenSelection, THEORY.md §1.2 M2e), on D2 data. One run draws the
// training set of `seed`, starts from E = I, p = 0 (boa's convention) and trains p and E jointly
// by GD with the same constant step size options.lr for options.steps steps. It measures what the
// [S] claims talk about through the effective head ν' = Eᵀν and query q = Eᵀp, on which the model
// is M2 with W = I on the raw tokens (f = ν'ᵀXᵀS(Xq)): the fit, the selection by role, the
// noisy samples' flipped-sign selection by the embedded tokens' head scores νᵀE x = ν'ᵀx, the
// projected clean test accuracy of (q, ν'), and the alignment cos∠(E(μ₊ − μ₋), ν) before and
// after training.
#include <cstdint>

#include "boa/budget.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/token_selection_run.hpp"

namespace boa {

struct EmbeddingRun {
  TokenSelectionRun run;      // fit, selection and test accuracy of the trained model
  double initial_cosine = 0;  // cos∠(μ₊ − μ₋, ν): E = I
  double final_cosine = 0;    // cos∠(E(μ₊ − μ₋), ν) after training
  double head_signal = 0;  // ν'ᵀ(μ₊ − μ₋)/(√2‖μ‖‖ν'‖): the effective head's signal cosine
};

// options.head: the fixed head (required, d entries); options.lr, steps, n_test used; train_W,
// the engine (direct only) and the observers must be left at their defaults.
EmbeddingRun RunEmbeddedTokenSelection(const TokenSelectionSpec& spec,
                                       const TokenSelectionRunOptions& options, std::uint64_t seed);

// boa's embedding protocol: p and E from (0, I), the [S] step size 5e-3 for both, 1000 steps (300
// at quick when `figure`), 2000 projected test samples; the head is the caller's.
TokenSelectionRunOptions EmbeddingProtocol(Budget budget, bool figure);

}  // namespace boa
