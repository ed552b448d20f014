#pragma once
// The [M] discussion's self-attention conjecture (THEORY.md magen24.extension.w_svm_direction):
// in M3, f = vᵀXᵀS(XWx₁), GD's W converges in direction to the W-SVM
//
//   min ‖W‖_F  s.t.  (μ_i − ξ_i)ᵀ W x_{i1} ≥ 1 (i clean),  (ξ_i − μ_i)ᵀ W x_{i1} ≥ 1 (i noisy).
//
// For a selection α (T = 2) the constraints are ⟨W, Z_i⟩_F ≥ 1 with rank-one rows
// Z_i = δ_i x_{i1}ᵀ, δ_i = x_{i,αᵢ} − x_{i,¬αᵢ}: a hard-margin SVM whose Gram matrix is
// ⟨Z_i, Z_j⟩_F = ⟨δ_i, δ_j⟩·⟨x_{i1}, x_{j1}⟩, solved by hard_margin_svm.hpp with its KKT
// certificate; W_SVM = Σ_i α_i δ_i x_{i1}ᵀ.
//
// W_SVM and every GD iterate from W = 0 (∇_W L = Σ_i r_i x_{i1}ᵀ with r_i = X_iᵀ ∂L/∂a_i) share the
// sample-factored form W = Σ_i a_i x_{i1}ᵀ, so boa keeps W as the n×d factor A (rows a_i): a GD
// step is a_i ← a_i − β_W r_i, the queries are q_j = W x_{j1} = Σ_i ⟨x_{i1}, x_{j1}⟩ a_i, and
// ⟨W, W'⟩_F = Σ_ij ⟨x_{i1}, x_{j1}⟩⟨a_i, a'_j⟩. That is GD on W itself, exactly (the dense
// SelfAttention model is its peer, properties/w_svm_test.cpp), at O(n²d) per step instead of
// O(nd²).
#include <cstdint>
#include <vector>

#include "boa/dataset.hpp"
#include "boa/hard_margin_svm.hpp"
#include "boa/max_margin_selection.hpp"

namespace boa {

// W = Σ_i a_i x_{i1}ᵀ over the first tokens of a data set.
struct FactoredW {
  RowMatrix a;  // n×d, row i = a_i
};

// [⟨x_{i1}, x_{j1}⟩]: the first tokens' Gram matrix (n×n).
RowMatrix FirstTokenGram(const Dataset& data);
// ⟨W, W'⟩_F for two factored matrices over the same data set.
double FrobeniusInner(const RowMatrix& first_gram, const FactoredW& w, const FactoredW& w2);
// The dense d×d matrix (tests and small d only).
RowMatrix DenseW(const Dataset& data, const FactoredW& w);

struct WSvm {
  TokenChoice choice;
  HardMarginSvm svm;  // over the rows Z_i; svm.norm_squared = ‖W_SVM‖_F²
  FactoredW w;        // W_SVM
};

// The W-SVM of selection `choice` (T = 2).
WSvm SolveWSvm(const Dataset& data, const TokenChoice& choice,
               const HardMarginSvmOptions& options = {});

// GD on M3 from W = 0, v = 0 with constant steps β_W (W) and β_v (v), kept in factored form;
// the iterate W is kept at each checkpoint (increasing step counts).
struct WDirectionTrace {
  std::vector<int> steps;
  std::vector<FactoredW> iterates;  // W after each checkpoint's step count
  Vector v;                         // after the last checkpoint
  TokenChoice final_choice;         // per sample, the token with the larger final attention
  double train_accuracy = 0;
};
WDirectionTrace RunSelfAttentionDirection(const Dataset& data, double beta_w, double beta_v,
                                          const std::vector<int>& checkpoints);

// cos∠(W_t, target) in ⟨·,·⟩_F at each checkpoint of the trace.
std::vector<double> DirectionCosines(const Dataset& data, const WDirectionTrace& trace,
                                     const FactoredW& target);

}  // namespace boa
