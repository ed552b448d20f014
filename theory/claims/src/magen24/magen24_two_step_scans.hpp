#pragma once
// The two-step route's constants of boa's as claim parameters, so that a finding's scans can move
// them one at a time (issue 48; README § The ledger): the horizon and schedule SA's step sizes, the
// benign cut-off and the test-set size, each with the scan the findings that run two SA steps
// declare (magen24.dimension.benign_at_2n, magen24.extension.multi_token_benign). The claim's own
// point (η, r, n, d) is its own to parameterise.
#include <string>
#include <vector>

#include "boa/claim.hpp"
#include "boa/prompt_attention_run.hpp"

namespace boa::claims {

// The element names these scans move (each claim lists the elements themselves).
inline constexpr const char* kTwoStepHorizonElement = "two GD steps from zero";
inline constexpr const char* kTestSamplesElement = "4000 projected test samples";

// The elements these scans move — the horizon, schedule SA, §2.3's cut-offs, the test-set size —
// and the Gram engine (exact in distribution, so no constant), in that order.
std::vector<Element> TwoStepElements();
// steps 2, step_scale 1, slower_steps 0, benign_cutoff 0.95, test_samples 4000: the claims' values.
Params TwoStepParams();
// The run the parameters ask for at (n, d): SA's step sizes × step_scale / 2^slower_steps over
// steps · 2^slower_steps iterations (slower_steps k: the discussion's "with a smaller step size,
// more than 2 iterations will be required"), test_samples projected test samples.
PromptAttentionRunOptions TwoStepRunOptions(const Params& params, int n, int d,
                                            EngineChoice engine);
// §2.3's benign regime at the parameters' cut-off: train accuracy 1, clean test ≥ benign_cutoff.
bool BenignAtCutoff(const Params& params, double train_accuracy, double clean_test_accuracy);
// The scans of the horizon, of SA's step sizes (alone and jointly with the horizon), of the benign
// cut-off and of the test-set size, with their declared ranges.
std::vector<ConstantScan> TwoStepScans();

}  // namespace boa::claims
