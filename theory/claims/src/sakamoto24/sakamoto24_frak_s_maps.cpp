// The 𝔖 maps and the one-condition classes of [S] Eqs. (11), (13) (issue 16 items 1 and 3;
// THEORY.md §4.3). Constants fixed before measuring; δ = 0.1, δ₁ = 0.3 (THEORY.md §4, "theorem
// conclusion": Thm 4.2's conditions for random draws), cap 150.
//
// sakamoto24.frak_s.map_boundary — on a column of the ‖μ‖ or the d map (frak_s_map.hpp, ρ = 0.1),
// the first grid η with clean test accuracy < 0.95 lies within 0.1 in η (one grid step, the ±0.1
// of frak_s.criterion) of the R = 1 contour; a column with neither is consistent, one with exactly
// one is not. Hypothesis: the column generalises at η = 0.05 (test ≥ 0.95). The seed: Eqs. (11),
// (13) are conditions on the label noise, while d and ‖μ‖ are conditions on the input noise; a
// column whose input noise alone is harmful is outside the statement (rejected).
//
// sakamoto24.frak_s.rho_shift — the seed: the boundary "shifts further left as ρ decreases from
// 0.05". On the same columns, the R = 1 contour at the seed's ρ = 0.05 lies at a smaller η than
// at ρ = 0.1 (strictly; the contour is interpolated in η, so ties are not a grid artefact).
// Hypothesis: as above, and the ρ = 0.1 contour lies inside the grid (0.05 < η* < 1), so that a
// move to the left can be seen.
//
// sakamoto24.frak_s.eq11_only, .eq13_only — [S] Appendix H.4 (the rebuttal: under η < 1/C
// "Eq. 13 does not occur, and only condition Eq. 11 holds"). Per class c, Eq. (11) with the
// constant 1 is R_c > 1 and Eq. (13) is R_c < 1. "Eq. 11 only" means both classes satisfy (11)
// and neither (13); "Eq. 13 only" the reverse; a run with one class on each side satisfies both
// and is rejected by both claims. The seed's outcomes: under Eq. 11 only, benign (clean test
// ≥ 0.95, Thm 4.2); under Eq. 13 only, "the model incorrectly learns the class signal in the
// negative direction, leading to failures in token selection and generalization" (clean test
// < 0.95). The draws are the four 𝔖 settings (FrakSSpec) with the steps of FrakSMapAt, at
// η ∈ {0.05, …, 0.55} (Eq. 11 only) or {0.60, …, 0.95} (Eq. 13 only); the class is read off the
// run, never assumed.
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/claim.hpp"
#include "boa/error.hpp"
#include "boa/fit_regime.hpp"
#include "boa/frak_s.hpp"
#include "boa/frak_s_map.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/shared_runs.hpp"
#include "sakamoto24_protocol.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {
namespace {

constexpr double kContourDistance = 0.1;  // one η grid step, frak_s.criterion's ±0.1

FrakSMapColumn MapColumn(const Params& params, double rho, std::uint64_t seed, Engine engine,
                         bool contour_only = false, double eta_limit = 1) {
  return RunFrakSMapColumn(static_cast<FrakSMapAxis>(IntParam(params, "axis")),
                           IntParam(params, "column"), rho, RealParam(params, "lr"),
                           IntParam(params, "steps"), seed, engine, contour_only, eta_limit);
}

// A whole column at ρ = 0.1, once per process (shared_runs.hpp): map_boundary and its
// training-token form judge the same runs.
FrakSMapColumn SharedMapColumn(const Params& params, std::uint64_t seed, Engine engine) {
  const Params inputs = {{"axis", IntParam(params, "axis")},
                         {"column", IntParam(params, "column")},
                         {"lr", RealParam(params, "lr")},
                         {"steps", IntParam(params, "steps")}};
  return SharedRun<FrakSMapColumn>(
      SharedRunKey("FrakSMapColumn rho 0.1 " + ToString(engine), inputs, seed),
      [&] { return MapColumn(params, kFrakSMapRho, seed, engine); });
}

// One run of a 𝔖 setting at η, once per process: eq11_only, eq13_only and eq13_only's
// training-token form judge the same runs.
FrakSMapPoint SharedSettingRun(const Params& params, std::uint64_t seed, Engine engine) {
  const Params inputs = {{"setting", IntParam(params, "setting")},
                         {"eta", RealParam(params, "eta")},
                         {"lr", RealParam(params, "lr")},
                         {"steps", IntParam(params, "steps")}};
  return SharedRun<FrakSMapPoint>(
      SharedRunKey("FrakSSettingRun " + ToString(engine), inputs, seed), [&] {
        const TokenSelectionSpec spec =
            FrakSSpec(IntParam(params, "setting"), RealParam(params, "eta"));
        FrakS frak;
        const TokenSelectionRun run =
            FrakSRun(spec, RealParam(params, "lr"), IntParam(params, "steps"), seed, frak, engine);
        return MapPointOf(spec.eta, frak, run);
      });
}

// The training-token forms' scans: their two constants, the horizon and the step size (the
// reported column's and criterion_training_tokens' scans of the constants were known; the
// horizon and step size were added after the constants' records here, before their own).
std::vector<ConstantScan> TrainingTokenScans() {
  const std::string protocol = s24::FrakSProtocol("600 steps (quick, default), 1500 (full)").name;
  std::vector<ConstantScan> scans = TrainingTokenConstantScans();
  scans.push_back(FrakSHorizonScan(protocol));
  scans.push_back(FrakSStepSizeScan(protocol));
  return scans;
}
Params TrainingTokenParams(Budget budget) {
  return WithTrainingTokenConstants(FrakSMapProtocolParams(budget));
}

std::string Where(const Params& params) {
  return std::string(IntParam(params, "axis") == 0 ? "‖μ‖ = " : "d = ") +
         FormatNumber(FrakSMapX(static_cast<FrakSMapAxis>(IntParam(params, "axis")),
                                IntParam(params, "column")));
}

// The elements every map claim shares: its columns, η grid, contour, hypothesis, data and protocol.
std::vector<Element> MapElements() {
  return {
      {"map columns: ‖μ‖ = 10, 20, …, 120 at d = 6000; d = 1000, 2000, …, 12000 at ‖μ‖ = 20",
       Origin::kConvention,
       "frak_s_map.hpp, boa's: the [S] discussion names the maps' axes, (‖μ‖, η) and (d, η), "
       "and one point, (6000, 100); the ranges are boa's"},
      {"η grid 0.05, 0.15, …, 0.95", Origin::kConvention, "frak_s_map.hpp, boa's"},
      {"R = 1 contour: log min(R₊, R₋) interpolated linearly in η", Origin::kConvention,
       "frak_s_map.hpp, boa's"},
      {"hypothesis: clean test ≥ 0.95 at η = 0.05", Origin::kConvention,
       "boa's threshold; the reason is the [S] discussion's (reply on Eqs. 11 and 13): "
       "“Equations (11) and (13) are the conditions on the noise in the labels y, whereas d and "
       "‖μ‖ are the conditions on the noise in the input sequence X”, so a column whose input "
       "noise alone is harmful is outside the statement"},
      s24::FrakSConstantOne(),
      s24::FrakSRatio(),
      {"setting", Origin::kConvention,
       "the 𝔖 settings' data on boa's map columns, with boa's n, ρ and protocol (the elements "
       "below)"},
      s24::FrakSData(),
      s24::FrakSN(),
      s24::FrakSProtocol("600 steps (quick, default), 1500 (full)"),
      s24::ProjectedTestSet("clean test set: 2000 projected samples"),
  };
}

// Eq. 11 only and Eq. 13 only: what the seed states, and what boa adds.
std::vector<Element> OneConditionElements(bool eq11) {
  std::vector<Element> e;
  if (eq11) {
    e = {{"statement", Origin::kPaper,
          "[S] Thm 4.2 and Appendix H.4 as the [S] discussion states them (reply on Weakness 2, "
          "“Theoretical explanation”): under η < 1/C “Eq.13 does not occur, and only condition "
          "Eq.11 holds”, and Eq. (11) gives benign overfitting"},
         {"η drawn from {0.05, …, 0.55}", Origin::kConvention,
          "boa's range, where the class occurs; the theorem's η < 1/C has C unstated"},
         s24::BenignCutOff()};
  } else {
    e = {{"statement", Origin::kPaper,
          "[S] discussion, reply on Weakness 2: “with high label noise, the model incorrectly "
          "learns the class signal in the negative direction, leading to failures in token "
          "selection and generalization”; Thm 4.2: Eq. (13) gives harmful overfitting"},
         {"η drawn from {0.60, …, 0.95}: outside the theorem's η < 1/C", Origin::kConvention,
          "boa's range, where the class occurs. Thm 4.2 assumes η < 1/C, under which “Eq.13 does "
          "not occur”, so the theorem says nothing here; the discussion's sentence on high label "
          "noise is what is tested"},
         {"failure of generalization: clean test < 0.95", Origin::kConvention,
          "boa's benign threshold (THEORY.md §2.3). The authors' own 𝔖 table ([S] code "
          "plot.ipynb @ 57150b2) has 20 runs with min(R₊, R₋) < 1: 3 end at clean test "
          "0.956–0.958, the other 17 at 0.49–0.90"}};
  }
  e.push_back(
      {"class: Eq. (11) per class c as R_c > 1, Eq. (13) as R_c < 1; a run with one "
       "class on each side rejected",
       Origin::kConvention, "THEORY.md §4.3, boa's"});
  e.push_back(s24::FrakSConstantOne());
  e.push_back(s24::FrakSRatio());
  e.push_back(s24::FrakSSettings());
  e.push_back(s24::FrakSData());
  e.push_back(s24::FrakSN());
  e.push_back(s24::FrakSRho());
  e.push_back(s24::FrakSProtocol("600 steps (quick, default), 1500 (full)"));
  e.push_back(s24::ProjectedTestSet("clean test set: 2000 projected samples"));
  return e;
}

Claim FrakSMapClaim(const std::string& id, const std::string& title, const std::string& source) {
  Claim c;
  c.id = id;
  c.title = title;
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = source;
  c.regime = {{"axis", 0, 1}, {"column", 0, kFrakSMapColumns - 1}};
  c.budget_params = FrakSMapProtocolParams;
  c.gram_form = true;
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  return c;
}

// One FrakSRun of a 𝔖 setting; `eq11` picks the class (Eq. 11 only, or Eq. 13 only).
Claim OneConditionClaim(bool eq11) {
  Claim c;
  c.id = eq11 ? "sakamoto24.frak_s.eq11_only" : "sakamoto24.frak_s.eq13_only";
  c.title = eq11 ? "Where Eq. 11 holds for both classes and Eq. 13 for neither (R₊, R₋ > 1), "
                   "clean test accuracy ≥ 0.95"
                 : "Where Eq. 13 holds for both classes and Eq. 11 for neither (R₊, R₋ < 1), "
                   "clean test accuracy < 0.95";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] Thm 4.2, Eqs. (11), (13), Appendix H.4 and the rebuttal";
  c.elements = OneConditionElements(eq11);
  c.rejection = Rejection::kAfterInStatement;
  c.rejection_note = eq11 ? "R₊ > 1 and R₋ > 1, measured on the trajectory: Eq. (11) for both "
                            "classes is the statement's premise"
                          : "R₊ < 1 and R₋ < 1, measured on the trajectory: Eq. (13) for both "
                            "classes is the statement's premise";
  // Small η builds the first class and large η the second (R_c starts at (1 − η)/η); each
  // claim draws η where its class can occur, so that few draws are rejected.
  c.regime = {{"setting", 0, kFrakSSettings - 1}, {"eta", eq11 ? 1 : 12, eq11 ? 11 : 19, 0.05}};
  if (eq11) {
    c.range = RangeKind::kCells;
    c.range_note =
        "Eq. (11) ⇒ benign for every 𝔖 setting and η ≤ 0.55; R_c starts at (1 − η)/η and "
        "shrinks along η, so the cells split η (0.05–0.25, 0.3–0.55)";
    c.cells = CellsAlong(c.regime, "eta", {{"eta_005_025", 1, 5}, {"eta_030_055", 6, 11}});
  } else {
    c.range = RangeKind::kRangeFinding;
    c.range_note =
        "Eq. (13) ⇒ not benign for every 𝔖 setting and η ≥ 0.6, refuted on the average over "
        "them: an averaged rate above δ puts some point of the range above δ";
  }
  c.budget_params = FrakSMapProtocolParams;
  c.check = [eq11](const Params& params, std::uint64_t seed, Engine engine) {
    const FrakSMapPoint run = SharedSettingRun(params, seed, engine);
    Outcome o;
    o.measured["R_plus"] = run.r_plus;
    o.measured["R_minus"] = run.r_minus;
    o.measured["train_accuracy"] = run.train_accuracy;
    o.measured["test_accuracy"] = run.test_accuracy;
    const bool benign_side = run.r_plus > 1 && run.r_minus > 1;
    const bool harmful_side = run.r_plus < 1 && run.r_minus < 1;
    o.in_hypothesis = eq11 ? benign_side : harmful_side;
    const bool generalises = run.test_accuracy >= kBenignCleanTestAccuracy;
    o.holds = eq11 ? generalises : !generalises;
    if (!o.holds) {
      o.explanation = "R₊ = " + FormatNumber(run.r_plus) + ", R₋ = " + FormatNumber(run.r_minus) +
                      " but clean test accuracy " + FormatNumber(run.test_accuracy) +
                      (eq11 ? " < 0.95" : " ≥ 0.95") + " at η = " + FormatNumber(run.eta);
    }
    return o;
  };
  c.gram_form = true;
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  if (!eq11) {
    c.expected = Expectation::kFails;
    c.limit_path = FrakSHorizonPath();
    c.finding_class = FindingClass::kFiniteSize;  // records/finding_paths.csv
    // Declared before their record was measured (the path record, 600 … 4800 steps on other
    // seeds, was known): the horizon one doubling past the path, and η alone across boa's range.
    // Disclosed: η's scan was first declared from 0.6, where no draw of 100 tries fell in Eq.
    // 13's class (0 counted, efe1972); 0.75 replaced it after that measurement, the other four
    // values and their records unchanged.
    c.scans = {FrakSHorizonScan(s24::FrakSProtocol("600 steps (quick, default), 1500 (full)").name),
               {"η drawn from {0.60, …, 0.95}: outside the theorem's η < 1/C",
                "eta",
                {0.7, 0.75, 0.8, 0.9, 0.95},
                "each part of boa's η range alone where Eq. 13's class occurs, from 0.7 to its "
                "upper end"}};
    c.encoding_sensitive =
        "the drop read as clean test < 0.95, at η ≥ 0.6 outside η < 1/C; and C = 1, not a "
        "parameter here: on the same runs eq13_only_training_tokens scans it (16–22 of 100 at C "
        "≤ 1, 46–47 at C ≥ √2)";
    c.finding =
        "Eq. 13 alone does not break generalisation within boa's horizon: in 17 of 40 runs "
        "with R₊, R₋ < 1 (seeds 1000.., `./boa check sakamoto24.frak_s.eq13_only --seed 1000 "
        "--instances 40 --run-to-cap`; 95% interval [0.27, 0.59]; 29 of 69 draws outside the "
        "class) the clean test accuracy is still ≥ 0.95, typically 1 just past the R = 1 "
        "contour (η = 0.75). These runs lie at η ≥ 0.6, outside Thm 4.2's hypothesis η < 1/C "
        "(under which, the discussion says, Eq. 13 does not occur), so what fails is the "
        "discussion's sentence that high label noise leads to \"failures in token selection "
        "and generalization\", read with boa's cut-off 0.95, n = 40 and 600 steps at lr 1e-3. "
        "The authors' own 𝔖 table has such runs too: 3 of its 20 runs with min(R₊, R₋) < 1 "
        "end at clean test 0.956–0.958 (their plot.ipynb @ 57150b2). The Eq. 11 class holds "
        "as sakamoto24.frak_s.eq11_only. The scans (records/scans.csv, seed base 4e9, 100 "
        "draws a value) place it: along the horizon 31, 22, 17, 12 and 11 of 100 at 600 … "
        "9600 steps (not shown above δ at 9600); by η alone 3, 56, 22, 22 and 22 of 100 at "
        "0.7, 0.75, 0.8, 0.9 and 0.95 (at 0.6 no draw falls in the class).";
  }
  return c;
}

// The Eq. 13 class judged on the event the discussion names (issue 50 item 1): where R₊, R₋ < C,
// the relevant tokens of the training data are suppressed.
Claim Eq13TrainingTokensClaim() {
  Claim c;
  c.id = "sakamoto24.frak_s.eq13_only_training_tokens";
  c.title =
      "Where Eq. 13 holds for both classes (R₊, R₋ < C = 1), the clean training samples' relevant tokens are suppressed";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] Thm 4.2, Eqs. (11), (13), and the discussion's reading of the ratio's jump";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion, reply on Weakness 2 (line 262): where the ratio drops, “relevant tokens "
       "in the training data are either selected or suppressed”, and “with high label noise, "
       "the model incorrectly learns the class signal in the negative direction, leading to "
       "failures in token selection”"},
      {"η drawn from {0.60, …, 0.95}: outside the theorem's η < 1/C", Origin::kConvention,
       "boa's range, where the class occurs (as sakamoto24.frak_s.eq13_only)"},
      {"class: Eq. (13) for both classes, R₊ < C and R₋ < C", Origin::kConvention,
       "THEORY.md §4.3, boa's"},
      s24::RelevantTokensSelected(),
      s24::FrakSConstantC(),
      s24::FrakSRatio(),
      s24::FrakSSettings(),
      s24::FrakSData(),
      s24::FrakSN(),
      s24::FrakSRho(),
      s24::FrakSProtocol("600 steps (quick, default), 1500 (full)"),
  };
  c.rejection = Rejection::kAfterInStatement;
  c.rejection_note =
      "R₊ < C and R₋ < C, measured on the trajectory: Eq. (13) for both classes is the statement's premise";
  c.regime = {{"setting", 0, kFrakSSettings - 1}, {"eta", 12, 19, 0.05}};
  c.range = RangeKind::kRangeFinding;
  c.range_note =
      "Eq. (13) ⇒ relevant tokens suppressed for every 𝔖 setting and η ≥ 0.6, refuted on the "
      "average over them as sakamoto24.frak_s.eq13_only is";
  c.budget_params = TrainingTokenParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    const auto [cut, c_value] = TrainingTokenConstants(params);
    const FrakSMapPoint run = SharedSettingRun(params, seed, engine);
    Outcome o;
    o.measured["R_plus"] = run.r_plus;
    o.measured["R_minus"] = run.r_minus;
    o.measured["clean_selects_relevant"] = run.clean_selects_relevant;
    o.in_hypothesis = run.r_plus < c_value && run.r_minus < c_value;
    o.holds = run.clean_selects_relevant < cut;
    if (!o.holds) {
      o.explanation =
          "R₊ = " + FormatNumber(run.r_plus) + ", R₋ = " + FormatNumber(run.r_minus) + " < " +
          FormatNumber(c_value) + " but " + FormatNumber(run.clean_selects_relevant) +
          " of the clean training samples select a relevant token at η = " + FormatNumber(run.eta);
    }
    return o;
  };
  c.gram_form = true;
  c.ci_test_with = "sakamoto24.frak_s.eq13_only";
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  // 13 of 40 fail at seeds 1000.. (before the records): a finding, tested at the record's lower
  // bound.
  c.expected = Expectation::kFails;
  c.limit_path = FrakSHorizonPath();
  c.finding_class = FindingClass::kPersists;  // records/finding_paths.csv
  c.scans = TrainingTokenScans();
  c.encoding_sensitive =
      "the 𝔖 setting and C: only setting 0, (d, ‖μ‖) = (6000, 20), keeps its relevant tokens; "
      "every cut and C ≤ 1 leaves it above δ, C ≥ √2 draws in more runs that keep them (the scans)";
  c.finding =
      "Where R₊, R₋ < 1 the clean training samples' relevant tokens are not always suppressed: "
      "97 of 400 counted draws keep them (216 outside the class; the rate record, seeds "
      "1000000000..). Per setting (20 counted draws each, seeds 1000..): in setting 0, (d, ‖μ‖) "
      "= (6000, 20), every one of them keeps them (all clean samples on a relevant token), in "
      "setting 1 one of 20, in settings 2 and 3 none. It persists along the horizon (28, 29, 29 "
      "and 37 of 100 at 600 … 4800 steps: the path record). The scans: 20–25 of 100 at every "
      "selected fraction 0.1 … 0.9; 16, 19 and 22 of 100 at C = 0.5, 0.71 and 1, and 46 and 47 "
      "at C = 1.41 and 2, where the class takes in runs whose ratio the counts alone put below "
      "C; along the horizon 22, 23, 31, 36 and 47 of 100 at 600 … 9600 steps, and 16 … 31 of "
      "100 over the step sizes 2.5e-4 … 4e-3. The settings are boa's; at the discussion's own column the sentence holds "
      "(sakamoto24.frak_s.reported_column_training_tokens). As in "
      "frak_s.criterion_training_tokens, Eq. 13's class marks suppressed training tokens where "
      "the signal is strong (‖μ‖ ≥ 60) and nothing at ‖μ‖ = 20.";
  return c;
}

}  // namespace

Claim Sakamoto24FrakSMapBoundary() {
  Claim c = FrakSMapClaim(
      "sakamoto24.frak_s.map_boundary",
      "On the (‖μ‖, η) and (d, η) maps, clean test accuracy drops below 0.95 within 0.1 in η of the "
      "R = 1 contour",
      "[S] Eqs. (11), (13), Thm 4.2 and the rebuttal's 𝔖 heat maps");
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion, reply on Weakness 2: the promised heat maps of “the ratio between both "
       "sides of (11) and (13)” over (‖μ‖, η) and (d, η); at (6000, 100, ρ = 0.05) the ratio "
       "“changes abruptly at 0.7 and 0.75. This is the boundary where relevant tokens in the "
       "training data are either selected or suppressed”; “with high label noise … failures in "
       "token selection and generalization”. The discussion promises maps of the ratio; it "
       "states no distance between the ratio's boundary and an accuracy drop"},
      {"co-location: the first η with the drop within 0.1 in η of the R = 1 contour",
       Origin::kConvention,
       "boa's, one grid step, frak_s.criterion's ±0.1, fixed before measuring (THEORY.md §4.3)"},
      s24::DropCutOff(),
      s24::FrakSRho(),
  };
  for (Element& e : MapElements()) c.elements.push_back(std::move(e));
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    const FrakSMapColumn column = SharedMapColumn(params, seed, engine);
    Outcome o;
    o.measured["first_eta_test_below_095"] = column.drop_eta;  // −1: never on the grid
    o.measured["contour_eta"] = column.contour_eta;            // 1: above the grid
    o.measured["test_accuracy_at_eta005"] = column.points.front().test_accuracy;
    o.in_hypothesis = column.points.front().test_accuracy >= kBenignCleanTestAccuracy;
    const bool drops = column.drop_eta > 0, crosses = column.contour_eta < 1;
    o.holds = (!drops && !crosses) ||
              (drops && crosses &&
               std::fabs(column.drop_eta - column.contour_eta) <= kContourDistance + 1e-9);
    if (!o.holds) {
      o.explanation = "first η with test < 0.95: " +
                      (drops ? FormatNumber(column.drop_eta) : std::string("none")) +
                      "; R = 1 contour at η = " +
                      (crosses ? FormatNumber(column.contour_eta) : std::string("none")) + " (" +
                      Where(params) + ")";
    }
    return o;
  };
  c.expected = Expectation::kFails;
  c.limit_path = FrakSHorizonPath();
  c.finding_class = FindingClass::kFiniteSize;  // records/finding_paths.csv
  // Declared before their record was measured (the path record, 600 … 4800 steps on other
  // seeds, was known).
  const std::string protocol = s24::FrakSProtocol("600 steps (quick, default), 1500 (full)").name;
  c.scans = {FrakSHorizonScan(protocol), FrakSStepSizeScan(protocol)};
  c.encoding_sensitive =
      "the ±0.1 co-location with the R = 1 contour; and C = 1, not a parameter here: on the same "
      "columns map_boundary_training_tokens scans it (51–59 of 100 at C ≤ 1, 100 of 100 at C ≥ "
      "√2)";
  c.finding =
      "The accuracy drop does not follow the R = 1 contour within boa's ±0.1: in 27 of 40 draws "
      "(seeds 1000.., `./boa check sakamoto24.frak_s.map_boundary --seed 1000 --instances 40 "
      "--run-to-cap`; 95% interval [0.51, 0.81]) the first η with clean test < 0.95 lies more "
      "than 0.1 beyond the contour, or there is none although R crosses 1 (at ‖μ‖ = 10, d = "
      "6000, seed 1 the test accuracy stays ≥ 0.99 up to η = 0.95 with the contour at η ≈ "
      "0.68). The discussion promises maps of the ratio and calls its abrupt change \"the "
      "boundary where relevant tokens in the training data are either selected or suppressed\"; "
      "it states no distance between that boundary and an accuracy drop. The ±0.1, the 0.95 "
      "cut-off, the columns and the 600-step horizon are boa's. R < 1 does not imply the drop "
      "(see frak_s.eq13_only); the side that holds, R > 1 ⇒ clean test ≥ 0.95, is "
      "sakamoto24.frak_s.eq11_only. The scans (records/scans.csv, seed base 4e9, 100 draws a "
      "value) fail at every value: 78, 70, 72, 48 and 43 of 100 at 600 … 9600 steps, 100, 99, "
      "78, 70 and 72 of 100 at lr 2.5e-4 … 4e-3.";
  c.rejection = Rejection::kAfterFilter;
  c.rejection_note =
      "a column whose clean test accuracy at η = 0.05 is below 0.95: decided on the outcome's own quantity, test accuracy; the discussion states no such condition";
  c.range = RangeKind::kRangeFinding;
  c.range_note =
      "a statement for every column of both maps, refuted on the average over them: an averaged rate above δ puts some column above δ";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24FrakSMapBoundary);

// map_boundary's columns judged on the event the discussion names (issue 50 item 1).
Claim Sakamoto24FrakSMapBoundaryTrainingTokens() {
  Claim c = FrakSMapClaim(
      "sakamoto24.frak_s.map_boundary_training_tokens",
      "On the (‖μ‖, η) and (d, η) maps, the clean training samples' relevant tokens are suppressed from within 0.1 in η of the R = C contour (C = 1)",
      "[S] Eqs. (11), (13), Thm 4.2 and the rebuttal's 𝔖 heat maps, with its reading of the jump");
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion, reply on Weakness 2: the promised heat maps of “the ratio between both "
       "sides of (11) and (13)” over (‖μ‖, η) and (d, η); where the ratio changes abruptly, "
       "“This is the boundary where relevant tokens in the training data are either selected "
       "or suppressed”"},
      {"co-location: the first η with the relevant tokens suppressed within 0.1 in η of the "
       "R = C contour",
       Origin::kConvention, "boa's, one grid step, map_boundary's 0.1, fixed before measuring"},
      {"hypothesis: the relevant tokens selected at η = 0.05", Origin::kConvention,
       "boa's, map_boundary's hypothesis read on the training tokens: a column whose input noise "
       "alone suppresses them is outside the statement"},
      s24::RelevantTokensSelected(),
      s24::FrakSConstantC(),
      s24::FrakSRho(),
  };
  for (Element& e : MapElements()) {
    if (e.name.rfind("hypothesis", 0) == 0 || e.name == s24::FrakSConstantOne().name ||
        e.name.rfind("clean test set", 0) == 0)
      continue;  // the test-accuracy hypothesis, C = 1 and the test set are map_boundary's
    c.elements.push_back(std::move(e));
  }
  c.budget_params = TrainingTokenParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    const auto [cut, c_value] = TrainingTokenConstants(params);
    const FrakSMapColumn column = SharedMapColumn(params, seed, engine);
    std::vector<double> etas, log_r;
    for (const FrakSMapPoint& p : column.points) {
      etas.push_back(p.eta);
      log_r.push_back(std::log(std::min(p.r_plus, p.r_minus) / c_value));
    }
    const double contour = ContourCrossing(etas, log_r);  // 1: above the grid
    const double suppressed = FirstEtaRelevantSuppressed(column.points, cut);
    Outcome o;
    o.measured["first_eta_relevant_suppressed"] = suppressed;  // −1: never on the grid
    o.measured["contour_eta"] = contour;
    o.measured["clean_selects_relevant_at_eta005"] = column.points.front().clean_selects_relevant;
    o.in_hypothesis = column.points.front().clean_selects_relevant >= cut;
    const bool suppresses = suppressed > 0, crosses = contour < 1;
    o.holds = (!suppresses && !crosses) ||
              (suppresses && crosses && std::fabs(suppressed - contour) <= kContourDistance + 1e-9);
    if (!o.holds) {
      o.explanation = "first η with the clean samples' relevant tokens suppressed: " +
                      (suppresses ? FormatNumber(suppressed) : std::string("none")) +
                      "; R = " + FormatNumber(c_value) +
                      " contour at η = " + (crosses ? FormatNumber(contour) : std::string("none")) +
                      " (" + Where(params) + ")";
    }
    return o;
  };
  c.ci_test_with = "sakamoto24.frak_s.map_boundary";
  // 20 of 40 fail at seeds 1000.. (before the records): a finding, tested at the record's lower
  // bound.
  c.expected = Expectation::kFails;
  c.limit_path = FrakSHorizonPath();
  c.finding_class = FindingClass::kPersists;  // records/finding_paths.csv
  c.scans = TrainingTokenScans();
  c.encoding_sensitive =
      "the columns: it holds where the signal is strong against the input noise (‖μ‖ ≥ 80 at d "
      "= 6000, d = 1000 at ‖μ‖ = 20) and fails elsewhere, at every cut and C ≤ 1; at C ≥ √2 it "
      "fails everywhere (the scans)";
  c.finding =
      "On most of boa's map columns the relevant tokens of the training data do not switch at "
      "the R = 1 contour: 244 of 400 draws fail (the rate record, seeds 1000000000..). Per "
      "column (10 draws each, seeds 1000..): on the ‖μ‖ map at d = 6000, ‖μ‖ = 10, 20, 30 fail "
      "10 of 10 (at 10 and 20 the tokens are never suppressed while the contour lies at η ≈ "
      "0.7), ‖μ‖ = 40 and 60 3 of 10 (the switch lags the contour by more than 0.1), ‖μ‖ = 80 … "
      "120 none; on the d map at ‖μ‖ = 20, d = 1000 none, d = 2000 and 3000 9 and 10 of 10, d ≥ "
      "4000 10 of 10 with the tokens never suppressed. It persists along the horizon (64, 68, 67 "
      "and 67 of 100 at 600 … 4800 steps: the path record). The scans: 56–61 of 100 at every "
      "selected fraction 0.1 … 0.9 and 51–59 at C = 0.5 … 1; 100 of 100 at C = 1.41 and 2; "
      "59–73 of 100 at every horizon 600 … 9600 and every step size 2.5e-4 … 4e-3. The "
      "columns are boa's; at the discussion's column (‖μ‖ = 100, d = 6000, ρ = 0.05) the "
      "sentence holds (sakamoto24.frak_s.reported_column_training_tokens). So the ratio's "
      "boundary marks the training tokens' switch only where ‖μ‖²/d is large (about 1 on the ‖μ‖ "
      "map, 0.4 on the d map); where the input noise dominates, the ratio still falls below 1 "
      "near η = 0.7, from the clean:noisy counts, and the training tokens do not move.";
  c.rejection = Rejection::kAfterFilter;
  c.rejection_note =
      "a column whose clean training samples do not select their relevant tokens at η = 0.05: decided on the outcome's own quantity; the discussion states no such condition";
  c.range = RangeKind::kRangeFinding;
  c.range_note =
      "a statement for every column of both maps, refuted on the average over them as map_boundary is";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24FrakSMapBoundaryTrainingTokens);

namespace {

// The ρ-shift statement on `regime`'s columns (rho_shift: every column of both maps).
Claim RhoShiftClaim(const std::string& id, Regime regime) {
  Claim c = FrakSMapClaim(id,
                          "On the 𝔖 map columns, the R = 1 contour lies at a smaller η at ρ = 0.05 "
                          "than at ρ = 0.1",
                          "[S] rebuttal (the 𝔖 boundary shifts left as ρ decreases)");
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion, reply on Weakness 2, on its (d, ‖μ‖, ρ) = (6000, 100, 0.05) run: “This "
       "boundary shifts further left as the ρ, the scale of the weakly relevant token, "
       "decreases from 0.05 (and consequently, the dimension d required for overfitting "
       "increases)”"},
      {"ρ = 0.1 against ρ = 0.05", Origin::kConvention,
       "boa's pair (frak_s_map.hpp): boa moves ρ down from 0.1 to 0.05, the discussion speaks of "
       "ρ decreasing below 0.05; the smaller ρ is the parameter small_rho (0.05)"},
      {"the boundary: the R = 1 contour, strictly smaller η", Origin::kConvention,
       "boa's reading of “the boundary” (the discussion's is where the ratio changes abruptly)"},
      {"hypothesis: the ρ = 0.1 contour inside the grid (0.05 < η* < 1)", Origin::kConvention,
       "boa's: so that a move to the left can be seen"},
  };
  for (Element& e : MapElements()) c.elements.push_back(std::move(e));
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    // Only the contours matter: each column stops at its first η with R < 1, and the ρ = 0.05
    // one also at the grid η where the ρ = 0.1 contour was found (not crossed by then, its
    // contour lies above, and the statement fails).
    const double small_rho = RealParam(params, "small_rho");
    Require(small_rho > 0 && small_rho < kFrakSMapRho,
            "small_rho must lie in (0, " + FormatNumber(kFrakSMapRho) + ")");
    const FrakSMapColumn at = MapColumn(params, kFrakSMapRho, seed, engine, true);
    const double limit = at.points.back().eta;
    const FrakSMapColumn small = MapColumn(params, small_rho, seed, engine, true, limit);
    Outcome o;
    o.measured["contour_eta"] = at.contour_eta;  // 1: above the grid
    o.measured["contour_eta_small_rho"] = small.contour_eta;
    o.measured["test_accuracy_at_eta005"] = at.points.front().test_accuracy;
    o.in_hypothesis = at.points.front().test_accuracy >= kBenignCleanTestAccuracy &&
                      at.contour_eta > at.points.front().eta && at.contour_eta < 1;
    o.holds = small.contour_eta < at.contour_eta;
    if (!o.holds) {
      o.explanation = "R = 1 contour at η = " + FormatNumber(small.contour_eta) +
                      " at ρ = " + FormatNumber(small_rho) +
                      ", not below η = " + FormatNumber(at.contour_eta) + " at ρ = 0.1 (" +
                      Where(params) + ")";
    }
    return o;
  };
  c.regime = std::move(regime);
  c.budget_params = [](Budget budget) {
    Params params = FrakSMapProtocolParams(budget);
    params["small_rho"] = kFrakSMapSmallRho;
    return params;
  };
  // Declared before its record (issue 48): the smaller ρ moved through the discussion's own range,
  // "decreasing from 0.05", on rho_below's grid, against the same ρ = 0.1.
  c.scans = {
      {"ρ = 0.1 against ρ = 0.05",
       "small_rho",
       {0.01, 0.02, 0.03, 0.04, 0.05},
       "the smaller ρ from the discussion's 0.05 down to 0.01 in steps of 0.01 (rho_below's "
       "grid), against ρ = 0.1: the pair's lower end inside the range the discussion names"}};
  c.rejection = Rejection::kAfterFilter;
  c.rejection_note =
      "the ρ = 0.1 column's clean test accuracy at η = 0.05 below 0.95, or its R = 1 contour outside the grid: boa's condition (so that a move can be seen), decided on the run";
  return c;
}

}  // namespace

Claim Sakamoto24FrakSRhoShift() {
  Claim c = RhoShiftClaim("sakamoto24.frak_s.rho_shift",
                          {{"axis", 0, 1}, {"column", 0, kFrakSMapColumns - 1}});
  c.slow_in_ci = true;  // its CI verdict takes over ~10 s on 2 cores
  // Judged per cell (issue 30 item 1): averaged over both maps it held (39/400 on the rate
  // record's seeds) while the d map's columns d ≤ 6000 failed about a fifth of their draws.
  c.range = RangeKind::kCells;
  c.range_note =
      "the shift for every column of both maps; the input noise runs along the d map, so the "
      "cells are the ‖μ‖ map, the d map's columns d = 1000 … 6000 and d = 7000 … 12000";
  const auto cell = [](std::string name, Regime regime, Expectation expected) {
    Cell out;
    out.name = std::move(name);
    out.regime = std::move(regime);
    out.expected = expected;
    return out;
  };
  c.cells = {
      cell("mu_map", {{"axis", 0, 0}, {"column", 0, kFrakSMapColumns - 1}}, Expectation::kHolds),
      cell("d_small", {{"axis", 1, 1}, {"column", 0, 5}}, Expectation::kFails),
      cell("d_large", {{"axis", 1, 1}, {"column", 6, kFrakSMapColumns - 1}}, Expectation::kHolds)};
  c.elements.push_back({"the cells: the ‖μ‖ map, the d map's columns 0 … 5 (d ≤ 6000) and 6 … 11",
                        Origin::kConvention,
                        "boa's (issue 30): the d cell was found by measuring rho_shift per axis "
                        "and per column on the rate record's seeds (the d axis failed 15/100 "
                        "against 6/100 on the ‖μ‖ axis, columns 0–5 18/90 against 0/90 for "
                        "6–11, seed base 1000000000) and confirmed on fresh seeds (seed base "
                        "4000000000) before it was declared",
                        "the d ≤ 6000 cell, located by measuring rho_shift per axis and column "
                        "(deef883)"});
  c.expected = Expectation::kFails;
  c.finding_class = FindingClass::kUndetermined;
  c.class_note = "No path measured yet: the horizon path (600 → 4800 steps) costs ≈ 30 CPU-minutes";
  c.encoding_sensitive =
      "ρ = 0.1 against 0.05 (the discussion speaks of ρ decreasing below 0.05; its scan moves the "
      "smaller ρ down to 0.01 and the cell still fails), the R = 1 contour as “the boundary” (its "
      "moves here are far below the data's resolution of one noisy sample per class, which "
      "rho_below_boundary_resolved reads), and the 600-step horizon";
  c.finding =
      "Fails in its cell d_small: where the input noise is large against the signal (‖μ‖ = 20, "
      "d ≤ 6000), the R = 1 contour at ρ = 0.05 does not lie left of the one at ρ = 0.1 in about "
      "a fifth of the draws: 27 of 120 on fresh seeds (seed base 4000000000, 20 per column; 4, "
      "6, 4, 6, 5, 2 at d = 1000 … 6000), against 2 of 60 at d = 7000, 9000, 12000; the rate "
      "record's cell rate is 97/400 (0.24). Averaged over both maps the claim held (39/400), "
      "which diluted this cell: the reason for judging it per cell. The scan of the smaller ρ "
      "through the discussion's own range (seed base 4000000000, 100 per cell a value) fails "
      "across in d_small: 30, 26, 24, 21 and 22 of 100 at ρ = 0.01 … 0.05, so the contour does "
      "not move left in about a quarter of the draws however far ρ falls, and the lower ρ the "
      "more often (mu_map 4–7, d_large 2–6 of 100). The moves are tiny (the replay's contours lie 6·10⁻⁵ "
      "apart in η), far below the one noisy sample per class (0.05 in η) the data resolve. The "
      "contour as the boundary, the ρ = 0.1 reference and the horizon are boa's, so this refutes "
      "boa's reading at small d, not the discussion's statement about ρ below 0.05.";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24FrakSRhoShift);

Claim Sakamoto24FrakSEq11Only() { return OneConditionClaim(true); }
BOA_REGISTER_CLAIM(Sakamoto24FrakSEq11Only);
Claim Sakamoto24FrakSEq13Only() { return OneConditionClaim(false); }
BOA_REGISTER_CLAIM(Sakamoto24FrakSEq13Only);
Claim Sakamoto24FrakSEq13OnlyTrainingTokens() { return Eq13TrainingTokensClaim(); }
BOA_REGISTER_CLAIM(Sakamoto24FrakSEq13OnlyTrainingTokens);

}  // namespace boa::claims
