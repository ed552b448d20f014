#pragma once
// The one kernel behind every model (THEORY.md §1.1): f(X) = uᵀ Xᵀ S(X q).
//
// For sample i with tokens X_i (T×d, rows i·T .. i·T+T−1 of X) and query q_i:
//   a_i = X_i q_i, b_i = X_i u, s_i = S(a_i), f_i = s_iᵀ b_i,
//   L = (1/n) Σ_i ℓ(y_i f_i),  g_i = 1 / (1 + e^{y_i f_i}),
//   ∂L/∂b_it = −(1/n) g_i y_i s_it,   ∂L/∂a_it = −(1/n) g_i y_i s_it (b_it − f_i),
//   ∇_u L = Σ_i X_iᵀ ∂L/∂b_i,         ∇_q L = Σ_i X_iᵀ ∂L/∂a_i   (shared query q_i = q).
//
// Shapes: X (n·T)×d row-major, y n, q and u d; or a per-sample query matrix Q n×d (row i = q_i),
// in which case grad_q is still Σ_i X_iᵀ ∂L/∂a_i and callers use dloss_dscore for the rest.
//
// Masking (variable-length data, Dataset::lengths): with `lengths` non-empty, sample i has
// L_i = lengths[i] ∈ [1, T] tokens and its scores a_it, t ≥ L_i, count as −∞: s_it = 0 exactly,
// s_i restricted to t < L_i is the softmax of the first L_i scores, and ∂L/∂a_it = ∂L/∂b_it = 0
// for the padding. So every output equals the run of each sample at its own length without
// padding (properties/masked_attention_test.cpp), whatever the padding rows hold.
#include <span>

#include "boa/linalg.hpp"

namespace boa {

struct KernelOutput {
  double loss = 0;
  Vector f;                // n
  RowMatrix attention;     // n×T, s_i
  RowMatrix dloss_dscore;  // n×T, ∂L/∂a_i (zero when no gradient was asked for)
  Vector grad_q;           // d (empty when no gradient was asked for)
  Vector grad_u;           // d
};

// The softmax's backward rule, shared by every loss on an attention output f = Σ_t s_t b_t with
// s = S(a): given ∂L/∂f, writes ∂L/∂a_t = ∂L/∂f · s_t (b_t − f).
inline void ScoreGradient(std::span<const double> s, std::span<const double> b, double f,
                          double dloss_df, std::span<double> da) {
  for (std::size_t t = 0; t < s.size(); ++t) da[t] = dloss_df * s[t] * (b[t] - f);
}

// Samples per work block. Blocks are the unit of threading and of the fixed reduction order
// (partial sums per block, added in block order), so results never depend on the thread count.
inline constexpr int kSamplesPerBlock = 8;

// Fused: per block of kSamplesPerBlock samples (contiguous rows of X), the scores and values of
// all its rows, then each sample's s, f, ℓ, then the two gradient sums over the block's rows while
// they are still in cache; X is read from memory once per gradient. Uses
// KernelThreads() threads (boa/threads.hpp).
void FusedAttentionKernel(const RowMatrix& X, int T, const Vector& y, const Vector& q,
                          const Vector& u, bool with_gradient, KernelOutput& out,
                          std::span<const int> lengths = {});
void FusedAttentionKernel(const RowMatrix& X, int T, const Vector& y, const RowMatrix& Q,
                          const Vector& u, bool with_gradient, KernelOutput& out,
                          std::span<const int> lengths = {});

// The kernel's per-sample part when the scores a = X q and values b = X u (both n·T, entry
// i·T + t) are already known: fills loss, f, attention and dloss_dscore; grad_q and grad_u are
// left empty. Models that track scores in a smaller space than ℝ^d (factored W) use it.
void AttentionFromScores(const Vector& scores, const Vector& values, int T, const Vector& y,
                         KernelOutput& out, std::span<const int> lengths = {});

// Reference: the same quantities from whole-matrix Eigen expressions (four matrix–vector
// products), written to be obviously right rather than fast. Shared query only, no mask.
KernelOutput ReferenceAttentionKernel(const RowMatrix& X, int T, const Vector& y, const Vector& q,
                                      const Vector& u);

}  // namespace boa
