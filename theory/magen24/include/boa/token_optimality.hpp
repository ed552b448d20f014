#pragma once
// Token optimality of a selection under its own v-SVM (THEORY.md magen24.maxmargin.assumption_c):
// Tarzanagh et al. score token t of sample i under v as γ_it = yᵢ vᵀx_it, and their joint
// max-margin theorem needs the selected tokens to be the optimal ones under v_SVM(α). Since
// γ_{i,αᵢ} ≥ 1 at the v-SVM, a T = 2 selection is strictly optimal iff every unselected token
// scores below 1:
//   max over i of yᵢ v_SVM(α)ᵀ x_{i,¬αᵢ} < 1.
#include "boa/max_margin_selection.hpp"
#include "boa/sample_labels.hpp"

namespace boa {

// max_i yᵢ v_SVM(α)ᵀ x_{i,¬αᵢ}; token_gram as in SolveSelectionSvms.
double MaxUnselectedScore(const SampleLabels& labels, const RowMatrix& token_gram,
                          const SelectionSvms& s);

}  // namespace boa
