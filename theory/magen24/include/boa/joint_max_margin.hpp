#pragma once
// The joint max-margin problem of [M] Thms 6/8/10, solved exactly by enumeration (THEORY.md
// magen24.maxmargin.joint_benign_per_class, §4.4):
//
//   max over ‖v‖ ≤ r, ‖p‖ ≤ R of minᵢ yᵢ f(Xᵢ; v, p),   R → ∞.
//
// As R → ∞ the softmax selects one token per sample, and p can realise a selection α iff its
// p-SVM is feasible (pᵀ(x_{i,αᵢ} − x_{i,¬αᵢ}) ≥ 1 for every i). The limit margin of α is then
// r/‖v_SVM(α)‖, so the joint solution is the p-feasible selection with the smallest ‖v_SVM‖
// (the first found among equals). Enumerating all 2ⁿ selections of T = 2 is exact; it is cheap for
// n ≤ kMaxEnumeratedSamples because a v-SVM costs O(n²) per sweep on an n×n block of the token
// Gram matrix, and the p-SVM is solved only for a selection that beats the best so far.
#include <algorithm>
#include <vector>

#include "boa/gram_instance.hpp"
#include "boa/max_margin_selection.hpp"

namespace boa {

// Two v-SVM rows whose signed vectors cancel, u + w = 0 up to rounding (‖u + w‖² ≤ 10⁻¹² of the
// larger ‖·‖², from their Gram entries), admit no v: vᵀu ≥ 1 and vᵀw = −vᵀu ≥ 1. The dual solver
// would need its full sweep budget to see it.
inline bool SignedRowsCancel(double uu, double ww, double uw) {
  return uu + ww + 2 * uw <= 1e-12 * std::max(uu, ww);
}

inline constexpr int kMaxEnumeratedSamples = 12;  // THEORY.md §4.4: exact enumeration for n ≤ 12

struct JointMaxMargin {
  SelectionSvms best;           // the joint max-margin selection and its two SVMs
  int selections = 0;           // 2ⁿ
  int v_infeasible = 0;         // selections whose v-SVM has no solution
  int p_infeasible = 0;         // selections beating the best v-norm whose p-SVM has none
  double max_kkt_residual = 0;  // over every converged SVM solved
};

// token_gram: the (2n)×(2n) matrix [⟨x_it, x_js⟩] of a T = 2 training set, rows i·2 + t.
JointMaxMargin EnumerateJointMaxMargin(const SampleLabels& labels, const RowMatrix& token_gram);

// The GD route to the same solution (THEORY.md magen24.maxmargin.joint_gd_direction): per-block
// normalised GD on M1 in Gram form from zero init,
//   θ_b ← θ_b − η ∇_b L/‖∇_b L‖   (b = p, v; a zero gradient, as ∇_p L at v = 0, is no step),
// which grows each block's norm linearly so that the direction is what remains to converge
// (the max-margin token-selection route of Tarzanagh et al.). η = kNormalisedGdStep/(σ√d): a
// step moves a noise token's score or value by at most about kNormalisedGdStep.
inline constexpr double kNormalisedGdStep = 0.01;

struct DirectionCheckpoint {
  int step = 0;
  SpanVector p, v;  // the iterate after `step` steps
};

struct NormalisedGdTrace {
  std::vector<DirectionCheckpoint> checkpoints;
  TokenChoice final_choice;  // per sample, the token with the larger final attention
  double train_accuracy = 0;
};

// Runs to the last of `checkpoints` (increasing step counts) and keeps the iterate at each.
NormalisedGdTrace RunNormalisedGd(const GramInstance& gram, const std::vector<int>& checkpoints);

// cos∠(a, b) in the instance's inner product (0 when either is zero).
double SpanCosine(const GramInstance& gram, const SpanVector& a, const SpanVector& b);

}  // namespace boa
