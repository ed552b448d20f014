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
// sakamoto24.frak_s.beyond_half — the seed's benign overfitting beyond η = ½ (rebuttal: 0.993 at
// η = 0.8, (d, ‖μ‖) = (2000, 20)): at η ∈ {0.6, …, 0.9}, wherever min(R₊, R₋) > 1 the clean test
// accuracy is ≥ 0.95. A run with min(R₊, R₋) ≤ 1 lies outside the hypothesis (rejected). Why a
// fixed head allows this (THEORY.md §4.3): every sample, clean or noisy, pulls q toward the
// class signal of its observed label, so the signal part of q is label-symmetric and only the
// balance R of the pulls on the relevant tokens decides what a test sample selects.
//
// The runs are p-only on the Gram engine by default (equal in distribution; --engine direct
// draws the tokens), so the 19-point grid costs ≈ 0.2 s per setting and seed.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "boa/claim.hpp"
#include "boa/engine.hpp"
#include "boa/fit_regime.hpp"
#include "boa/frak_s.hpp"
#include "boa/sakamoto24_settings.hpp"

namespace boa::claims {
namespace {

constexpr double kAgreement = 0.1;  // THEORY.md §4.3: "within ±0.1"

std::string EtaName(double eta) {
  std::ostringstream s;
  s << "eta" << eta;
  return s.str();
}

}  // namespace

Claim Sakamoto24FrakSCriterion() {
  Claim c;
  c.id = "sakamoto24.frak_s.criterion";
  c.title =
      "Clean test accuracy drops below 0.95 within ±0.1 in η of where min(R₊, R₋) crosses below 1";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kPaper;
  c.source = "[S] Def. 4.1, Eqs. (11) and (13), Thm 4.2";
  c.regime = {{"setting", 0, 3}};
  // The η grid is fixed (resolution 0.05, finer than the ±0.1 asserted); lr and steps are
  // FrakSSweepAt(budget)'s.
  c.budget_params = [](Budget budget) -> Params {
    const FrakSSweep sweep = FrakSSweepAt(budget);
    return {{"lr", sweep.lr}, {"steps", sweep.steps}};
  };
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    const int setting = IntParam(params, "setting");
    const double lr = RealParam(params, "lr");
    const int steps = IntParam(params, "steps");
    Outcome o;
    double drop_eta = -1, cross_eta = -1, previous_ratio = INFINITY;
    bool decreasing = true;
    for (int k = 1; k <= 19; ++k) {
      const double eta = 0.05 * k;
      FrakS frak;
      const TokenSelectionRun run =
          FrakSRun(FrakSSpec(setting, eta), lr, steps, seed, frak, engine);
      const std::string at = "_" + EtaName(eta);
      const double ratio = std::min(frak.RPlus(), frak.RMinus());
      o.measured["R_plus" + at] = frak.RPlus();
      o.measured["R_minus" + at] = frak.RMinus();
      o.measured["train_accuracy" + at] = run.train_accuracy;
      o.measured["test_accuracy" + at] = run.test_accuracy;
      if (run.test_accuracy < kBenignCleanTestAccuracy && drop_eta < 0) drop_eta = eta;
      if (ratio < 1 && cross_eta < 0) cross_eta = eta;
      decreasing = decreasing && ratio < previous_ratio;
      previous_ratio = ratio;
    }
    o.measured["first_eta_test_below_095"] = drop_eta;  // −1: never on the grid
    o.measured["first_eta_min_R_below_1"] = cross_eta;  // −1: never on the grid
    o.measured["min_R_decreases_along_grid"] = decreasing;
    const bool neither = drop_eta < 0 && cross_eta < 0;
    const bool both = drop_eta > 0 && cross_eta > 0;
    o.holds = neither || (both && std::fabs(drop_eta - cross_eta) <= kAgreement + 1e-9);
    if (!o.holds) {
      o.explanation = "first η with test < 0.95: " +
                      (drop_eta < 0 ? std::string("none") : FormatNumber(drop_eta)) +
                      "; first η with min(R₊, R₋) < 1: " +
                      (cross_eta < 0 ? std::string("none") : FormatNumber(cross_eta)) +
                      " (setting " + std::to_string(setting) + ")";
    }
    return o;
  };
  c.gram_form = true;
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  return c;
}

Claim Sakamoto24FrakSBeyondHalf() {
  Claim c;
  c.id = "sakamoto24.frak_s.beyond_half";
  c.title = "Beyond η = ½: wherever min(R₊, R₋) > 1, clean test accuracy ≥ 0.95";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kPaper;
  c.source = "[S] Thm 4.2 (Eqs. 11, 13) and the rebuttal's η = 0.8 run";
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
  return c;
}

}  // namespace boa::claims
