#pragma once
// D1 SignalNoise [Magen et al. 2024] (THEORY.md §2.1).
//
//   ‖μ‖ = SNR·σ·√d, μ₊ = ‖μ‖e₁, μ₋ = ‖μ‖e₂ (orthogonal, equal norm)
//   ỹ uniform on {±1}; one signal token μ_ỹ and T−1 noise tokens ξ with ξ₁ = ξ₂ = 0 and the other
//   d−2 coordinates i.i.d. N(0, σ²) — exactly orthogonal to μ±
//   y = −ỹ w.p. η (bernoulli) or for exactly ⌈ηn⌉ samples chosen uniformly (exact)
//   dominant_ratio κ ≥ 1 (Jiang et al.'s Condition 4.1(10), THEORY.md §2.1): the first noise token
//   of each sample (in slot order) keeps σ, every other noise token has σ/κ; κ = 1 is the data
//   above, draw for draw
//   antipodal: Kou et al. (2023)'s signal patch ỹμ instead — μ₋ = −μ₊ = −‖μ‖e₁, and the noise keeps
//   coordinate 2 (ξ₁ = 0 only: N(0, σ²(I − μμᵀ/‖μ‖²)), as theirs). The Gram engine assumes μ₊ ⟂ μ₋
//   and refuses it.
#include <cstdint>

#include "boa/dataset.hpp"

namespace boa {

enum class SignalPosition { kFirst, kRandom };
enum class FlipRule { kBernoulli, kExact, kBalancedExact };

struct SignalNoiseSpec {
  int n = 20;
  int d = 1000;
  int T = 2;
  double snr = 0.5;
  double eta = 0.1;
  double sigma = 1.0;
  SignalPosition position = SignalPosition::kFirst;
  FlipRule flips = FlipRule::kBernoulli;  // kBernoulli or kExact
  bool antipodal = false;                 // Kou et al.'s one signal vector, sign by label
  double dominant_ratio = 1;              // κ: the other noise tokens' scale is σ/κ
};

// The noise scale of the `rank`-th noise token of a sample (0-based, in slot order): σ for the
// first (dominant) one, σ/κ for the others.
double NoiseTokenScale(const SignalNoiseSpec& spec, int rank);

// Throws InvalidInput for n < 2, d < 3, T < 2, η ∉ [0, 1), σ ≤ 0, SNR < 0, κ < 1 or any NaN.
void Validate(const SignalNoiseSpec& spec);

Dataset GenerateSignalNoise(const SignalNoiseSpec& spec, std::uint64_t seed);

// An independent clean draw (η = 0) of n_test samples, from the test stream of the same seed.
Dataset GenerateSignalNoiseTest(const SignalNoiseSpec& spec, int n_test, std::uint64_t seed);

}  // namespace boa
