// magen24.gd.two_step_benign — [M] theorem "two steps of GD" with derived constants: schedule
// SA from zero initialisation, η ∈ [0.05, 0.15], d ≥ n², r = n·SNR² inside the linearised
// benign window max(r_C, r_T) < r < r_N shrunk by the relative margin kTwoStepWindowMargin.
// After two steps:
//   (i) y_i f_i > 0 for all i; (ii) min_{i∈C} s_i,signal ≥ 0.9; (iii) max_{i∈N} s_i,signal ≤ 0.1;
//   (iv) clean test error ≤ 0.05 (projected, 4000 fresh samples).
// The hypothesis is the parameter window: every draw of the regime is an instance, and the
// conclusions are claimed with δ = 0.1 (THEORY.md §4, "theorem conclusion").
//
// Finding: they fail far more often. A draw's realised flip fraction per class moves that
// class's thresholds (linearized_thresholds.hpp RealisedClassLinearization), so one class often
// attends its noise tokens although r lies inside the nominal window.
// magen24.gd.two_step_benign_realised_window is the derived claim that conditions on the realised
// window instead.
#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/claim.hpp"
#include "magen24_two_step_regime.hpp"
#include "provenance_elements.hpp"

namespace boa::claims {

Claim Magen24GdTwoStepBenign() {
  Claim c;
  c.id = "magen24.gd.two_step_benign";
  c.title =
      "Two GD steps (schedule SA) inside the linearised window fit every sample, select signal for clean and noise for noisy samples, and generalise";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source =
      "[M] theorem on two steps of GD (Theorem 4, per the discussion); window derived, margin and "
      "thresholds boa's (THEORY.md §4.2)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[M] discussion: two GD steps from zero overfit benignly ('Zero and Gaussian "
       "Initialization': \"We prove the result using zero initialization\", \"benign overfitting "
       "(after two iterations)\"; 'The Proof of Theorem 4'), the softmax giving \"a high softmax "
       "probability to the signal token for clean samples, and a low softmax probability to the "
       "signal token for noisy samples\" ('Multi-token settings')"},
      {"setting", Origin::kConvention,
       "boa's: n ∈ [20, 60], d = d_f·n² with d_f ∈ {1, 2, 3, 4}, η ∈ [0.05, 0.15], Bernoulli "
       "flips, r = n·SNR² inside the margin window; the discussion gives d ≫ n² ('Neglect Cross "
       "Term', Assumption item 2) and no sizes, step sizes, η or SNR range"},
      {"d ≫ n² read as d = 1–4·n²", Origin::kConvention,
       "boa's: the discussion's Assumption item 2 is d ≫ n² with unstated constants; d/n² ≤ 4 "
       "does not meet \"≫\""},
      {"linearised benign window", Origin::kDerivation,
       "THEORY.md §4.2 `magen24.gd.linearized_thresholds`: max(r_C, r_T) < r < r_N at the "
       "nominal η"},
      {"schedule SA", Origin::kConvention,
       "THEORY.md §3: the paper's step sizes are not available; SA's tiny first step keeps "
       "g_i ≈ ½ and its large second step lets the softmax select"},
      prov::WindowMargin(),
      prov::TwoStepAttentionCutoffs(),
      prov::TwoStepTestErrorCutoff(),
      {"4000 projected test samples", Origin::kConvention,
       "THEORY.md §2.3: the two-step claims' test-set size"},
  };
  c.regime = TwoStepRegime();
  c.budget_params = [](Budget) { return Params{{"margin", kTwoStepWindowMargin}}; };
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    return TwoStepOutcome(params, seed, engine, false);
  };
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.expected = Expectation::kFails;
  c.limit_path = TwoStepSizePath();
  c.finding_class = FindingClass::kFiniteSize;  // records/finding_paths.csv
  // Declared before their record was measured.
  c.scans = {WindowMarginScan(prov::WindowMargin().name),
             {"d ≫ n² read as d = 1–4·n²",
              "d_factor",
              {1, 2, 4, 8, 16},
              "d from n² to 16n², reading ≫ ever more strictly"}};
  c.finding =
      "Inside the nominal window (margin 0.2) the four conclusions fail in 513 of 1000 draws "
      "(seeds 1000.., `./boa check magen24.gd.two_step_benign --seed 1000 --instances 1000 "
      "--run-to-cap`; 95% interval [0.48, 0.54]) against δ = 0.1, mostly (ii)/(iv): one class "
      "attends its noise tokens because its realised flip fraction moved its thresholds. "
      "Conditioned on both classes' realised windows the same conclusions fail in 15 of 1000 "
      "in-window draws (magen24.gd.two_step_benign_realised_window, 84% of draws outside that "
      "window). What the discussion states is benign overfitting after two steps for d ≫ n², "
      "with unstated constants; schedule SA, the margin 0.2, the thresholds 0.9/0.1/0.05 and "
      "d = 1–4·n² are boa's, and the realised flip fractions' scatter shrinks like n^−1/2. Along "
      "n, the theorem's limit (d = d_factor·n², seed base 3000000000, 100 draws per point), the "
      "rate falls from 0.60 at n = 20 to 0.49, 0.41 and 0.23 at n = 160: a finite-size "
      "deviation, not a refutation. Neither of the two constants scanned so far moves it below "
      "δ (records/scans.csv, 100 draws a value): the window margin 0 … 0.25 fails 56 … 44 of "
      "100, d = n² … 16n² fails 48 … 36 of 100.";
  c.gram_form = true;
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kRangeFinding;
  c.range_note =
      "the two-step theorem for every (n, d ≥ n², η, r) of its window, refuted on the average over the regime: an averaged rate above δ puts some point of the range above δ";
  return c;
}
BOA_REGISTER_CLAIM(Magen24GdTwoStepBenign);

// The derived, per-class form: the same conclusions for the draws whose two classes' realised
// (r_c, η_c) lie inside the margin window; draws outside it are rejected (not instances) and
// counted.
Claim Magen24GdTwoStepBenignRealisedWindow() {
  Claim c;
  c.id = "magen24.gd.two_step_benign_realised_window";
  c.title =
      "Two GD steps (schedule SA) fit benignly when both classes' realised (r_c, η_c) lie inside the linearised window";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kDerived;
  c.source =
      "[M] theorem on two steps of GD, conditioned on the per-class linearisation (THEORY.md §4.2)";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.2 `magen24.gd.two_step_benign_realised_window`: conclusions (i)–(iv) under "
       "the hypothesis that both classes' realised (r_c, η_c) lie in their margin windows (the "
       "per-class linearisation, exact algebra)"},
      {"setting", Origin::kConvention,
       "boa's: the regime of magen24.gd.two_step_benign (n ∈ [20, 60], d = 1–4·n², η ∈ [0.05, "
       "0.15], Bernoulli flips), each instance the first in-window draw of up to 40"},
      {"schedule SA", Origin::kConvention,
       "THEORY.md §3: the paper's step sizes are not available; SA's tiny first step keeps "
       "g_i ≈ ½ and its large second step lets the softmax select"},
      prov::WindowMargin(),
      prov::TwoStepAttentionCutoffs(),
      prov::TwoStepTestErrorCutoff(),
      {"up to 40 draws per instance", Origin::kConvention,
       "kWindowAttempts: about 1 draw in 6 meets the window, so all 40 miss w.p. ≈ 1e-3",
       "sized from the rate record's in-window rate (84% of draws outside the window), a rejection "
       "rate, not a failure rate (16991a4)"},
  };
  c.regime = TwoStepRegime();
  c.budget_params = [](Budget) { return Params{{"margin", kTwoStepWindowMargin}}; };
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    return TwoStepOutcome(params, seed, engine, true);
  };
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.gram_form = true;
  c.rejection = Rejection::kBeforeOutcome;
  c.rejection_note =
      "by the drawn labels: the realised flip fractions lie inside the benign window (RealisedInWindow); each instance is the first seeded draw that does (DrawUntil)";
  c.range = RangeKind::kCells;
  c.range_note =
      "the two-step theorem for every (n, d ≥ n², η, r) of the realised window; its limit runs along n, so the cells split n";
  c.cells = CellsAlong(c.regime, "n", {{"n_20_39", 20, 39}, {"n_40_60", 40, 60}});
  return c;
}
BOA_REGISTER_CLAIM(Magen24GdTwoStepBenignRealisedWindow);

}  // namespace boa::claims
