#pragma once
// Sampling the CNN's span-engine inputs (boa/cnn_gram.hpp) directly, for signal–noise data: no
// d-dimensional vector is drawn. Both D1 (μ₊ = ‖μ‖e₁ ⟂ μ₋ = ‖μ‖e₂, noise on the other d − 2
// coordinates) and Kou et al.'s data (`antipodal`: signal patch ỹμ with μ = ‖μ‖e₁, noise
// ξ ~ N(0, σ²(I − μμᵀ/‖μ‖²)), i.e. on the other d − 1 coordinates) — boa/signal_noise_data.hpp.
//
// Let q be the dimension of the signal plane (2 for D1, 1 for Kou et al.). A noise token has no
// signal-plane part; a filter w⁰_{j,r} ~ N(0, ω²I_d) has q explicit N(0, ω²) coordinates there.
// The parts orthogonal to the plane of the K = n·(T − 1) training noise tokens and the 2m filters
// are independent N(0, s_k²I_{d−q}), so their Gram matrix is H = diag(s)·B·diag(s) with
// B ~ Wishart_K(d − q, I) (SampleWishart). G and P are the token and token–filter blocks of
// A Aᵀ + H, with A the signal-plane coordinates.
//
// A test token needs its inner products with the training tokens and the filters. A signal token
// has them exactly from its plane coordinates. A test noise token ζ' ~ N(0, s'²I_{d−q}) is
// independent of the training draw, so given the training draw its inner products with the K
// vectors are N(0, s'²H), independently across test tokens: drawn as s'·R u with RRᵀ = H
// (symmetric square root by eigendecomposition) and u ~ N(0, I_K) — exact in distribution, O(K²)
// per test token after an O(K³) start.
//
// Same (spec, width, omega, n_test, seed) → same draw; a different draw from the direct
// generator's, equal in distribution (properties/cnn_gram_sampling_test.cpp). Test samples are
// clean (η = 0), as GenerateSignalNoiseTest's.
#include <cstdint>

#include "boa/cnn_gram.hpp"
#include "boa/signal_noise_data.hpp"

namespace boa {

struct CnnGramDraw {
  CnnGramInstance train;
  CnnGramTest test;
};

// Training set, m = width filters per bank from N(0, ω²I_d), and n_test clean test samples
// (n_test = 0: no test set).
CnnGramDraw SampleSignalNoiseCnnGram(const SignalNoiseSpec& spec, int width, double omega,
                                     int n_test, std::uint64_t seed);

}  // namespace boa
