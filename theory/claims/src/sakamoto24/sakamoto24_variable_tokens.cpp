// sakamoto24.variable_tokens.* — issue 34, item 8: the main [S] statements on data whose token
// counts vary from sample to sample. The [S] discussion (A2) says the constant-ratio assumption
// "is just a simplification introduced for the notation simplicity and can be removed", with a
// new appendix Section H.1 stating what changes; that appendix's text is not available to this
// project, so the variant is boa's (VariableTokensSpec, THEORY.md §2.2): per sample T_i ∈ {6, …,
// 10}, relevant, weak-same and weak-opposite counts ∈ {1, 2}, the rest irrelevant, padded to 10
// and masked exactly by the model (attention_kernel.hpp).
//
// sakamoto24.variable_tokens.token_selection — the statement of sakamoto24.gd.token_selection
// (train accuracy 1, every clean sample attends most to a relevant token, every noisy sample to a
// token whose head score has its flipped label's sign, clean test ≥ 0.95) on the variable-count
// data in the balanced setting (d, ‖μ‖) = (2000, 20).
//
// sakamoto24.variable_tokens.regimes_not_benign — the statement of sakamoto24.gd.regimes_not_benign
// (Fig. 3's three regimes: balanced benign, large noise fitted with clean test < 0.95, large signal
// not overfitting) on the variable-count data.
//
// Protocol: the paper's W and p, lr 5e-3, 1000 steps (Sakamoto24Protocol), at every budget.
#include <map>
#include <string>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/fit_regime.hpp"
#include "sakamoto24_protocol.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {
namespace {

Element VariableTokensStatementSource() {
  return {"the constant token ratio removed", Origin::kPaper,
          "[S] discussion A2: “The constant ratio assumption is just a simplification introduced "
          "for the notation simplicity and can be removed. We have newly added Section H.1 to "
          "explicitly state which parts would need to be revised and confirm that our analysis "
          "does not fundamentally rely on this assumption.” Section H.1 itself is not available "
          "to this project: boa reads A2 as “the conclusions hold with per-sample counts”"};
}

Element VariableTokensData() {
  return {
      "variable counts: per sample T_i ~ U{6, …, 10}, relevant_i, weak_same_i, "
      "weak_opposite_i ~ U{1, 2} independently, irrelevant_i = T_i − the three (0 … 7); "
      "padded to 10 and masked (score −∞); otherwise the Fig. 3 data (n = 20, ρ = 0.1, "
      "η = 0.2, balanced labels and flips, head ν = (μ₊ − μ₋)/(√2‖μ‖²))",
      Origin::kConvention,
      "boa's variant (VariableTokensSpec, THEORY.md §2.2): the mean length is Fig. 3's T = 8, "
      "and every role's count and every ratio varies per sample (the relevant share from 1/10 "
      "to 1/3); the discussion gives no distribution of the counts"};
}

Element VariableTokensTestSet() {
  return s24::ProjectedTestSet(
      "clean test set: 2000 projected samples, each with its own counts drawn as the training "
      "samples' are");
}

// One W-and-p run on the variable-count data at (d, ‖μ‖), its key numbers under `prefix`.
TokenSelectionRun VariableTokensRun(const Params& params, int d, double mu_norm, std::uint64_t seed,
                                    const std::string& prefix,
                                    std::map<std::string, double>& measured) {
  const TokenSelectionRun run =
      RunTokenSelection(VariableTokensSpec(d, mu_norm), Sakamoto24RunOptions(params), seed);
  AddRunMeasures(prefix, run, measured);
  double mean_length = 0;
  for (int i = 0; i < run.data.n; ++i) mean_length += run.data.Length(i);
  measured[prefix + "mean_length"] = mean_length / run.data.n;
  return run;
}

}  // namespace

Claim Sakamoto24VariableTokensTokenSelection() {
  Claim c;
  c.id = "sakamoto24.variable_tokens.token_selection";
  c.title =
      "Variable token counts, balanced setting: GD fits every sample, clean ones by a relevant token, noisy ones by a flipped-sign token; test ≥ 0.95";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] Thm 4.2 and Fig. 3a with the constant ratio removed (discussion A2, App. H.1)";
  c.elements = {
      {"statement", Origin::kPaper,
       "sakamoto24.gd.token_selection's ([S] Thm 4.2 and Fig. 3(a) as the discussion describes "
       "them: the predicted tokens “are indeed selected for both clean and noisy data … benign "
       "overfitting is successfully achieved”), on data whose token counts vary per sample"},
      VariableTokensStatementSource(),
      {"a clean sample's token: any of its relevant tokens; a noisy sample's: any token whose "
       "head score has its flipped label's sign",
       Origin::kConvention,
       "boa's, as for sakamoto24.gd.token_selection; with up to two relevant tokens a sample "
       "selects “the relevant token” when its most-attended token is one of them"},
      {"setting", Origin::kConvention,
       "the balanced setting of Fig. 3(a) with boa's variable counts (the elements below)"},
      VariableTokensData(),
      s24::Fig3Balanced(),
      s24::WAndPProtocol(),
      {"selection and fit judged at the last step (1000)", Origin::kConvention,
       "boa's, as for sakamoto24.gd.token_selection: the theorem concludes for τ beyond some "
       "T₀; boa reads it at the authors' horizon"},
      s24::BenignCutOff(),
      VariableTokensTestSet(),
  };
  c.regime = {};
  c.budget_params = Sakamoto24BudgetParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    Outcome o;
    const auto& setting = Sakamoto24Settings()[0];
    const TokenSelectionRun run =
        VariableTokensRun(params, setting.d, setting.mu_norm, seed, "", o.measured);
    JudgeTokenSelection(run, o);
    return o;
  };
  // Thm 4.2's conclusion for random draws: δ = 0.1, δ₁ = 0.3 (THEORY.md §4, "theorem
  // conclusion"), fixed before any run of this claim. The rate record (331 of 2000) lies above
  // δ: read at the authors' horizon the statement is a finding, as sakamoto24.gd.token_selection's.
  // The record has 2000 draws, not 400, so that its lower bound (0.152) sits far enough above δ
  // for CI's verdict to take ≈ 400 draws instead of ≈ 1300.
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.expected = Expectation::kFails;
  c.limit_path = HorizonPath();
  c.finding_class = FindingClass::kFiniteSize;  // records/finding_paths.csv
  // Declared before its record was measured; the path record (1000 … 8000 steps, other seeds)
  // was known.
  c.scans = {HorizonScan("selection and fit judged at the last step (1000)")};
  c.encoding_sensitive = "the horizon: judged at the authors' 1000 steps (the path lengthens it)";
  c.finding =
      "At the authors' horizon (1000 steps) 331 of 2000 draws fail (seeds 1000000000.., the rate "
      "record; 0.166, 95% interval [0.149, 0.182], above δ = 0.1), as the constant-count "
      "statement does (80 of 400, sakamoto24.gd.token_selection); almost every failure leaves one "
      "noisy sample unfitted (train 0.95). The failure shrinks along the horizon, the limit the "
      "theorem's τ ≥ T₀ takes: 20, 8, 4 and 4 of 100 draws fail at 1000, 2000, 4000 and 8000 "
      "steps (records/finding_paths.csv; decay exponent −0.94, 95% interval [−1.44, −0.49]): "
      "finite-size, a finite-horizon deviation, not a refutation of Thm 4.2 with variable "
      "counts. The scan of the horizon (records/scans.csv, seed base 4e9): 25, 10, 8, 6 and 5 of "
      "100 at 1000 … 16000 steps, not shown above δ from 2000 steps on.";
  c.slow_in_ci = true;
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "the balanced setting of Fig. 3a with variable counts; only the seed varies";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24VariableTokensTokenSelection);

Claim Sakamoto24VariableTokensRegimesNotBenign() {
  Claim c;
  c.id = "sakamoto24.variable_tokens.regimes_not_benign";
  c.title =
      "Variable token counts: balanced (2000, 20) benign, large noise (4500, 5) fitted with test < 0.95, large signal (1000, 80) not overfitting";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] Fig. 3 (a), (b), (c) with the constant ratio removed (discussion A2, App. H.1)";
  c.elements = {
      {"statement", Origin::kPaper,
       "sakamoto24.gd.regimes_not_benign's ([S] Fig. 3 as the discussion captions it: balanced "
       "benign, large noise harmful read as not benign, large signal not overfitting), on data "
       "whose token counts vary per sample"},
      VariableTokensStatementSource(),
      {"setting", Origin::kConvention,
       "the three settings of Fig. 3 with boa's variable counts (the elements below)"},
      VariableTokensData(),
      s24::Fig3Balanced(),
      s24::Fig3LargeNoise(),
      s24::Fig3LargeSignal(),
      s24::WAndPProtocol(),
      s24::BenignCutOff(),
      {"not benign: train accuracy 1 and clean test < 0.95", Origin::kConvention,
       "boa's benign threshold (THEORY.md §2.3), as for sakamoto24.gd.regimes_not_benign",
       "gd.regimes_not_benign's weaker form, chosen after gd.regimes failed (07aebba; this "
       "claim was written later, 79a8618)"},
      {"not overfitting: train accuracy < 1 and clean test ≥ 0.95", Origin::kConvention,
       "THEORY.md §2.3, boa's"},
      VariableTokensTestSet(),
  };
  c.regime = {};
  c.budget_params = Sakamoto24BudgetParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    Outcome o;
    std::map<std::string, TokenSelectionRun> runs;
    for (const auto& setting : Sakamoto24Settings()) {
      runs[setting.name] = VariableTokensRun(params, setting.d, setting.mu_norm, seed,
                                             setting.name + "_", o.measured);
    }
    const auto& balanced = runs["balanced"];
    const auto& noise = runs["large_noise"];
    const auto& signal = runs["large_signal"];
    const auto require = [&](bool ok, const std::string& why) {
      if (ok) return;
      o.holds = false;
      o.explanation += why + "; ";
    };
    require(ClassifyFit(balanced.train_accuracy, balanced.test_accuracy) == FitRegime::kBenign,
            "balanced not benign: train " + std::to_string(balanced.train_accuracy) + ", test " +
                std::to_string(balanced.test_accuracy));
    require(noise.train_accuracy == 1 && noise.test_accuracy < kBenignCleanTestAccuracy,
            "large noise benign or unfitted: train " + std::to_string(noise.train_accuracy) +
                ", test " + std::to_string(noise.test_accuracy));
    require(signal.train_accuracy < 1 && signal.test_accuracy >= kBenignCleanTestAccuracy,
            "large signal overfits or fails: train " + std::to_string(signal.train_accuracy) +
                ", test " + std::to_string(signal.test_accuracy));
    return o;
  };
  // A figure shown for one seed, claimed as typical: δ = 0.5, δ₁ = 0.8 (THEORY.md §4, "one seed,
  // typical"), as for sakamoto24.gd.regimes_not_benign, fixed before any run of this claim.
  UsePreRegisteredRates(c, RateRow::kTypicalFigure);
  c.slow_in_ci = true;
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note =
      "the three settings of Fig. 3 with variable counts, each run on every seed: one setting per "
      "seed";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24VariableTokensRegimesNotBenign);

}  // namespace boa::claims
