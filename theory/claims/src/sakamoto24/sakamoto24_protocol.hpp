#pragma once
// How the sakamoto24.gd.* claims' parameters choose the long-horizon GD protocol, and the
// horizon paths of the findings read at a fixed horizon (gd.* and frak_s.*).
//
// Parameters (fixed per budget by the claims, overridable with --params):
//   train_W  1: W and p trained from W₀ ~ U(−1/√d, 1/√d) ([S] v3); 0: p only, W = I ([S] v1)
//   lr, steps, n_test
#include <utility>
#include <vector>

#include "boa/claim.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/token_selection_run.hpp"

namespace boa::claims {

TokenSelectionRunOptions Sakamoto24RunOptions(const Params& params);

// The [S] data spec of a claim instance from its regime parameters: n, T, d and mu_norm, plus
// rho and sigma when the regime has them (else the spec's defaults).
TokenSelectionSpec TokenSelectionSpecFromParams(const Params& params);

// Sakamoto24Protocol(budget) (sakamoto24_settings.hpp, which says why) as parameters.
Params Sakamoto24BudgetParams(Budget budget);

// The 𝔖 maps' protocol (FrakSMapAt(budget): lr and steps) as parameters.
Params FrakSMapProtocolParams(Budget budget);

// The limit path of a finding read at the authors' horizon: [S] Thm 4.2 concludes for every
// τ ≥ T₀, so the path lengthens the horizon, `steps` ∈ {1000, 2000, 4000, 8000} (W and p).
LimitPath HorizonPath();
// The same for boa's p-only protocol (Sakamoto24POnlyProtocol): `steps` ∈ {1500, 3000, 6000,
// 12000}, its 1500 steps doubled.
LimitPath POnlyHorizonPath();
// The same for the 𝔖 protocol (p only, lr 1e-3): `steps` ∈ {600, 1200, 2400, 4800}, CI's 600
// steps doubled three times.
LimitPath FrakSHorizonPath();
// The scan of a horizon of boa's at the authors' 1000 steps (`element` names it in the claim):
// `steps` ∈ {1000, 2000, 4000, 8000, 16000}, the authors' horizon doubled four times, one step
// beyond the path.
ConstantScan HorizonScan(const std::string& element);
// The same for the 𝔖 protocol: `steps` ∈ {600, 1200, 2400, 4800, 9600}.
ConstantScan FrakSHorizonScan(const std::string& element);
// The 𝔖 protocol's step size: `lr` ∈ {2.5e-4, 5e-4, 1e-3, 2e-3, 4e-3}, at the budget's steps.
ConstantScan FrakSStepSizeScan(const std::string& element);
// boa's benign cut-off (§2.3): `benign_cutoff` ∈ {0.9, 0.925, 0.95, 0.975, 0.99}.
ConstantScan BenignCutoffScan(const std::string& element);
// The projected clean test set of 2000 samples: `n_test` ∈ {500, 1000, 2000, 4000, 8000}.
ConstantScan TestSetScan(const std::string& element);

// The training-token forms' two constants (issue 50 item 1), set on `params`: selected_fraction
// 0.5 and C = 1; read back checked (selected_fraction in (0, 1], C > 0) as {cut, C}; and the scans
// of both, declared before any of their records was measured.
Params WithTrainingTokenConstants(Params params);
std::pair<double, double> TrainingTokenConstants(const Params& params);
std::vector<ConstantScan> TrainingTokenConstantScans();

// Thm 4.2's conclusion on one run (sakamoto24.gd.token_selection and its variable-count twin):
// train accuracy 1, every clean sample on a relevant token, every noisy sample on a token whose
// head score has its flipped label's sign, clean test ≥ 0.95. Sets o.holds and, when it fails,
// o.explanation.
void JudgeTokenSelection(const TokenSelectionRun& run, Outcome& o);

}  // namespace boa::claims
