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

}  // namespace boa
