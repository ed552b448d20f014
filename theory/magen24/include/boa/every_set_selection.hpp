#pragma once
// Every set selection at once (THEORY.md magen24.maxmargin.multi_token_every_set; issue 49 item
// 10): each sample keeps a non-empty subset of its T tokens, (2^T − 1)^n selections in all. In the
// limit B → ∞ of the joint budget (joint_budget.hpp) a set selection S is worth its v-margin
// γ_v(S) = 1/‖v_SVM(S)‖ when its p-SVM is feasible (multi_token_selection.hpp), so the limit's
// best is the p-feasible set selection with the largest v-margin. The search is exhaustive and
// certified: depth first over the samples, a branch is cut when the v-SVM of its assigned samples
// alone — fewer constraints, so a margin at least any completion's — is no larger than the best
// p-feasible leaf found; every other leaf is solved.
#include <cstdint>
#include <vector>

#include "boa/linalg.hpp"
#include "boa/multi_token_selection.hpp"
#include "boa/sample_labels.hpp"

namespace boa {

struct EverySetSearch {
  TokenSets best;                 // the p-feasible set selection with the largest v-margin
  double best_margin = 0;         // its 1/‖v_SVM‖ (0: none found)
  std::int64_t leaves = 0;        // complete selections whose v-SVM was solved
  std::int64_t p_solves = 0;      // of which the p-SVM was solved (those that beat the best)
  std::int64_t p_infeasible = 0;  // p-SVMs that did not converge
  std::int64_t cuts = 0;          // branches cut by the bound
  bool converged = true;          // every SVM solved met its KKT tolerance or was proved infeasible
};

// token_gram: [⟨x_it, x_js⟩], rows i·T + t; T ≤ 8.
EverySetSearch BestSetSelectionInTheLimit(const SampleLabels& labels, const RowMatrix& token_gram);

// Whether some sample keeps two or more tokens.
bool CombinesTokens(const TokenSets& sets);

}  // namespace boa
