// The predicate behind magen24.gd.two_step_benign and the Gaussian-init and dimension sweeps'
// `benign` columns applies the conventions docs/THEORY.md §4.2 states: (i) train accuracy 1,
// (ii) clean signal attention ≥ 0.9, (iii) noisy signal attention ≤ 0.1, (iv) clean test error
// ≤ 0.05. The claim's CI runs land far from these thresholds (clean attention ≈ 1), so only a
// check at the boundaries notices a threshold that drifted (mutant
// magen24.clean_attention_threshold survived every claim test).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/two_step_conclusions.hpp"

namespace boa {
namespace {

// Values on, just inside and just outside each threshold, and far from all of them.
rc::Gen<double> NearThresholds() {
  return rc::gen::element(0.0, 0.05 - 1e-12, 0.05, 0.05 + 1e-12, 0.1 - 1e-12, 0.1, 0.1 + 1e-12, 0.5,
                          0.9 - 1e-12, 0.9, 0.9 + 1e-12, 1.0);
}

RC_GTEST_PROP(TwoStepConclusions, HoldExactlyWhenTheFourStatedConventionsHold, ()) {
  PromptAttentionRun run;
  run.train_accuracy = *rc::gen::element(1.0, 0.95);
  run.min_clean_signal_attention = *NearThresholds();
  run.max_noisy_signal_attention = *NearThresholds();
  run.test.error.rate = *NearThresholds();
  const bool stated = run.train_accuracy == 1 && run.min_clean_signal_attention >= 0.9 &&
                      run.max_noisy_signal_attention <= 0.1 && run.test.error.rate <= 0.05;
  RC_ASSERT(TwoStepConclusionsHold(run) == stated);
  // The explanation names a failing conclusion exactly when one fails.
  RC_ASSERT(TwoStepConclusionsFailed(run).empty() == stated);
}

}  // namespace
}  // namespace boa
