#pragma once
// The [M] two-step picture in its linearised form (THEORY.md magen24.gd.linearized_thresholds),
// derived by idealising ‖ξ‖² = d, ⟨ξ_i, ξ_j⟩ = 0, balanced classes and g_i = ½ after step 1.
// With r = n·SNR² and κ = 1 − 2η, the sign of the step-2 attention logit p₂ᵀ(u − ξ) is that of
//   clean train sample:  κ²r²/4 + (κ − 1)r/2 − 1        (> 0: attends to its signal)
//   noisy train sample:  κ²r²/4 − (κ + 1)r/2 − 1        (< 0: attends to its noise)
//   fresh test sample:   (r/2)(κ²r/2 − 1)               (> 0: attends to its signal)
// whose positive roots are
//   r_C = 2(η + √(η² + κ²))/κ²,  r_T = 2/κ²,  r_N = 2((1 − η) + √((1 − η)² + κ²))/κ²
// (η = 0.1: 2.83, 3.125, 6.58). The benign window is max(r_C, r_T) < r < r_N.
// The max-margin boundary of magen24.maxmargin.selection is SNR² = 2/((1 − η)n).
#include <array>
#include <optional>

#include "boa/sample_labels.hpp"

namespace boa {

struct LinearizedThresholds {
  double clean;  // r_C
  double test;   // r_T
  double noisy;  // r_N
};

LinearizedThresholds MagenLinearizedThresholds(double eta);

// The three step-2 logit polynomials above, at r = n·SNR².
double CleanTrainLogit(double r, double eta);
double NoisyTrainLogit(double r, double eta);
double TestLogit(double r, double eta);

// max(r_C, r_T) < r < r_N (an empty window for large η).
bool InBenignWindow(double r, double eta);

// SNR² at which the benign selection's joint SVM norm equals the all-noise one: 2/((1 − η)n).
double MaxMarginSnrSquaredThreshold(int n, double eta);

// The linearised step-2 picture per class (boa/linearized_thresholds.hpp), without the
// "balanced classes, flip rate η" idealisation. Redoing the linearisation with N_c samples of
// true class c, of which a fraction η_c is flipped, gives for every sample of class c the same
// polynomials with r_c = 2N_c·SNR² in place of r and η_c in place of η. With n ≤ 60 and
// Bernoulli flips η_c moves a lot (η = 0.14, N_c = 30: κ_c = 1 − 2η_c has sd 0.13, moving
// r_T = 2/κ_c² by ±35%), so this is what one draw should be compared with.
struct ClassLinearization {
  double r = 0;    // 2N_c·SNR²
  double eta = 0;  // realised flip fraction of the class
};
// Index 0: true class +1, index 1: true class −1. Empty when a class has no samples or
// η_c ≥ ½ (the linearisation needs κ_c > 0).
std::optional<std::array<ClassLinearization, 2>> RealisedClassLinearization(
    const SampleLabels& labels, double snr);

}  // namespace boa
