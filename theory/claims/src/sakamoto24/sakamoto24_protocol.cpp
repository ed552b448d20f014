#include "sakamoto24_protocol.hpp"

#include "boa/frak_s_map.hpp"

namespace boa::claims {

TokenSelectionRunOptions Sakamoto24RunOptions(const Params& params) {
  TokenSelectionRunOptions options;
  options.train_W = IntParam(params, "train_W") != 0;
  options.lr = RealParam(params, "lr");
  options.steps = IntParam(params, "steps");
  options.n_test = IntParam(params, "n_test");
  return options;
}

Params Sakamoto24BudgetParams(Budget budget) {
  const TokenSelectionRunOptions o = Sakamoto24Protocol(budget);
  return {{"train_W", o.train_W ? 1 : 0}, {"lr", o.lr}, {"steps", o.steps}, {"n_test", o.n_test}};
}

Params FrakSMapProtocolParams(Budget budget) {
  const FrakSMapPlan plan = FrakSMapAt(budget);
  return {{"lr", plan.lr}, {"steps", plan.steps}};
}

LimitPath HorizonPath() {
  return {"steps",
          {1000, 2000, 4000, 8000},
          "[S] Thm 4.2 concludes for every τ ≥ T₀: the authors' horizon of 1000 steps, doubled"};
}

LimitPath FrakSHorizonPath() {
  return {"steps",
          {600, 1200, 2400, 4800},
          "[S] Thm 4.2 concludes for every τ ≥ T₀: CI's 600 steps of the 𝔖 protocol, doubled"};
}

}  // namespace boa::claims
