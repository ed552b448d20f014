// sakamoto24.gd.token_selection — [S] Fig. 3a, the balanced setting (d = 2000, ‖μ‖ = 20, n = 20,
// T = 8, ρ = 0.1, η = 0.2). After long-horizon GD on the attention weights: train accuracy 1,
// every clean sample attends most to its relevant token, every noisy sample attends most to a
// token whose head score has the sign of its flipped label (typically the weak-opposite token),
// and clean test accuracy ≥ 0.95.
//
// sakamoto24.gd.token_selection_weak_opposite — the sharper form of its noisy-sample part
// ([S] App. A, lines 483–484 as corrected in the rebuttal): every noisy sample attends most to its
// weak-opposite token (W_{−Y*}, the token carrying the opposite class signal ρμ_{−ỹ}). It also
// reports how often a noisy sample selects an irrelevant token instead.
//
// Protocol: the paper's W and p, lr 5e-3, 1000 steps (Sakamoto24Protocol), at every budget.
#include <map>
#include <string>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "sakamoto24_protocol.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {
namespace {

constexpr double kReviewCodeRho = 0.2;  // [S] code config/main.yaml @ 3c925ff … 8d6d833

// One GD run in the balanced setting of [S] Fig. 3a, with its key numbers in `measured`.
TokenSelectionRun BalancedRun(const Params& params, std::uint64_t seed,
                              std::map<std::string, double>& measured) {
  const auto& setting = Sakamoto24Settings()[0];
  const TokenSelectionRun run = RunTokenSelection(Sakamoto24Spec(setting.d, setting.mu_norm),
                                                  Sakamoto24RunOptions(params), seed);
  AddRunMeasures("", run, measured);
  return run;
}

// The weak-opposite statement on one run: every noisy sample's most-attended token is its
// weak-opposite token.
void JudgeWeakOpposite(const TokenSelectionRun& run, Outcome& o) {
  const double weak_opposite = run.noisy_selects.at("weak_opposite");
  o.holds = weak_opposite == 1;
  if (!o.holds) {
    o.explanation = "noisy samples selecting their weak-opposite token " +
                    std::to_string(weak_opposite) + " (irrelevant " +
                    std::to_string(run.noisy_selects.at("irrelevant")) + ", relevant " +
                    std::to_string(run.noisy_selects.at("relevant")) + ")";
  }
}

}  // namespace

Claim Sakamoto24GdTokenSelection() {
  Claim c;
  c.id = "sakamoto24.gd.token_selection";
  c.title =
      "Balanced setting: GD fits every sample, clean ones by the relevant token, noisy ones by a flipped-sign token; test ≥ 0.95";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] Fig. 3a and Thm 4.2";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] Thm 4.2 and Fig. 3(a) as the [S] discussion describes them (reply Q4 of the last "
       "review): in the balanced setting “the tokens predicted by our theoretical analysis are "
       "indeed selected for both clean and noisy data in the training set … benign overfitting "
       "is successfully achieved”; Thm 4.1's intuition (reply Q1 i): “selecting class-relevant "
       "tokens is desirable for generalization” and “selecting alternative tokens that align "
       "with the label noise is necessary for fitting noisy data”"},
      {"a noisy sample's token: any token whose head score has its flipped label's sign",
       Origin::kConvention,
       "boa's weaker reading of “alternative tokens that align with the label noise”; the "
       "sharper, the weak-opposite token, is sakamoto24.gd.token_selection_weak_opposite"},
      {"setting", Origin::kAuthorsCode,
       "[S] Fig. 3(a): the Fig. 3 data in the balanced setting, trained as the authors' final "
       "code trains it (the elements below)"},
      s24::Fig3Data(),
      s24::Fig3Balanced(),
      s24::WAndPProtocol(),
      {"selection and fit judged at the last step (1000)", Origin::kConvention,
       "boa's: the theorem's conclusion is for τ beyond some T₀; boa reads it at the "
       "authors' horizon"},
      s24::BenignCutOff(),
      s24::ProjectedTestSet("clean test set: 2000 projected samples"),
  };
  c.regime = {};
  c.budget_params = Sakamoto24BudgetParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    Outcome o;
    const TokenSelectionRun run = BalancedRun(params, seed, o.measured);
    JudgeTokenSelection(run, o);
    return o;
  };
  // Thm 4.2's conclusion for random draws of its setting: δ = 0.1 (THEORY.md §4.4, "theorem
  // conclusion"). Some seeds leave one noisy sample unfitted (train 0.95; seed 3 is the first,
  // kept in the corpus). An earlier version allowed a failure rate of 0.35, taken from a rate
  // measured on this code; that is withdrawn. Issue 35: the record's rate (0.2) lies above δ, so
  // the statement read at the authors' horizon is a finding, tested at the record's lower bound.
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.expected = Expectation::kFails;
  c.limit_path = HorizonPath();
  c.finding_class = FindingClass::kFiniteSize;  // records/finding_paths.csv
  // Declared before its record was measured; the path record (1000 … 8000 steps, other seeds)
  // was known.
  c.scans = {HorizonScan("selection and fit judged at the last step (1000)")};
  c.encoding_sensitive = "the horizon: judged at the authors' 1000 steps (the path lengthens it)";
  c.finding =
      "At the authors' horizon (1000 steps) one noisy sample (rarely two) is left unfitted in 80 "
      "of 400 draws (seeds 1000000000.., the rate record; 95% interval [0.16, 0.24]): 76 of the "
      "80 fail by train accuracy 0.95 or 0.90 alone or with a noisy sample not on a flipped-sign "
      "token, 4 by the selection alone; the clean test accuracy is 1 and every clean sample "
      "selects its relevant token in all 400. The failure shrinks along the horizon, the limit the "
      "theorem's τ ≥ T₀ takes: at 4000 steps 7 of 200 of the same draws fail (0.035, `./boa check "
      "sakamoto24.gd.token_selection --params steps=4000 --seed 1000000000 --instances 200 "
      "--run-to-cap`), all of them among the 80. Reading the conclusion at step 1000 is boa's "
      "convention; the rate at 1000 steps is a finite-horizon deviation, not a refutation of Thm "
      "4.2. The scan of the horizon (records/scans.csv, seed base 4e9, 100 draws a value) says "
      "the same: 18, 5, 2, 1 and 1 of 100 at 1000, 2000, 4000, 8000 and 16000 steps, not shown "
      "above δ from 2000 steps on.";
  c.slow_in_ci = true;  // its CI verdict takes over ~10 s on 2 cores
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "the balanced setting of Fig. 3a; only the seed varies";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24GdTokenSelection);

Claim Sakamoto24GdTokenSelectionWeakOpposite() {
  Claim c;
  c.id = "sakamoto24.gd.token_selection_weak_opposite";
  c.title = "Balanced setting: every noisy sample attends most to its weak-opposite token W_{−Y*}";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] Thm 4.2 proof (App. A) and the corrected lines 483–484 (rebuttal A5)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion A5 (the corrected lines 483–484 on Figure 3): “selecting the weakly "
       "relevant token u ∈ W_{−Y*(j)} for the j ∈ N aligns with our analysis” and “For the noisy "
       "data j ∈ N in the training set, the model should select a weakly relevant token that "
       "aligns with the opposite direction of the true label”. It describes the noisy sample "
       "Figure 3(a) shows, and the analysis, which trains p only"},
      {"every noisy sample, at the last step (1000)", Origin::kConvention,
       "boa's: all |N| = 4 noisy samples of a run, judged at the authors' horizon"},
      {"setting", Origin::kAuthorsCode,
       "the runs of sakamoto24.gd.token_selection: the Fig. 3 data in the balanced setting, W "
       "and p trained as the authors' final code trains them (the elements below)"},
      s24::Fig3Data(),
      {"ρ = 0.1", Origin::kAuthorsCode,
       "[S] code config/main.yaml @ 492715f … c563aae (rho 0.1), the final version's Fig. 3. "
       "The [S] discussion gives no ρ for Figure 3, and the code of the review's time had "
       "rho 0.2 (config/main.yaml @ 3c925ff … 8d6d833, Sept. 2024, p only, lr 1e-4). The "
       "statement hinges on it: a weak-opposite token's head score has the flipped sign w.p. "
       "Φ(ρ‖μ‖/√2) = 0.92 at ρ = 0.1 and 0.998 at ρ = 0.2 (sakamoto24.head.scores)"},
      s24::Fig3Balanced(),
      s24::WAndPProtocol(),
  };
  c.regime = {};
  c.budget_params = Sakamoto24BudgetParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    Outcome o;
    JudgeWeakOpposite(BalancedRun(params, seed, o.measured), o);
    return o;
  };
  // The same conclusion as sakamoto24.gd.token_selection, sharpened: THEORY.md §4, "theorem
  // conclusion".
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.expected = Expectation::kFails;
  c.limit_path = HorizonPath();
  c.finding_class = FindingClass::kPersists;  // records/finding_paths.csv
  // The one constant of boa's: where the selection is judged. "Every noisy sample" is the
  // discussion's own ("for the noisy data j ∈ N … the model should select"); the horizon is not
  // given, and [S] Thm 4.2 concludes for every τ ≥ T₀, so the scan runs from the authors' 1000
  // steps up to sixteen times as long (declared before its record was measured).
  c.scans = {HorizonScan("every noisy sample, at the last step (1000)")};
  c.encoding_sensitive =
      "ρ = 0.1: a weak-opposite token has the flipped sign w.p. 0.92 at ρ = 0.1, 0.998 at ρ = 0.2";
  c.finding =
      "Per noisy sample, about a third select an irrelevant token instead of W_{−Y*}: of the 160 "
      "noisy samples of 40 runs (seeds 1000.., `./boa check "
      "sakamoto24.gd.token_selection_weak_opposite --seed 1000 --instances 40 --run-to-cap`), "
      "62% select the weak-opposite token, 37% an irrelevant one, 1% the weak-same one and none "
      "the relevant one; 97% are fitted and the clean test accuracy is 1 in every run. So a run, "
      "whose 4 noisy samples must all select W_{−Y*}, fails in 33 of the 40 (95% interval [0.67, "
      "0.93]), and it fails at every horizon scanned, 1000 to 16000 steps (records/scans.csv). "
      "The flipped-sign form (sakamoto24.gd.token_selection) holds: an irrelevant token whose "
      "noise gives it a head score of the flipped label's sign fits a noisy sample as well. The "
      "setting is the authors' final code's Fig. 3 (ρ = 0.1, W and p, lr 5e-3, 1000 steps); the "
      "discussion's sentence (A5) describes the figure of the review's time, when the code's "
      "default was ρ = 0.2 with p only, and the analysis trains p only. The statement hinges on "
      "ρ: a weak-opposite token's head score has the flipped sign w.p. Φ(ρ‖μ‖/√2) = 0.92 at ρ = "
      "0.1, 0.998 at ρ = 0.2. Measured at ρ = 0.2 with p only "
      "(sakamoto24.gd.token_selection_weak_opposite_review_code), 95.5% of noisy samples select "
      "W_{−Y*}, and a run fails at about 0.17: ρ, not the protocol, makes the difference.";
  c.slow_in_ci = true;  // its CI verdict takes over ~10 s on 2 cores
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "the balanced setting of Fig. 3a; only the seed varies";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24GdTokenSelectionWeakOpposite);

// The same statement in the setting of the authors' code at the time of the review (issue 50
// item 6): ρ = 0.2 and p only (W = I), as the analysis trains it, on the balanced Fig. 3 data.
// The review-time step size, lr 1e-4, is too slow for its 5000 steps (THEORY.md §3), so the
// horizon and step size are boa's p-only protocol (lr 1e-3, 1500 steps: the gradient-flow time
// of lr 1e-4 over 15000 steps), fixed before this claim was measured; both are scanned.
Claim Sakamoto24GdTokenSelectionWeakOppositeReviewCode() {
  Claim c;
  c.id = "sakamoto24.gd.token_selection_weak_opposite_review_code";
  c.title =
      "Review-time code (ρ = 0.2, p only): every noisy sample attends most to its weak-opposite token W_{−Y*}";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source =
      "[S] Thm 4.2 proof (App. A) and the corrected lines 483–484 (rebuttal A5), in the "
      "setting of the authors' code at the time of the review";
  const Element horizon = {"every noisy sample, at the last step (1500)", Origin::kConvention,
                           "boa's: all |N| = 4 noisy samples of a run, judged at the protocol's "
                           "horizon"};
  const Element protocol = s24::POnlyProtocol();
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion A5 (the corrected lines 483–484 on Figure 3): “For the noisy data j ∈ N "
       "in the training set, the model should select a weakly relevant token that aligns with "
       "the opposite direction of the true label”; the figure of the review's time was drawn by "
       "the code of that time"},
      horizon,
      {"setting", Origin::kAuthorsCode,
       "the Fig. 3 data in the balanced setting as the authors' code of the review's time drew "
       "it (ρ = 0.2) and trained it (p only), with boa's step size and horizon (the elements "
       "below)"},
      {"Fig. 3 data at ρ = 0.2: n = 20, T = 8 (x₁ relevant, x₂ weak same, x₃ weak opposite, "
       "x₄–x₈ irrelevant), η = 0.2, balanced labels and flips, head ν = (μ₊ − μ₋)/(√2‖μ‖²)",
       Origin::kAuthorsCode,
       "[S] code config/main.yaml @ 3c925ff … 8d6d833 (Sept. 2024, the review's time: rho 0.2); "
       "the rest as the final code draws it (s24::Fig3Data, c563aae)"},
      s24::Fig3Balanced(),
      protocol,
  };
  c.regime = {};
  c.budget_params = [](Budget) {
    const TokenSelectionRunOptions run = Sakamoto24POnlyProtocol();
    return Params{{"rho", kReviewCodeRho}, {"lr", run.lr}, {"steps", run.steps}};
  };
  c.gram_form = true;
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    const auto& setting = Sakamoto24Settings()[0];
    TokenSelectionSpec spec = Sakamoto24Spec(setting.d, setting.mu_norm);
    spec.rho = RealParam(params, "rho");
    TokenSelectionRunOptions options = Sakamoto24POnlyProtocol();
    options.lr = RealParam(params, "lr");
    options.steps = IntParam(params, "steps");
    options.engine = engine;
    Outcome o;
    const TokenSelectionRun run = RunTokenSelection(spec, options, seed);
    AddRunMeasures("", run, o.measured);
    JudgeWeakOpposite(run, o);
    return o;
  };
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.expected = Expectation::kFails;
  c.limit_path = POnlyHorizonPath();
  c.finding_class = FindingClass::kPersists;  // records/finding_paths.csv
  c.encoding_sensitive =
      "the horizon and step size (boa's p-only protocol): at 3000 steps or more, or lr ≥ 2e-3, "
      "the scans' 13–14 of 100 are not shown above δ (records/scans.csv)";
  c.finding =
      "Closer, but not within δ = 0.1: at the review-time ρ = 0.2 with p only, 95.5% of noisy "
      "samples select their weak-opposite token and 4% an irrelevant one (100 runs, seeds "
      "1000.., `./boa check sakamoto24.gd.token_selection_weak_opposite_review_code --seed 1000 "
      "--instances 100 --run-to-cap`), so a run's 4 noisy samples all select W_{−Y*} in about "
      "five runs of six: 64 of 400 fail in the rate record (0.16, one-sided 95% lower bound "
      "0.131), 1201 of 6904 over the flake audit's ten seed bases. At ρ = 0.1 (the final code) "
      "the same p-only protocol fails 81 of 100 (the protocol does not matter: W and p, 83 of "
      "100), at ρ = 0.15 41 of 100. Along the horizon (1500 → 12000 steps, the path below) the "
      "rate stays near 0.17; the scans of boa's horizon and step size cannot show it above δ at "
      "3000 steps or more, or at lr ≥ 2e-3 (13–14 of 100).";
  // Declared before they were measured: the horizon up to sixteen times the protocol's, and the
  // step size a factor 4 either side of it (the review-time code's 1e-4 is ten times smaller).
  c.scans = {{horizon.name,
              "steps",
              {1500, 3000, 6000, 12000, 24000},
              "the protocol's horizon doubled four times: Thm 4.2's conclusion holds for every "
              "τ ≥ T₀"},
             {protocol.name,
              "lr",
              {2.5e-4, 5e-4, 1e-3, 2e-3, 4e-3},
              "the step size a factor 4 either side of boa's 1e-3, at 1500 steps"}};
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "the balanced setting of Fig. 3a at the review-time ρ; only the seed varies";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24GdTokenSelectionWeakOppositeReviewCode);

}  // namespace boa::claims
