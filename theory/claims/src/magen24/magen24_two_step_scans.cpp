#include "magen24_two_step_scans.hpp"

#include <cmath>

#include "boa/fit_regime.hpp"
#include "boa/train.hpp"
#include "provenance_elements.hpp"

namespace boa::claims {

std::vector<Element> TwoStepElements() {
  return {{kTwoStepHorizonElement, Origin::kConvention,
           "the theorem's horizon; the discussion: \"with a smaller step size, more than 2 "
           "iterations will be required\""},
          prov::ScheduleSA(),
          prov::FitRegimeCutoffs(),
          {kTestSamplesElement, Origin::kConvention,
           "THEORY.md §2.3: the two-step claims' test-set size"},
          {"Gram engine", Origin::kDerivation,
           "exact in distribution (THEORY.md §3, core.gram.matches_direct)"}};
}

Params TwoStepParams() {
  return {{"steps", 2},
          {"step_scale", 1},
          {"slower_steps", 0},
          {"benign_cutoff", kBenignCleanTestAccuracy},
          {"test_samples", 4000}};
}

PromptAttentionRunOptions TwoStepRunOptions(const Params& params, int n, int d,
                                            EngineChoice engine) {
  PromptAttentionRunOptions options;
  const StepSchedule sa = MagenScheduleSA(n, d);
  const int slower = IntParam(params, "slower_steps");
  const double scale = RealParam(params, "step_scale") * std::exp2(-slower);
  options.schedule = [sa, scale](int step, const std::string& block) {
    return scale * sa(step, block);
  };
  options.steps = IntParam(params, "steps") << slower;
  options.n_test = IntParam(params, "test_samples");
  options.engine = engine;
  return options;
}

bool BenignAtCutoff(const Params& params, double train_accuracy, double clean_test_accuracy) {
  return train_accuracy == 1 && clean_test_accuracy >= RealParam(params, "benign_cutoff");
}

std::vector<ConstantScan> TwoStepScans() {
  return {
      {kTwoStepHorizonElement,
       "steps",
       {2, 4, 8, 16, 32},
       "the horizon doubled four times at SA's step-2 sizes (more steps at the "
       "same sizes)"},
      {prov::ScheduleSA().name,
       "step_scale",
       {0.25, 0.5, 1, 2, 4},
       "both of SA's step sizes scaled by 1/4 … 4 (SA's sizes were derived for "
       "d ≫ n² and are reused here)"},
      {prov::ScheduleSA().name,
       "slower_steps",
       {0, 1, 2, 3, 4},
       "the discussion's 'Different Step-size': \"with a smaller step size, more than 2 "
       "iterations will be required\" — both step sizes halved k times while the horizon doubles "
       "k times (k = 0 … 4: 1/16 of SA's sizes over 32 steps); first declared for "
       "benign_at_2n after its one-constant scans were measured, before this one was"},
      {prov::FitRegimeCutoffs().name,
       "benign_cutoff",
       {0.9, 0.925, 0.95, 0.975, 0.99},
       "the benign cut-off from 0.9 to 0.99 (the harmful one does not enter a benign claim)"},
      {kTestSamplesElement,
       "test_samples",
       {1000, 2000, 4000, 8000, 16000},
       "the test set quartered to quadrupled: the clean accuracy's sampling error"},
  };
}

}  // namespace boa::claims
