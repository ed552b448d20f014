#pragma once
// The per-sample half of the attention kernel, for engines that obtain the token projections
// a_it = x_itᵀq and b_it = x_itᵀu without touching d-dimensional tokens (e.g. Gram-space GD).
//
//   s_i = S(a_i), f_i = s_iᵀb_i, L = (1/n)Σ ℓ(y_i f_i),
//   ∂L/∂a_it = −(1/n) g_i y_i s_it (b_it − f_i),  ∂L/∂b_it = −(1/n) g_i y_i s_it.
// Shapes: a, b, attention and both derivatives are n×T; y and f have n entries.
#include "boa/linalg.hpp"

namespace boa {

struct ProjectedAttention {
  double loss = 0;
  Vector f;
  RowMatrix attention;
  RowMatrix dloss_dscore;  // ∂L/∂a
  RowMatrix dloss_dvalue;  // ∂L/∂b
};

ProjectedAttention AttentionFromProjections(const RowMatrix& scores, const RowMatrix& values,
                                            const Vector& y);

}  // namespace boa
