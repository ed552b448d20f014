#pragma once
// The O(m²) products of a factored W-and-p step (factored_query_weights.cpp), compiled once per
// SIMD target (scaled_row_sums.cpp, Google Highway) and picked at run time (boa/simd.hpp).
//
// Each output element is one multiply–add chain over the rows in order, so the result does not
// depend on the vector width: targets with fused multiply-add (avx2, avx3, avx3_dl) give the same
// bits, and so do the targets without it (scalar, ssse3, sse4).
#include "boa/linalg.hpp"

namespace boa {

// Mᵀg = Σ_i g_i M_i over the rows M_i of M, added row by row from 0. Requires g.size() == M.rows().
// For a symmetric M this is also M g.
Vector SumOfScaledRows(const RowMatrix& M, const Vector& g);

// Both in one pass over M: returns Mᵀg (M as it was on entry, summed as SumOfScaledRows does) and
// then sets M ← shrink·M + s vᵀ (M_ij ← MulAdd(s_i, v_j, shrink·M_ij); shrink = 1 leaves the
// product out exactly). Requires g.size() == s.size() == M.rows() and v.size() == M.cols().
Vector SumOfScaledRowsThenUpdate(RowMatrix& M, const Vector& g, double shrink, const Vector& s,
                                 const Vector& v);

}  // namespace boa
