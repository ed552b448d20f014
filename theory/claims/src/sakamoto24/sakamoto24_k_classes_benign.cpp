// sakamoto24.extension.k_classes_benign — [S] Section F asserted (issue 34 item 10). The
// discussion (reply Q1, "3. Binary classification"): "Section F in the appendix discusses how the
// analysis can be extended to the multi-class setting without fundamentally changing the
// arguments". What that supports is the binary result with K classes: training on noisy labels
// fits every training sample and the clean test accuracy stays high — benign overfitting, read
// with boa's one cut-off (train accuracy 1 and clean test ≥ 0.95, THEORY.md §2.3).
//
// The settings THEORY.md §4.4 fixes for K classes (KClassSpec, KClassProtocol): K ∈ {2, 3, 5}
// drawn per instance, d = 2000, ‖μ‖ = 20, T = 8, ρ = 0.1, n = 30, Bernoulli(η = 0.2) flips to a
// uniform other class, fixed heads ν_k = μ_k/(√2‖μ‖²), p only from 0 with lr 5e-3 and the [S]
// horizon of 1000 steps at every budget (the figures' 300 quick steps are not the statement's
// horizon), 400 clean test samples. δ = 0.1, δ₁ = 0.3 (theorem conclusion: the extension of
// Thm 4.2).
#include <string>
#include <utility>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/claim.hpp"
#include "boa/fit_regime.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/token_selection_run.hpp"
#include "sakamoto24_protocol.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {

Claim Sakamoto24ExtensionKClassesBenign() {
  Claim c;
  c.id = "sakamoto24.extension.k_classes_benign";
  c.title =
      "With K ∈ {2, 3, 5} classes at η = 0.2, p-only GD fits every training sample and keeps clean test accuracy ≥ 0.95";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] Section F (multi-class extension), as the discussion states it";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion (reply Q1, “3. Binary classification”): “Section F in the appendix "
       "discusses how the analysis can be extended to the multi-class setting without "
       "fundamentally changing the arguments”; the binary result it extends is benign "
       "overfitting (Thm 4.2)"},
      {"benign: train accuracy 1 and clean test ≥ 0.95", Origin::kConvention,
       "THEORY.md §2.3, boa's one benign cut-off (the discussion states none)"},
      {"setting", Origin::kConvention,
       "THEORY.md §4.4 K classes, boa's: K ∈ {2, 3, 5} drawn per instance, orthogonal class "
       "signals, one weak token per other class, n = 30, Bernoulli(η = 0.2) flips to a uniform "
       "other class, heads ν_k = μ_k/(√2‖μ‖²); d = 2000, ‖μ‖ = 20, T = 8, ρ = 0.1 as the Fig. 3 "
       "data"},
      {"GD protocol: p only (W = I), lr 5e-3, 1000 steps at every budget", Origin::kConvention,
       "THEORY.md §4.4, boa's: the authors' step size and horizon with p alone (the K-output "
       "model has no factored W; Lemma A.6)"},
      {"clean test set: 400 fresh samples", Origin::kConvention, "THEORY.md §4.4, boa's"},
  };
  c.regime = {{"k_index", 0, static_cast<int>(KClassCounts().size()) - 1}};
  c.budget_params = [](Budget) {
    const TokenSelectionRunOptions o = KClassProtocol(Budget::kDefault);
    return Params{{"lr", o.lr}, {"steps", o.steps}};
  };
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const int K = KClassCounts().at(IntParam(params, "k_index"));
    TokenSelectionRunOptions options = KClassProtocol(Budget::kDefault);
    options.lr = RealParam(params, "lr");
    options.steps = IntParam(params, "steps");
    const TokenSelectionRun run = RunTokenSelectionK(KClassSpec(K, 0.2), options, seed);
    Outcome o;
    o.measured["K"] = K;
    o.measured["train_accuracy"] = run.train_accuracy;
    o.measured["noisy_fitted"] = run.noisy_fitted;
    o.measured["test_accuracy"] = run.test_accuracy;
    o.holds = ClassifyFit(run.train_accuracy, run.test_accuracy) == FitRegime::kBenign;
    if (!o.holds) {
      o.explanation = "K = " + std::to_string(K) + ": train accuracy " +
                      FormatNumber(run.train_accuracy) + " (noisy fitted " +
                      FormatNumber(run.noisy_fitted) + "), clean test " +
                      FormatNumber(run.test_accuracy);
    }
    return o;
  };
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kRangeFinding;
  c.range_note =
      "the K-class extension for every K of {2, 3, 5}, refuted on the average over K: an averaged "
      "rate above δ puts some K above δ";
  c.expected = Expectation::kFails;
  c.finding_class = FindingClass::kFiniteSize;  // records/finding_paths.csv
  c.limit_path = LimitPath{"steps",
                           {1000, 2000, 4000, 8000},
                           "the [S] horizon doubled three times at the same step size: every "
                           "failure is a noisy sample still unfitted at the last step"};
  // The step size is boa's (the authors' with p alone): halved twice and doubled twice around
  // it, 1000 steps each, so a larger step stands in for a longer horizon at a fifth of the
  // horizon path's cost (declared before its record was measured).
  c.scans = {{"GD protocol: p only (W = I), lr 5e-3, 1000 steps at every budget",
              "lr",
              {1.25e-3, 2.5e-3, 5e-3, 1e-2, 2e-2},
              "the authors' step size halved and doubled twice, at the same 1000 steps"}};
  c.encoding_sensitive = "the 1000-step horizon and “fits” read as train accuracy exactly 1";
  c.slow_in_ci = true;  // a finding at rate ≈ 0.47 on ≈ 1 s runs: its CI verdict takes > 10 s
  c.finding =
      "With K classes the runs do not fit every training sample within the [S] horizon: 186 of "
      "400 draws fail (rate record, seed base 1e9; K drawn from {2, 3, 5}), each because noisy "
      "samples stay unfitted (train accuracy down to 0.9), never the clean test accuracy (≥ "
      "0.9925 in every draw seen). Per K on fresh seeds (5000.., 30 draws each, `--params "
      "k_index=0|1|2`): 12/30 at K = 2, 16/30 at K = 3, 25/30 at K = 5. So the failure grows with "
      "K, as THEORY.md §4.4's reading anticipated (a noisy sample attending to the weak token of "
      "its observed class alone beats every other class with probability 0.92, 0.87, 0.79 at "
      "K = 2, 3, 5), but it is already there at K = 2: with p alone, Bernoulli flips and n = 30 "
      "the 1000 steps at lr 5e-3 leave noisy samples unfitted in the binary model too. The "
      "horizon and the cut-off are boa's (the discussion states neither), so this refutes "
      "“extends without fundamentally changing the arguments” only at this horizon, and not "
      "specifically for K > 2. A larger step does not rescue it within 1000 steps "
      "(records/scans.csv, seed base 4e9, 100 draws a value): 100, 71, 47, 36 and 34 of 100 fail "
      "at lr 1.25e-3, 2.5e-3, 5e-3, 1e-2 and 2e-2. Along the horizon (1000 … 8000 steps, 100 draws "
      "each, seed base 3e9) it falls, 46, 34, 28, 25 of 100: exponent −0.31, 95% interval "
      "[−0.49, −0.13], the power law fits, so finite-size; extrapolated, δ near 1.3·10⁵ steps.";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24ExtensionKClassesBenign);

}  // namespace boa::claims
