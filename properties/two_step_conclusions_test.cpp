// The predicate behind magen24.gd.two_step_benign and the Gaussian-init and dimension sweeps'
// `benign` columns applies the conventions docs/THEORY.md §4.2 states: (i) train accuracy 1,
// (ii) clean signal attention ≥ 0.9, (iii) noisy signal attention ≤ 0.1, (iv) clean test error
// ≤ 0.05. The claim's CI runs land far from these thresholds (clean attention ≈ 1), so only a
// check at the boundaries notices a threshold that drifted (mutant
// magen24.clean_attention_threshold survived every claim test).
#include <gtest/gtest.h>

#include "boa/two_step_conclusions.hpp"

namespace boa {
namespace two_step_conclusions_test {

// Values on, just inside and just outside each threshold, and far from all of them.
constexpr double kNearThresholds[] = {0.0,         0.05 - 1e-12, 0.05,        0.05 + 1e-12,
                                      0.1 - 1e-12, 0.1,          0.1 + 1e-12, 0.5,
                                      0.9 - 1e-12, 0.9,          0.9 + 1e-12, 1.0};

// Every combination (2 · 12³ runs), not a random sample: a drifted threshold changes the verdict
// on only a few of them (a random 100 missed the mutant with probability ≈ 0.35).
TEST(TwoStepConclusions, HoldExactlyWhenTheFourStatedConventionsHold) {
  PromptAttentionRun run;
  for (double accuracy : {1.0, 0.95}) {
    for (double clean : kNearThresholds) {
      for (double noisy : kNearThresholds) {
        for (double error : kNearThresholds) {
          run.train_accuracy = accuracy;
          run.min_clean_signal_attention = clean;
          run.max_noisy_signal_attention = noisy;
          run.test.error.rate = error;
          const bool stated = accuracy == 1 && clean >= 0.9 && noisy <= 0.1 && error <= 0.05;
          ASSERT_EQ(TwoStepConclusionsHold(run), stated)
              << "accuracy " << accuracy << ", clean " << clean << ", noisy " << noisy << ", error "
              << error;
          // The explanation names a failing conclusion exactly when one fails.
          ASSERT_EQ(TwoStepConclusionsFailed(run).empty(), stated) << TwoStepConclusionsFailed(run);
        }
      }
    }
  }
}

}  // namespace two_step_conclusions_test
}  // namespace boa
