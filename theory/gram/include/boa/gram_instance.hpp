#pragma once
// A training set in Gram form: everything gradient descent on M1 (and on M2 with W = I) can ever
// see, without d-dimensional vectors (issue 6, "a dimension-free engine").
//
// Every vector the training touches lives in span{e₁, e₂} ⊕ span{ζ₁, …, ζ_K}, where e₁, e₂ carry
// the signals (μ₊ = ‖μ‖e₁, μ₋ = ‖μ‖e₂) and ζ_k are the components orthogonal to e₁, e₂ of the K
// Gaussian vectors involved: the noisy tokens (D1: the noise tokens; D2: every token) and the
// Gaussian initial vectors p₀, v₀. A span vector is (a, γ) ∈ ℝ² × ℝ^K, meaning a₁e₁ + a₂e₂ +
// Σγ_kζ_k, and ⟨(a, γ), (a', γ')⟩ = aᵀa' + γᵀHγ' with H = [⟨ζ_k, ζ_l⟩] the K×K Gram matrix. Token
// (i, t) is (token_a row i·T + t, unit vector e_{token_k}) — or has no ζ part (token_k = −1, D1's
// signal tokens).
#include <cstdint>
#include <vector>

#include "boa/dataset.hpp"
#include "boa/linalg.hpp"

namespace boa {

struct SpanVector {
  Eigen::Vector2d a = Eigen::Vector2d::Zero();
  Vector gamma;  // K entries
};

struct GramInstance {
  int n = 0;
  int T = 0;
  int d = 0;
  double sigma = 1;
  // D2: every token's noise also has e₁, e₂ components (drawn explicitly into token_a);
  // D1: noise is orthogonal to the signal plane. Test-time projections need to know which.
  bool noise_in_signal_plane = false;
  Vector y;
  Vector y_true;
  std::vector<bool> noisy;
  std::vector<TokenRole> roles;
  Eigen::Vector2d mu_plus_a = Eigen::Vector2d::Zero();  // μ₊ on (e₁, e₂)
  Eigen::Vector2d mu_minus_a = Eigen::Vector2d::Zero();
  RowMatrix H;               // K×K, ⟨ζ_k, ζ_l⟩, symmetric bit for bit (Project reads Hᵀ)
  RowMatrix token_a;         // (n·T)×2
  std::vector<int> token_k;  // n·T entries: ζ index of the token, −1 if none
  std::vector<SpanVector> initial;  // initial parameter vectors in span form (may be empty)

  int K() const { return static_cast<int>(H.rows()); }
  SpanVector Zero() const { return {Eigen::Vector2d::Zero(), Vector::Zero(K())}; }
  // ⟨x_it, v⟩ for every token, as an n×T matrix.
  RowMatrix Project(const SpanVector& v) const;
  // Σ_it c_it x_it for an n×T coefficient matrix c.
  SpanVector Combine(const RowMatrix& c) const;
  double Inner(const SpanVector& u, const SpanVector& v) const;
};

// The Gram form of a directly generated dataset (exact up to rounding), with optional initial
// d-dimensional vectors (e.g. Gaussian-initialised p₀, v₀) added to the span. Also returns the
// ζ basis (K×d, row k = ζ_k) so that span vectors can be mapped back to ℝ^d.
struct GramFromData {
  GramInstance gram;
  RowMatrix basis;  // K×d
};
GramFromData GramFromDataset(const Dataset& data, double sigma,
                             const std::vector<Vector>& initial = {});

// Maps a span vector back to ℝ^d with the ζ basis of GramFromDataset.
Vector ToAmbient(const SpanVector& v, const RowMatrix& basis);

}  // namespace boa
