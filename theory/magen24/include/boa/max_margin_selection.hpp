#pragma once
// Max-margin token selection for M1 on D1 with T = 2 (THEORY.md magen24.maxmargin.selection,
// [M] Thms 6/8/10).
//
// A selection α picks one token x_{i,α_i} per training sample. Its two hard-margin SVMs are
//   v-SVM:  min ‖v‖  s.t.  y_i vᵀx_{i,α_i} ≥ 1
//   p-SVM:  min ‖p‖  s.t.  pᵀ(x_{i,α_i} − x_{i,¬α_i}) ≥ 1
// and the attention model with p → R·p_SVM (R → ∞) and v = v_SVM interpolates with margin 1.
// Which selection does the max-margin solution pick? On the joint regularisation path (weight
// decay λ → 0 on ‖v‖² + ‖p‖²) the softmax only needs ‖p‖ = O(log ‖v‖) to select, so the v-margin
// decides: the selection with the smallest ‖v_SVM‖ wins, provided its p-SVM is feasible. That is
// the comparison THEORY.md's "joint norm" heuristic makes; ‖p_SVM‖ is reported beside it.
//
// Idealised (‖ξ‖² = d, ⟨ξ_i, ξ_j⟩ = 0, ‖μ‖² = SNR²·d): the benign selection (signal for clean,
// noise for noisy samples) has ‖v‖² = 2/(SNR²d) + |N|/d and the all-noise one ‖v‖² = n/d, so the
// benign one wins iff SNR² > 2/|C| ≈ 2/((1 − η)n). Per true class c the comparison is separate
// (1/(SNR²d) against |C_c|/d), so with unbalanced classes one class may switch before the other:
// the candidates are therefore "clean samples of class c select their signal" for each subset of
// the two classes (noisy samples always select noise: selecting the signal would contradict the
// clean samples of their class, or cost more than the clean ones when |N_c| < |C_c|).
//
// Everything here needs only the labels and the token Gram matrix [⟨x_it, x_js⟩] (the SVM duals
// and the training outputs), plus the test-time projections of the final p and v: so it runs on
// either engine (engine.hpp), and the primal solutions are kept as coefficients over the tokens.
#include <cstdint>
#include <vector>

#include "boa/dataset.hpp"
#include "boa/hard_margin_svm.hpp"
#include "boa/projected_test_error.hpp"
#include "boa/prompt_attention_run.hpp"
#include "boa/sample_labels.hpp"
#include "boa/signal_noise_data.hpp"

namespace boa {

// Per sample, the index t of the selected token.
using TokenChoice = std::vector<int>;

// Clean samples of true class +1 (if plus_class) and of true class −1 (if minus_class) select
// their signal token, every other sample its noise token. Needs T = 2.
TokenChoice SignalForCleanClasses(const SampleLabels& labels, bool plus_class, bool minus_class);

struct SelectionSvms {
  TokenChoice choice;
  HardMarginSvm v_svm, p_svm;
  // The primal solutions over the training tokens: v = Σ_it v_coef(i, t) x_it, p likewise (n×T).
  RowMatrix v_coef, p_coef;
  bool feasible() const { return v_svm.converged && p_svm.converged; }
};

// token_gram: the (n·T)×(n·T) matrix [⟨x_it, x_js⟩], rows i·T + t.
SelectionSvms SolveSelectionSvms(const SampleLabels& labels, const RowMatrix& token_gram,
                                 const TokenChoice& choice,
                                 const HardMarginSvmOptions& options = {});
// [⟨x_it, x_js⟩] of a Gram instance, rows i·T + t.
RowMatrix TokenGram(const GramInstance& gram);
// ⟨x_it, Σ_js coef(j, s) x_js⟩ for every token, as an n×T matrix: the scores of the vector with
// coefficients `coef` over the training tokens.
RowMatrix ProjectOnto(const RowMatrix& token_gram, const RowMatrix& coef);
// Σ_it coef(i, t) x_it in ℝ^d.
Vector CombineTokens(const Dataset& data, const RowMatrix& coef);

// Softmax scale standing in for R → ∞: training logit gaps are ≥ R·1, so the training attention
// is hard to within e^{−R}.
inline constexpr double kHardAttentionScale = 1e3;

// Which selections the solver compares: the four per-class candidates above, or all 2ⁿ
// (joint_max_margin.hpp, n ≤ 12), which solves the joint problem exactly.
enum class SelectionSearch { kPerClassCandidates, kAllSelections };

struct MaxMarginSolution {
  SelectionSvms benign;     // signal for every clean sample
  SelectionSvms all_noise;  // noise for every sample
  SelectionSvms selected;   // the feasible candidate with the smallest ‖v_SVM‖
  SelectionSearch search = SelectionSearch::kPerClassCandidates;
  // kAllSelections only: whether the per-class candidates' winner is the enumerated one.
  bool candidate_is_joint = true;
  bool selected_benign = false;     // selected == benign
  bool selected_all_noise = false;  // selected == all-noise
  double train_accuracy = 0;        // of (kHardAttentionScale·p, v) on the training set
  double max_kkt_residual = 0;      // over every converged SVM solved
  ProjectedTestResult test;         // clean test error of (kHardAttentionScale·p, v)
  Engine engine = Engine::kDirect;  // the engine that drew the training set
  SampleLabels labels;              // of the training set
};

// On a drawn training set, direct or in Gram form.
MaxMarginSolution SolveMaxMarginSelection(
    const Dataset& data, const SignalNoiseSpec& spec, int n_test, std::uint64_t seed,
    SelectionSearch search = SelectionSearch::kPerClassCandidates);
MaxMarginSolution SolveMaxMarginSelection(
    const GramInstance& gram, const SignalNoiseSpec& spec, int n_test, std::uint64_t seed,
    SelectionSearch search = SelectionSearch::kPerClassCandidates);
// Draws D1 at `seed` on the engine `choice` resolves to — the same training set that
// RunPromptAttention(spec, {engine = choice, omega = 0}, seed) trains on.
MaxMarginSolution SolveMaxMarginSelection(
    const SignalNoiseSpec& spec, EngineChoice choice, int n_test, std::uint64_t seed,
    SelectionSearch search = SelectionSearch::kPerClassCandidates);

// The second route to the max-margin solution: GD with small weight decay, whose limit direction
// the [M] rebuttal takes to be the max-margin one. SB step sizes (4n/d), λ = 1e-3·d/n (so λ‖θ‖²
// is small against the loss at the SVM scale ‖θ‖² ~ n/d), 1000 steps from zero init. `horizon`
// h walks the rebuttal's limit λ → 0, t → ∞ with λt fixed: λ = 1e-3·d/(n·h), 1000·h steps.
PromptAttentionRunOptions WeightDecayRoute(int n, int d, int n_test, int horizon = 1);

}  // namespace boa
