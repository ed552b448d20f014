// sakamoto24.frak_s.criterion — [S] Def. 4.1 / Eqs. (11), (13), Thm 4.2: the 𝔖 ratios R₊, R₋
// (frak_s.hpp) against the label-noise rate η, in the four 𝔖 settings of THEORY.md §4.3
// (regime parameter `setting` 0..3; p only, 2 + 2 + 2 relevant/weak tokens, n = 40).
//
// Asserted (THEORY.md §4.3): on the η grid 0.05, 0.10, …, 0.95, the first η with clean test
// accuracy < 0.95 lies within ±0.1 of the first η with min(R₊, R₋) < 1. Neither event on the
// grid is consistent with the statement; exactly one of them is not. δ = 0.1 (THEORY.md §4,
// "theorem conclusion": Thm 4.2's condition for random draws).
//
// Reported, not asserted: R₊, R₋, train and test accuracy at every η, and whether R decreases
// along the grid — it must, whatever the dynamics, since the clean:noisy sample counts alone
// push it down (18:2 at η = 0.1, 2:18 at η = 0.9), so it tests nothing about the theorem.
//
// sakamoto24.frak_s.beyond_half — boa's extension of Thm 4.2's Eq. (11) ⇒ benign beyond the
// theorem's hypothesis η < 1/C: at η ∈ {0.6, …, 0.9}, wherever min(R₊, R₋) > 1 the clean test
// accuracy is ≥ 0.95. A run with min(R₊, R₋) ≤ 1 lies outside the hypothesis (rejected). Why a
// fixed head allows this (THEORY.md §4.3, a derived heuristic): every sample, clean or noisy,
// pulls q toward the class signal of its observed label, so the signal part of q is
// label-symmetric and only the balance R of the pulls on the relevant tokens decides what a test
// sample selects. The seed's η = 0.8 run ((d, ‖μ‖) = (2000, 20), train 1, clean test 0.993) is
// no support for it: the seed calls that run "the same harmful overfitting as in Figure 3(b)"
// and a "deterioration of generalization ability with increased label noise". Its 0.993 clears
// boa's 0.95 cut-off; the seed's own reading (test below 1.0 is harmful) would not.
//
// The runs are p-only on the Gram engine by default (equal in distribution; --engine direct
// draws the tokens), so the 19-point grid costs ≈ 0.2 s per setting and seed.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/claim.hpp"
#include "boa/engine.hpp"
#include "boa/fit_regime.hpp"
#include "boa/frak_s.hpp"
#include "boa/frak_s_map.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/shared_runs.hpp"
#include "sakamoto24_protocol.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {
namespace {

constexpr double kAgreement = 0.1;  // THEORY.md §4.3: "within ±0.1"

std::string EtaName(double eta) {
  std::ostringstream s;
  s << "eta" << eta;
  return s.str();
}

// One 𝔖 setting's runs along the η grid 0.05, 0.10, …, 0.95, once per process
// (shared_runs.hpp): frak_s.criterion and its training-token form judge the same runs.
std::vector<FrakSMapPoint> CriterionGrid(int setting, double lr, int steps, std::uint64_t seed,
                                         Engine engine) {
  const Params inputs = {{"setting", setting}, {"lr", lr}, {"steps", steps}};
  return SharedRun<std::vector<FrakSMapPoint>>(
      SharedRunKey(std::string("FrakSCriterionGrid ") + ToString(engine), inputs, seed), [&] {
        std::vector<FrakSMapPoint> points;
        for (int k = 1; k <= 19; ++k) {
          const double eta = 0.05 * k;
          FrakS frak;
          const TokenSelectionRun run =
              FrakSRun(FrakSSpec(setting, eta), lr, steps, seed, frak, engine);
          points.push_back(MapPointOf(eta, frak, run));
        }
        return points;
      });
}

// The first η of an event, as the explanations print it.
std::string EtaText(double eta) { return eta < 0 ? std::string("none") : FormatNumber(eta); }

// Both events on the grid within kAgreement of each other, or neither on it.
bool CoLocated(double event_eta, double cross_eta) {
  if (event_eta < 0 && cross_eta < 0) return true;
  return event_eta > 0 && cross_eta > 0 && std::fabs(event_eta - cross_eta) <= kAgreement + 1e-9;
}

// The elements of the criterion's runs: its η grid, settings, data and protocol.
std::vector<Element> CriterionRunElements() {
  return {{"η grid 0.05, 0.10, …, 0.95", Origin::kConvention,
           "boa's; the authors' 𝔖 table runs η = 0, 0.05, …, 0.9 ([S] code plot.ipynb @ 57150b2)"},
          s24::FrakSSettings(),
          s24::FrakSData(),
          s24::FrakSN(),
          s24::FrakSRho(),
          s24::FrakSProtocol("600 steps (quick), 1500 (default, full)")};
}

}  // namespace

Claim Sakamoto24FrakSCriterion() {
  Claim c;
  c.id = "sakamoto24.frak_s.criterion";
  c.title =
      "Clean test accuracy drops below 0.95 within ±0.1 in η of where min(R₊, R₋) crosses below 1";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] Def. 4.1, Eqs. (11) and (13), Thm 4.2";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] Thm 4.2 with Def. 4.1's 𝔖 as the [S] discussion states it (reply on Eqs. 11 and "
       "13): the conditions (11) and (13) decide whether “the training dynamics of attention "
       "probabilities … lead to either benign or harmful overfitting”; “with high label noise, "
       "the model incorrectly learns the class signal in the negative direction, leading to "
       "failures in token selection and generalization”"},
      {"co-location: the first η with the drop within ±0.1 of the first η with min(R₊, R₋) < 1",
       Origin::kConvention,
       "boa's, fixed before measuring (THEORY.md §4.3); the discussion states no distance "
       "between the ratio's boundary and an accuracy drop"},
      s24::DropCutOff(),
      s24::FrakSConstantOne(),
      s24::FrakSRatio(),
      s24::ProjectedTestSet("clean test set: 2000 projected samples"),
  };
  for (Element& e : CriterionRunElements()) c.elements.push_back(std::move(e));
  c.regime = {{"setting", 0, 3}};
  // The η grid is fixed (resolution 0.05, finer than the ±0.1 asserted); lr and steps are
  // FrakSSweepAt(budget)'s.
  c.budget_params = [](Budget budget) -> Params {
    const FrakSSweep sweep = FrakSSweepAt(budget);
    return {{"lr", sweep.lr}, {"steps", sweep.steps}};
  };
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    const int setting = IntParam(params, "setting");
    const std::vector<FrakSMapPoint> grid =
        CriterionGrid(setting, RealParam(params, "lr"), IntParam(params, "steps"), seed, engine);
    Outcome o;
    double drop_eta = -1, previous_ratio = INFINITY;
    bool decreasing = true;
    for (const FrakSMapPoint& p : grid) {
      const std::string at = "_" + EtaName(p.eta);
      const double ratio = std::min(p.r_plus, p.r_minus);
      o.measured["R_plus" + at] = p.r_plus;
      o.measured["R_minus" + at] = p.r_minus;
      o.measured["train_accuracy" + at] = p.train_accuracy;
      o.measured["test_accuracy" + at] = p.test_accuracy;
      if (p.test_accuracy < kBenignCleanTestAccuracy && drop_eta < 0) drop_eta = p.eta;
      decreasing = decreasing && ratio < previous_ratio;
      previous_ratio = ratio;
    }
    const double cross_eta = FirstEtaWithRatioBelow(grid, 1);
    o.measured["first_eta_test_below_095"] = drop_eta;  // −1: never on the grid
    o.measured["first_eta_min_R_below_1"] = cross_eta;  // −1: never on the grid
    o.measured["min_R_decreases_along_grid"] = decreasing;
    o.holds = CoLocated(drop_eta, cross_eta);
    if (!o.holds) {
      o.explanation = "first η with test < 0.95: " + EtaText(drop_eta) +
                      "; first η with min(R₊, R₋) < 1: " + EtaText(cross_eta) + " (setting " +
                      std::to_string(setting) + ")";
    }
    return o;
  };
  c.gram_form = true;
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  // Issue 35: the record's rate (0.24) lies above δ, all of it from setting 0, so the statement is
  // a finding, tested at the record's lower bound.
  c.expected = Expectation::kFails;
  c.limit_path = FrakSHorizonPath();
  c.finding_class = FindingClass::kFiniteSize;  // records/finding_paths.csv
  // The step size, declared before its record was measured (the horizon's scan would cost about
  // an hour of CPU; the path record, 600 … 4800 steps, was known).
  c.scans = {FrakSStepSizeScan(s24::FrakSProtocol("600 steps (quick), 1500 (default, full)").name)};
  c.encoding_sensitive =
      "the ±0.1 co-location: it fails only in 𝔖 setting 0, where the drop lags the crossing by "
      "0.2 (the finding); and C = 1, not a parameter here: on the same runs "
      "criterion_training_tokens scans it, the crossing unchanged in effect at C = 0.5 … 1 and "
      "moved far left by the counts at C ≥ √2";
  c.finding =
      "In 𝔖 setting 0 ((d, ‖μ‖) = (6000, 20)) min(R₊, R₋) crosses below 1 at η = 0.75, while the "
      "clean test accuracy never drops below 0.95 on the grid at CI's 600 steps (30 of 30 draws "
      "with the setting fixed, seeds 1000000000..; its minimum 0.97–0.99, with train accuracy "
      "0.78–0.85: the model does not fit the noisy samples) and first drops at η = 0.95 at 1500 "
      "steps (12 of 12): the drop lags the crossing by 0.2, twice boa's ±0.1. In settings 1–3 the "
      "drop comes at the crossing or 0.05 after it in 90 of 90 draws. The record: 96 of 400 "
      "random-setting draws fail (95% interval [0.20, 0.29]), the 73 failures among its first "
      "300 all in setting 0 — a local violation the average over settings dilutes to a rate "
      "between δ and δ₁. The ±0.1 co-location and the 0.95 drop are boa's (the discussion states "
      "no distance between the ratio's boundary and the drop), so this refutes boa's encoding in "
      "one setting, not Thm 4.2: wherever the grid shows a drop, it comes at or after the "
      "crossing. The protocol's step size does not move it below δ (records/scans.csv, seed "
      "base 4e9, 100 draws a value): 100, 41, 22, 22 and 21 of 100 fail at lr 2.5e-4, 5e-4, "
      "1e-3, 2e-3 and 4e-3 over 600 steps.";
  c.slow_in_ci = true;  // its CI verdict takes over ~10 s on 2 cores
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kRangeFinding;
  c.range_note =
      "the criterion on each of the four 𝔖 settings, refuted on the average over them: an averaged rate above δ puts some setting above δ";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24FrakSCriterion);

// The same runs, judged on the event the discussion names at the ratio's jump (issue 50 item 1):
// “the boundary where relevant tokens in the training data are either selected or suppressed”.
Claim Sakamoto24FrakSCriterionTrainingTokens() {
  Claim c;
  c.id = "sakamoto24.frak_s.criterion_training_tokens";
  c.title =
      "The clean training samples' relevant tokens are suppressed from within ±0.1 in η of where min(R₊, R₋) crosses below C = 1";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] Def. 4.1, Eqs. (11) and (13), Thm 4.2, and the discussion's reading of the jump";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion, reply on Weakness 2 (line 262): the ratio of Eqs. (11)/(13) changes "
       "abruptly, and “This is the boundary where relevant tokens in the training data are "
       "either selected or suppressed”; its Thm 4.2 reading (the same reply): the conditions "
       "decide whether “the training dynamics of attention probabilities … lead to either "
       "benign or harmful overfitting”"},
      {"co-location: the first η with the relevant tokens suppressed within ±0.1 of the first η "
       "with min(R₊, R₋) < C",
       Origin::kConvention,
       "boa's, as in sakamoto24.frak_s.criterion (fixed before measuring); the discussion states "
       "no distance"},
      s24::RelevantTokensSelected(),
      s24::FrakSConstantC(),
      s24::FrakSRatio(),
  };
  for (Element& e : CriterionRunElements()) c.elements.push_back(std::move(e));
  c.regime = {{"setting", 0, 3}};
  c.budget_params = [](Budget budget) -> Params {
    const FrakSSweep sweep = FrakSSweepAt(budget);
    return WithTrainingTokenConstants({{"lr", sweep.lr}, {"steps", sweep.steps}});
  };
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    const int setting = IntParam(params, "setting");
    const auto [cut, c_value] = TrainingTokenConstants(params);
    const std::vector<FrakSMapPoint> grid =
        CriterionGrid(setting, RealParam(params, "lr"), IntParam(params, "steps"), seed, engine);
    Outcome o;
    for (const FrakSMapPoint& p : grid)
      o.measured["clean_selects_relevant_" + EtaName(p.eta)] = p.clean_selects_relevant;
    const double suppressed_eta = FirstEtaRelevantSuppressed(grid, cut);
    const double cross_eta = FirstEtaWithRatioBelow(grid, c_value);
    o.measured["first_eta_relevant_suppressed"] = suppressed_eta;  // −1: never on the grid
    o.measured["first_eta_min_R_below_C"] = cross_eta;             // −1: never on the grid
    o.holds = CoLocated(suppressed_eta, cross_eta);
    if (!o.holds) {
      o.explanation =
          "first η with the clean samples' relevant tokens suppressed: " + EtaText(suppressed_eta) +
          "; first η with min(R₊, R₋) < " + FormatNumber(c_value) + ": " + EtaText(cross_eta) +
          " (setting " + std::to_string(setting) + ")";
    }
    return o;
  };
  c.gram_form = true;
  c.ci_test_with = "sakamoto24.frak_s.criterion";
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  // Setting 0 never suppresses them on the grid at CI's 600 steps (20 draws a setting at seeds
  // 1000.., before the records): a finding, tested at the record's lower bound.
  c.expected = Expectation::kFails;
  c.limit_path = FrakSHorizonPath();
  c.finding_class = FindingClass::kPersists;  // records/finding_paths.csv
  // Declared before the records were measured (the reported column's scans of the same two
  // constants were known).
  c.scans = TrainingTokenConstantScans();
  c.scans.push_back(
      FrakSStepSizeScan(s24::FrakSProtocol("600 steps (quick), 1500 (default, full)").name));
  c.encoding_sensitive =
      "the 𝔖 setting and C: it fails only in setting 0, (d, ‖μ‖) = (6000, 20), at every C ≤ 1, "
      "cut and step size scanned, and in every setting at C ≥ √2 (the scans)";
  c.finding =
      "In 𝔖 setting 0 ((d, ‖μ‖) = (6000, 20), ρ = 0.1) min(R₊, R₋) crosses below 1 at η = 0.75, "
      "but the clean training samples never suppress their relevant tokens on the grid: every "
      "one of them still selects a relevant token at η = 0.95 (20 of 20 draws at seeds 1000.., "
      "600 steps). In settings 1–3 the switch lies within ±0.1 of the crossing, mostly at it, in 60 "
      "of 60. The record: 96 of 400 random-setting draws fail (the same draws as "
      "frak_s.criterion's 96), all in setting 0. It persists along the horizon (28, 28, 28 and "
      "30 of 100 at 600 … 4800 steps: the path record), and the scans do not move it: 22 of 100 "
      "at every selected fraction 0.1 … 0.9, every step size 2.5e-4 … 4e-3 and C = 0.5, 0.71 "
      "and 1; at C = 1.41 and 2 every draw fails, because the counts alone take R below C far "
      "left of the switch. The setting is boa's; at the discussion's own column (6000, 100, "
      "0.05) the sentence holds (sakamoto24.frak_s.reported_column_training_tokens). So the "
      "ratio's crossing of 1 marks the training-token switch where the signal is strong enough "
      "(‖μ‖ ≥ 60) and marks nothing at ‖μ‖ = 20, at any horizon measured.";
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kRangeFinding;
  c.range_note =
      "the criterion on each of the four 𝔖 settings, refuted on the average over them as "
      "sakamoto24.frak_s.criterion is: an averaged rate above δ puts some setting above δ";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24FrakSCriterionTrainingTokens);

Claim Sakamoto24FrakSBeyondHalf() {
  Claim c;
  c.id = "sakamoto24.frak_s.beyond_half";
  c.title =
      "Beyond η = ½ (outside Thm 4.2's η < 1/C): wherever min(R₊, R₋) > 1, clean test accuracy ≥ 0.95";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source =
      "[S] Thm 4.2, Eq. (11) ⇒ benign, extended beyond its η < 1/C by a derived heuristic "
      "(THEORY.md §4.3); the rebuttal's η = 0.8 run is deterioration there, not support";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] Thm 4.2 as the [S] discussion states it (reply on Eqs. 11 and 13): under its "
       "assumptions, Eq. (11) gives benign overfitting"},
      {"η ∈ {0.6, 0.7, 0.8, 0.9}: beyond the theorem's η < 1/C", Origin::kConvention,
       "boa's extension. The discussion assumes η < 1/C (“under the assumption of label noise "
       "ratio η < 1/C, Eq.13 does not occur”), and its one run above ½ (η = 0.8, (2000, 20), "
       "train 1, clean test 0.993) it calls “the same harmful overfitting as in Figure 3(b)” "
       "and a “deterioration of generalization ability with increased label noise”: evidence "
       "against high η, not for it"},
      {"why η > ½ need not hurt under a fixed head", Origin::kDerivation,
       "THEORY.md §4.3 frak_s.beyond_half: the pulls on q are label-symmetric (a heuristic, not "
       "a proof)"},
      {"hypothesis: min(R₊, R₋) > 1", Origin::kConvention,
       "Eq. (11) for both classes with the constant taken as 1 (THEORY.md §4.3)"},
      {"benign: clean test ≥ 0.95", Origin::kConvention,
       "THEORY.md §2.3, boa's benign threshold; by the discussion's own reading a run at 0.993 "
       "is already harmful"},
      s24::FrakSRatio(),
      s24::FrakSSettings(),
      s24::FrakSData(),
      s24::FrakSN(),
      s24::FrakSRho(),
      s24::FrakSProtocol("600 steps (quick), 1500 (default, full)"),
      s24::ProjectedTestSet("clean test set: 2000 projected samples"),
  };
  c.regime = {{"setting", 0, 3}, {"eta", 6, 9, 0.1}};
  c.budget_params = [](Budget budget) -> Params {
    const FrakSSweep sweep = FrakSSweepAt(budget);
    return {{"lr", sweep.lr}, {"steps", sweep.steps}};
  };
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    const TokenSelectionSpec spec =
        FrakSSpec(IntParam(params, "setting"), RealParam(params, "eta"));
    FrakS frak;
    const TokenSelectionRun run =
        FrakSRun(spec, RealParam(params, "lr"), IntParam(params, "steps"), seed, frak, engine);
    const double ratio = std::min(frak.RPlus(), frak.RMinus());
    Outcome o;
    o.measured["R_plus"] = frak.RPlus();
    o.measured["R_minus"] = frak.RMinus();
    o.measured["train_accuracy"] = run.train_accuracy;
    o.measured["test_accuracy"] = run.test_accuracy;
    o.in_hypothesis = ratio > 1;  // Eqs. (11) and (13) as the hypothesis
    o.holds = run.test_accuracy >= kBenignCleanTestAccuracy;
    if (!o.holds) {
      o.explanation = "min(R₊, R₋) = " + FormatNumber(ratio) + " > 1 but clean test accuracy " +
                      FormatNumber(run.test_accuracy) + " < 0.95 at η = " + FormatNumber(spec.eta);
    }
    return o;
  };
  c.gram_form = true;
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.rejection = Rejection::kAfterInStatement;
  c.rejection_note =
      "min(R₊, R₋) > 1, measured on the trajectory: the statement's own premise (“wherever min(R₊, R₋) > 1”)";
  c.range = RangeKind::kCells;
  c.range_note =
      "a statement for every 𝔖 setting and η ∈ [0.6, 0.9] where R > 1; the hypothesis is met "
      "almost only at η ≤ 0.7 (at 0.8–0.9 CI's draws are all rejected, so a cell there is "
      "vacuous), so the cells split the settings by signal: (d, ‖μ‖) = (6000, 20), (6000, 60) "
      "against (6000, 100), (12000, 120)";
  c.cells = CellsAlong(c.regime, "setting", {{"settings_0_1", 0, 1}, {"settings_2_3", 2, 3}});
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24FrakSBeyondHalf);

}  // namespace boa::claims
