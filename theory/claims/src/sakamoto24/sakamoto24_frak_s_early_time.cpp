// sakamoto24.frak_s.early_counts — the [S] discussion's appendix proposition on early time (issue
// 34 item 3; reply on Weakness 2, "Theoretical explanation"): "At the initial stage of training
// (time step τ = Θ(1)), these conditions are determined solely by the ratio of clean data to noisy
// data samples in the training set. Therefore, under the assumption of label noise ratio
// η < 1/C, Eq.13 does not occur, and only condition Eq.11 holds."
//
// Encoding (THEORY.md §4.3, fixed before measuring): R_c(τ) is the 𝔖 ratio of class c summed over
// the steps up to τ (frak_s.hpp); Eq. (11) for class c is R_c > 1 and Eq. (13) is R_c < 1 (the
// equations' constant taken as 1, as every 𝔖 claim). The counts' ratio of class c is
// N_c = #clean observed c / #noisy of true c, the value R_c takes at τ = 1 (p = 0: every
// sample's relevant mass is 2/8). "Determined solely by the counts" is read as: at every step
// τ ≤ τ₀ = 10 and for both classes, R_c(τ) > 1 exactly when N_c > 1. C is made concrete by the
// same constant: Eq. (11) at τ = 1 is N_c > 1, i.e. (1 − η)/η > 1 under balanced-exact flips, so
// C = 2 and "η < 1/C" is η < ½; there the statement says R₊, R₋ > 1 at every early step (Eq. 11
// only). Draws: the four 𝔖 settings × η ∈ {0.05, …, 0.95}; η = 0.5 (N_c = 1, neither side) is
// rejected before the run. The maps' step size (lr 1e-3), τ₀ steps.
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/claim.hpp"
#include "boa/error.hpp"
#include "boa/frak_s.hpp"
#include "boa/frak_s_map.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "sakamoto24_protocol.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {
namespace {

constexpr int kEarlySteps = 10;  // τ₀: "τ = Θ(1)"
constexpr double kC = 2;         // η < 1/C, with the equations' constant taken as 1

// The clean:noisy counts of the 𝔖 groups (frak_s.hpp): clean observed ±1 over noisy true ±1.
struct Counts {
  double plus = 0, minus = 0;
};
Counts CountRatios(const SampleLabels& labels) {
  double clean_plus = 0, clean_minus = 0, noisy_plus = 0, noisy_minus = 0;
  for (int i = 0; i < labels.n; ++i) {
    if (labels.noisy[i]) {
      (labels.y_true(i) > 0 ? noisy_plus : noisy_minus) += 1;
    } else {
      (labels.y(i) > 0 ? clean_plus : clean_minus) += 1;
    }
  }
  return {clean_plus / noisy_plus, clean_minus / noisy_minus};
}

// Along the first kEarlySteps steps: whether every R_c(τ) lay on its counts' side of 1, the first
// step where one did not, and the largest |log R_c(τ) − log N_c|.
struct EarlyTrack {
  Counts counts;
  bool counts_decide = true;
  int first_disagreement = -1;
  double max_log_deviation = 0;
  double min_r = INFINITY, max_r = 0;
};

EarlyTrack TrackEarly(const TokenSelectionSpec& spec, double lr, std::uint64_t seed,
                      Engine engine) {
  FrakS frak;
  const AttentionObserver accumulate = FrakSAccumulator(frak);
  EarlyTrack track;
  int steps_seen = 0;
  TokenSelectionRunOptions options;
  options.train_W = false;
  options.lr = lr;
  options.steps = kEarlySteps;
  options.engine = engine;
  options.attention_observer = [&](int step, const SampleLabels& labels, const Vector& f,
                                   const RowMatrix& attention) {
    accumulate(step, labels, f, attention);
    if (steps_seen++ == 0) track.counts = CountRatios(labels);
    for (const auto& [r, n] : {std::pair{frak.RPlus(), track.counts.plus},
                               std::pair{frak.RMinus(), track.counts.minus}}) {
      track.min_r = std::min(track.min_r, r);
      track.max_r = std::max(track.max_r, r);
      track.max_log_deviation = std::max(track.max_log_deviation, std::fabs(std::log(r / n)));
      if ((r > 1) != (n > 1) && track.counts_decide) {
        track.counts_decide = false;
        track.first_disagreement = step;
      }
    }
  };
  RunTokenSelection(spec, options, seed);
  // The observer sees τ = 0 (p = 0) … τ₀ (after the last update).
  Require(steps_seen == kEarlySteps + 1, "the early-time run observes every step");
  return track;
}

}  // namespace

Claim Sakamoto24FrakSEarlyCounts() {
  Claim c;
  c.id = "sakamoto24.frak_s.early_counts";
  c.title =
      "In the first 10 steps, R_c > 1 exactly where class c's clean samples outnumber its noisy ones: for η < 1/C = ½ only Eq. 11";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] Appendix H.4 as the discussion states it (reply on Weakness 2)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion, reply on Weakness 2, “Theoretical explanation”: “At the initial stage "
       "of training (time step τ = Θ(1)), these conditions are determined solely by the ratio "
       "of clean data to noisy data samples in the training set. Therefore, under the "
       "assumption of label noise ratio η < 1/C, Eq.13 does not occur, and only condition "
       "Eq.11 holds” (its Appendix H.4 proposition, not in the seeds)"},
      {"τ = Θ(1): every step τ ≤ τ₀ = 10", Origin::kConvention,
       "boa's: a step count independent of n, d, ‖μ‖ and η, 1/60 of the maps' 600-step "
       "horizon"},
      {"determined by the counts: R_c(τ) > 1 exactly when N_c = #clean observed c / #noisy of "
       "true c > 1, for both classes at every τ ≤ τ₀",
       Origin::kConvention,
       "boa's reading; N_c is R_c at τ = 1, where p = 0 gives every sample the same 𝔖"},
      {"C = 2, so η < 1/C is η < ½", Origin::kDerivation,
       "THEORY.md §4.3: with the equations' constant taken as 1, Eq. (11) at τ = 1 is N_c > 1, "
       "i.e. (1 − η)/η > 1 under balanced-exact flips; the discussion leaves C unstated"},
      {"η drawn from {0.05, …, 0.95}; η = 0.5 (N_c = 1) rejected", Origin::kConvention,
       "boa's: both sides of ½, so that the counts decide both ways"},
      s24::FrakSConstantOne(),
      s24::FrakSRatio(),
      s24::FrakSSettings(),
      s24::FrakSData(),
      s24::FrakSN(),
      s24::FrakSRho(),
      s24::FrakSProtocol("τ₀ = 10 steps"),
  };
  c.regime = {{"setting", 0, kFrakSSettings - 1}, {"eta", 1, 19, 0.05}};
  c.range = RangeKind::kCells;
  c.range_note =
      "every setting and η; the proposition's two cases are η < 1/C and above, so the cells "
      "split η at ½ (η = 0.5 is rejected)";
  c.cells = CellsAlong(c.regime, "eta", {{"eta_below_half", 1, 10}, {"eta_above_half", 11, 19}});
  c.budget_params = [](Budget budget) {
    return Params{{"lr", FrakSMapAt(budget).lr}, {"steps", kEarlySteps}};
  };
  c.gram_form = true;
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    const double eta = RealParam(params, "eta");
    Outcome o;
    o.in_hypothesis = std::fabs(eta - 0.5) > 1e-9;
    if (!o.in_hypothesis) return o;
    Require(IntParam(params, "steps") == kEarlySteps, "the early-time claim runs τ₀ = 10 steps");
    const EarlyTrack track = TrackEarly(FrakSSpec(IntParam(params, "setting"), eta),
                                        RealParam(params, "lr"), seed, engine);
    o.measured["counts_ratio_plus"] = track.counts.plus;
    o.measured["counts_ratio_minus"] = track.counts.minus;
    o.measured["min_R_early"] = track.min_r;
    o.measured["max_R_early"] = track.max_r;
    o.measured["max_abs_log_R_over_counts"] = track.max_log_deviation;
    o.measured["eta_below_1_over_C"] = eta < 1 / kC ? 1 : 0;
    o.holds = track.counts_decide;
    if (!o.holds) {
      o.explanation = "at step " + std::to_string(track.first_disagreement) +
                      " an R_c lay on the other side of 1 than its counts (N₊ = " +
                      FormatNumber(track.counts.plus) +
                      ", N₋ = " + FormatNumber(track.counts.minus) + ", η = " + FormatNumber(eta) +
                      "; R ranged " + FormatNumber(track.min_r) + " … " +
                      FormatNumber(track.max_r) + ")";
    }
    return o;
  };
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.rejection = Rejection::kBeforeOutcome;
  c.rejection_note = "η = 0.5, where N_c = 1 lies on neither side: decided by the parameters";
  c.encoding_sensitive =
      "C = 2 (the equations' constant taken as 1), τ₀ = 10 steps for τ = Θ(1), the sign of "
      "log R_c as “the conditions”";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24FrakSEarlyCounts);

}  // namespace boa::claims
