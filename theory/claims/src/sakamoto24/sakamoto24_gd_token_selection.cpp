// sakamoto24.gd.token_selection — [S] Fig. 3a, the balanced setting (d = 2000, ‖μ‖ = 20, n = 20,
// T = 8, ρ = 0.1, η = 0.2). After long-horizon GD on the attention weights: train accuracy 1,
// every clean sample attends most to its relevant token, every noisy sample attends most to a
// token whose head score has the sign of its flipped label (typically the weak-opposite token),
// and clean test accuracy ≥ 0.95.
//
// Protocol: the paper's W and p, lr 5e-3, 1000 steps (Sakamoto24Protocol), at every budget.
#include <string>

#include "boa/claim.hpp"
#include "boa/fit_regime.hpp"
#include "sakamoto24_protocol.hpp"

namespace boa::claims {

Claim Sakamoto24GdTokenSelection() {
  Claim c;
  c.id = "sakamoto24.gd.token_selection";
  c.title =
      "Balanced setting: GD fits every sample, clean ones by the relevant token, noisy ones by a flipped-sign token; test ≥ 0.95";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kPaper;
  c.source = "[S] Fig. 3a and Thm 4.2";
  c.regime = {};
  c.budget_params = Sakamoto24BudgetParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const auto& setting = Sakamoto24Settings()[0];
    const TokenSelectionRun run = RunTokenSelection(Sakamoto24Spec(setting.d, setting.mu_norm),
                                                    Sakamoto24RunOptions(params), seed);
    Outcome o;
    AddRunMeasures("", run, o.measured);
    o.holds = run.train_accuracy == 1 && run.clean_selects.at("relevant") == 1 &&
              run.noisy_select_label_sign == 1 && run.test_accuracy >= kBenignCleanTestAccuracy;
    if (!o.holds) {
      o.explanation =
          "train " + std::to_string(run.train_accuracy) + ", clean selecting relevant " +
          std::to_string(run.clean_selects.at("relevant")) +
          ", noisy selecting a flipped-sign token " + std::to_string(run.noisy_select_label_sign) +
          ", clean test " + std::to_string(run.test_accuracy);
    }
    return o;
  };
  c.instances = 150;  // the sequential test's cap: power ≥ 0.9 at δ₁
  // Thm 4.2's conclusion for random draws of its setting: δ = 0.1 (THEORY.md §4.4, "theorem
  // conclusion"). Some seeds leave one noisy sample unfitted (train 0.95; seed 3 is the first,
  // kept in the corpus). An earlier version allowed a failure rate of 0.35, taken from a rate
  // measured on this code; that is withdrawn.
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  return c;
}

}  // namespace boa::claims
