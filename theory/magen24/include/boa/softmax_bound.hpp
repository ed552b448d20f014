#pragma once
// How hard the softmax selects after two SA steps (THEORY.md §4.2 magen24.gd.softmax_bound): the
// signal log-odds z_i = a_i,signal − a_i,noise (T = 2) of the worst clean and the worst noisy
// training sample, from which ε = 1 − min_{i∈C} s_i,signal = σ(−min_C z_i) and
// max_{i∈N} s_i,signal = σ(max_N z_i). Log-odds, not weights: at r in the window ε reaches 1e-20,
// below the rounding of 1 − s.
//
// In the linearisation of boa/linearized_thresholds.hpp the step-2 logit of sample j is
// (β_p² β_v¹ d² / 32n²)·P_j(r, η) with P_j the clean or noisy polynomial, and SA's step sizes make
// that factor exactly 10, whatever n and d: z_j → 10·P_j as d → ∞ at fixed n, with deviations of
// order √(n/d) from the noise tokens' norms and inner products.
#include <cstdint>
#include <limits>

#include "boa/sample_labels.hpp"
#include "boa/signal_noise_data.hpp"

namespace boa {

// β_p² β_v¹ d² / (32 n²) under schedule SA (boa/train.hpp): 3.2e5·1e-3/32.
inline constexpr double kScheduleSaLogOddsScale = 10;

struct SoftmaxBound {
  SampleLabels labels;
  double min_clean_log_odds = std::numeric_limits<double>::infinity();   // +∞: no clean sample
  double max_noisy_log_odds = -std::numeric_limits<double>::infinity();  // −∞: no noisy sample
};

// Two SA steps from zero on the Gram engine (T = 2 required).
SoftmaxBound MeasureSoftmaxBound(const SignalNoiseSpec& spec, std::uint64_t seed);

// log₁₀ σ(z), finite for every finite z.
double Log10Sigmoid(double z);

}  // namespace boa
