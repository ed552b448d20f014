#pragma once
// Clean test error without d-dimensional test tokens (THEORY.md §2.3).
//
// For a model f(X) = uᵀXᵀS(Xq) with fixed q and u (M1: q = p, u = v; M2: q = Wᵀp, u = ν), a
// fresh token x = c + ξ (c its signal part, ξ Gaussian) enters f only through
//   (qᵀx, uᵀx) = (qᵀc, uᵀc) + (qᵀξ, uᵀξ),   (qᵀξ, uᵀξ) ~ N(0, σ² [[qᵀPq, qᵀPu], [uᵀPq, uᵀPu]])
// with P the noise covariance pattern (D1: the projector that zeroes coordinates 1 and 2;
// D2: the identity). These sufficient statistics — qᵀμ±, uᵀμ± and the 2×2 noise covariance — come
// from ambient vectors or from the Gram form (gram_instance.hpp); then each test sample costs 2T
// Gaussian draws, whatever d is. Classes are stratified (half ỹ = +1, half ỹ = −1), matching
// both the uniform and the balanced label rules.
#include <cstdint>

#include "boa/gram_instance.hpp"
#include "boa/linalg.hpp"
#include "boa/metrics.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/token_selection_data.hpp"

namespace boa {

struct TestProjections {
  double q_plus = 0, q_minus = 0;                       // qᵀμ₊, qᵀμ₋
  double u_plus = 0, u_minus = 0;                       // uᵀμ₊, uᵀμ₋
  Eigen::Matrix2d noise_cov = Eigen::Matrix2d::Zero();  // Cov((qᵀξ, uᵀξ)) of a fresh noise token
};

// From ambient q, u. noise_in_signal_plane: D2 (P = I) rather than D1 (P zeroes e₁, e₂).
TestProjections ProjectionsOf(const Vector& q, const Vector& u, double mu_norm, double sigma,
                              bool noise_in_signal_plane);
// From ambient q, u on signal–noise data: D1 (μ₊ = ‖μ‖e₁ ⟂ μ₋ = ‖μ‖e₂, noise off e₁, e₂) or Kou
// et al.'s antipodal data (μ₋ = −μ₊ = −‖μ‖e₁, noise off e₁).
TestProjections ProjectionsOf(const Vector& q, const Vector& u, const SignalNoiseSpec& spec);
// From span vectors of a Gram instance (exact: ⟨ξ⊥, q⊥⟩ has variance σ²γ_qᵀHγ_q).
TestProjections ProjectionsOf(const SpanVector& q, const SpanVector& u, const GramInstance& gram);

struct ProjectedTestResult {
  ErrorEstimate error;  // P[ỹ f(X) ≤ 0] with a two-sided 95% Clopper–Pearson interval
  double mean_signal_attention;  // mean softmax weight on the signal (D1) / relevant (D2) tokens
};

ProjectedTestResult ProjectedCleanTestError(const TestProjections& projections,
                                            const SignalNoiseSpec& spec, int n_test,
                                            std::uint64_t seed);
ProjectedTestResult ProjectedCleanTestError(const TestProjections& projections,
                                            const TokenSelectionSpec& spec, int n_test,
                                            std::uint64_t seed);

// Shorthands for ambient q, u.
ProjectedTestResult ProjectedCleanTestError(const Vector& q, const Vector& u,
                                            const SignalNoiseSpec& spec, int n_test,
                                            std::uint64_t seed);
ProjectedTestResult ProjectedCleanTestError(const Vector& q, const Vector& u,
                                            const TokenSelectionSpec& spec, int n_test,
                                            std::uint64_t seed);

// D1 with T = 2, exactly: one signal token (no noise) and one noise token (s, w) = (qᵀξ, uᵀξ).
// f = λb₁ + (1 − λ)w with λ = σ(a₁ − s), so f ≤ 0 ⟺ w ≤ −b₁e^{a₁ − s}; with w | s Gaussian the
// error is a one-dimensional integral of φ·Φ, done by adaptive Gauss–Kronrod (Boost.Math).
double ExactCleanTestErrorSignalNoiseT2(const TestProjections& projections);

}  // namespace boa
