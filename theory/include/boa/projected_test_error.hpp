#pragma once
// Clean test error without d-dimensional test tokens (THEORY.md §2.3).
//
// For a model f(X) = uᵀXᵀS(Xq) with fixed q and u (M1: q = p, u = v; M2: q = Wᵀp, u = ν), a
// fresh token x = c + ξ (c its signal part, ξ Gaussian) enters f only through
//   (qᵀx, uᵀx) = (qᵀc, uᵀc) + (qᵀξ, uᵀξ),   (qᵀξ, uᵀξ) ~ N(0, σ² [[qᵀPq, qᵀPu], [uᵀPq, uᵀPu]])
// with P the noise covariance pattern (D1: the projector that zeroes coordinates 1 and 2;
// D2: the identity). So each test sample costs 2T Gaussian draws, whatever d is. Classes are
// stratified (half ỹ = +1, half ỹ = −1), matching the uniform and the balanced label rules.
#include <cstdint>

#include "boa/linalg.hpp"
#include "boa/metrics.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/token_selection_data.hpp"

namespace boa {

struct ProjectedTestResult {
  ErrorEstimate error;           // P[ỹ f(X) ≤ 0] with a two-sided 95% Clopper–Pearson interval
  double mean_signal_attention;  // mean softmax weight on the signal (D1) / relevant (D2) tokens
};

ProjectedTestResult ProjectedCleanTestError(const Vector& q, const Vector& u,
                                            const SignalNoiseSpec& spec, int n_test,
                                            std::uint64_t seed);
ProjectedTestResult ProjectedCleanTestError(const Vector& q, const Vector& u,
                                            const TokenSelectionSpec& spec, int n_test,
                                            std::uint64_t seed);

}  // namespace boa
