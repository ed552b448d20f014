#pragma once
// How the sakamoto24.gd.* claims' parameters choose the long-horizon GD protocol.
//
// Parameters (fixed per budget by the claims, overridable with --params):
//   train_W  1: W and p trained from W₀ ~ U(−1/√d, 1/√d) ([S] v3); 0: p only, W = I ([S] v1)
//   lr, steps, n_test
#include "boa/claim.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/token_selection_run.hpp"

namespace boa::claims {

TokenSelectionRunOptions Sakamoto24RunOptions(const Params& params);

// Sakamoto24Protocol(budget) (sakamoto24_settings.hpp, which says why) as parameters.
Params Sakamoto24BudgetParams(Budget budget);

}  // namespace boa::claims
