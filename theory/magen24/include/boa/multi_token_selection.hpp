#pragma once
// Max-margin token selection with T > 2 tokens, where a sample may keep a combination of tokens
// (THEORY.md magen24.maxmargin.multi_token_pure_limit; issue 32 item 4).
//
// A set selection keeps a set Sᵢ of tokens per sample. Its limit object is the ray p = R·p̂ whose
// scores are equal inside Sᵢ and ahead of every other token by ≥ 1/‖p‖:
//   p-SVM:  min ‖p‖  s.t.  (x_{i,s₀} − x_it)ᵀp ≥ 1 (t ∉ Sᵢ),  (x_is − x_{i,s₀})ᵀp = 0 (s ∈ Sᵢ)
// with s₀ the first token of Sᵢ; along it the attention tends to uniform on Sᵢ, so
//   v-SVM:  min ‖v‖  s.t.  yᵢ vᵀzᵢ ≥ 1,  zᵢ = mean of the tokens in Sᵢ.
// The equalities are handled by projecting the inequality rows aᵣ onto the orthogonal complement
// of the equality directions E: the minimum-norm p lies in span{P aᵣ}, and in the token Gram
// K the projected rows' Gram matrix is AᵀKA − AᵀKE (EᵀKE)⁺ EᵀKA, solved by hard_margin_svm.hpp.
// Singleton sets are SolveSelectionSvms's selections (the T = 2 peer, tests).
#include <vector>

#include "boa/hard_margin_svm.hpp"
#include "boa/linalg.hpp"
#include "boa/sample_labels.hpp"

namespace boa {

using TokenSets = std::vector<std::vector<int>>;  // per sample, the kept token indices

struct SetSelectionSvms {
  TokenSets sets;
  HardMarginSvm v_svm, p_svm;
  RowMatrix v_coef, p_coef;  // n×T: v = Σ v_coef(i, t) x_it, p likewise
  bool feasible() const { return v_svm.converged && p_svm.converged; }
};

// token_gram: [⟨x_it, x_js⟩], rows i·T + t.
SetSelectionSvms SolveSetSelectionSvms(const SampleLabels& labels, const RowMatrix& token_gram,
                                       const TokenSets& sets);

// The four candidates of the T-token comparison: clean samples keep their signal (benign) or
// their noise (all-noise), and every sample that keeps noise keeps either its largest noise token
// (the best single one: 1/‖ξ‖² is its v-cost) or all of its noise tokens (a combination).
TokenSets NoiseSets(const SampleLabels& labels, const RowMatrix& token_gram, bool clean_signal,
                    bool combine_noise);

}  // namespace boa
