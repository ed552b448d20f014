#pragma once
// The Gram matrix of D1's noise tokens — what the [M] noise lemmas (THEORY.md §4.2
// magen24.noise.*) are statements about.
//
//   G_ij = ⟨ξ_i, ξ_j⟩ over the noise tokens ξ of a D1 dataset (rows i·T + t with role noise);
//   each ξ has m = d − 2 i.i.d. N(0, σ²) coordinates, so E G_ii = σ²m and G_ij = O(σ²√m).
//   Diagonal-dominance ratio: ρ(G) = max_i Σ_{j≠i} |G_ij| / G_ii; "diagonally dominant by half"
//   (the lemma's conclusion Σ_{j≠i} |⟨ξ_i, ξ_j⟩| ≤ ‖ξ_i‖²/2 for all i) is ρ(G) ≤ 1/2.
#include <vector>

#include "boa/dataset.hpp"
#include "boa/linalg.hpp"

namespace boa {

using Matrix = Eigen::MatrixXd;

// The noise tokens of a dataset as rows, in sample order: (n·(T−1))×d for D1.
RowMatrix NoiseTokens(const Dataset& data);

// G = N Nᵀ for the rows of N.
Matrix NoiseGram(const RowMatrix& noise);

struct NoiseGramSummary {
  double min_squared_norm = 0;      // min_i G_ii
  double max_squared_norm = 0;      // max_i G_ii
  double max_abs_off_diagonal = 0;  // max_{i≠j} |G_ij|
  double dominance_ratio = 0;       // ρ(G)
};
NoiseGramSummary SummarizeNoiseGram(const Matrix& gram);

// ρ of the Gram matrix of the first m columns of `noise`, for every m in the increasing list
// `prefix_columns` (each ≤ noise.cols()). The prefixes of i.i.d. Gaussian columns are
// themselves i.i.d. Gaussian noise in dimension m, so one draw gives the whole curve ρ(m) with
// common random numbers (one pass, the Gram accumulated block by block).
std::vector<double> DominanceRatioAlongPrefixes(const RowMatrix& noise,
                                                const std::vector<int>& prefix_columns);

}  // namespace boa
