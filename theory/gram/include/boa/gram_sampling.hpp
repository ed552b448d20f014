#pragma once
// Sampling a training set directly in Gram form (issue 6): no d-dimensional vector is drawn.
//
// The components ζ_k of the K Gaussian vectors orthogonal to e₁, e₂ (noisy tokens, Gaussian
// initial vectors) are independent N(0, s_k² I_{d−2}), so their Gram matrix is
//   H = diag(s) B diag(s),   B ~ Wishart_K(d − 2, I),
// drawn by the Bartlett decomposition B = LLᵀ, L lower triangular with L_kk² ~ χ²(d − 2 − k)
// (k = 0..K−1) and L_jk ~ N(0, 1) below the diagonal — O(K²) draws instead of O(K·d). When
// d − 2 < K, B is singular and is drawn as ZZᵀ from a K×(d − 2) normal matrix (still cheap).
// The e₁, e₂ coordinates (signals, and for D2 tokens and initial vectors two explicit normals)
// are drawn directly. Labels and flips follow the generators' rules (label_noise.hpp).
//
// Same (spec, seed) → same GramInstance; it is a different draw from the direct generator's
// (another engine, equal in distribution: see properties/gram_sampling_test.cpp).
#include <cstdint>

#include "boa/gram_instance.hpp"
#include "boa/rng.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/token_selection_data.hpp"

namespace boa {

// Wishart_K(dof, I) by Bartlett (dof ≥ K) or as ZZᵀ (dof < K). dof must be a positive integer.
// Symmetric bit for bit (RowGram).
RowMatrix SampleWishart(int K, int dof, Rng& rng);

// H = diag(s) B diag(s) with B ~ Wishart_K(dof, I), K = s.size(): the Gram matrix of K independent
// N(0, s_k² I_dof) vectors. Symmetric bit for bit (each pair computed once as s_k·B_kl·s_l), so
// that H γ may be summed as Hᵀγ on the SIMD target (GramInstance::Project).
RowMatrix SampleScaledWishart(const Vector& s, int dof, Rng& rng);

// D1 with M1's initial vectors p₀, v₀ ~ N(0, ω²I_d) in the span when ω > 0.
GramInstance SampleSignalNoiseGram(const SignalNoiseSpec& spec, double omega, std::uint64_t seed);

// D2 with M2's initial p₀ ~ N(0, ω²I_d) in the span when ω > 0.
GramInstance SampleTokenSelectionGram(const TokenSelectionSpec& spec, double omega,
                                      std::uint64_t seed);

}  // namespace boa
