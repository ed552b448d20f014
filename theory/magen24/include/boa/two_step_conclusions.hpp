#pragma once
// Conclusions (i)–(iv) of magen24.gd.two_step_benign on one trained run (THEORY.md §4.2): the
// one predicate behind the claim, the Gaussian-init and dimension sweeps' `benign` columns.
//   (i)   train accuracy 1;
//   (ii)  every clean training sample puts weight ≥ 0.9 on its signal token;
//   (iii) every noisy training sample puts weight ≤ 0.1 on its signal token;
//   (iv)  clean test error ≤ 0.05.
#include <string>

#include "boa/prompt_attention_run.hpp"

namespace boa {

bool TwoStepConclusionsHold(const PromptAttentionRun& run);

// Which of (i)–(iv) fail on `run`, with the numbers (empty when they all hold).
std::string TwoStepConclusionsFailed(const PromptAttentionRun& run);

}  // namespace boa
