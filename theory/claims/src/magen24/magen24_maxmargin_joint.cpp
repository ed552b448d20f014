// The joint max-margin problem of [M] Thms 6/8/10, solved exactly (THEORY.md §4.2, §4.4):
//   magen24.maxmargin.joint_benign            the paper's unconditional benign form, reported;
//   magen24.maxmargin.joint_benign_per_class  above each class's own boundary the joint solution
//                                             selects the signal of every clean sample and the
//                                             noise of every noisy one;
//   magen24.maxmargin.joint_harmful           below the boundary its clean test error is ≥ 1/4
//                                             (its 95% interval reaches 1/4);
//   magen24.maxmargin.joint_gd_direction      per-block normalised GD from zero converges in
//                                             direction to it (cosines rise along log-spaced
//                                             checkpoints and end ≥ 0.9) — a finding.
// The joint solution is the p-feasible selection with the smallest ‖v_SVM‖ over all 2ⁿ
// selections (joint_max_margin.hpp), n ≤ 12. Every instance also reports whether the four
// per-class candidates of magen24.maxmargin.selection contain it (`candidate_is_joint`), and the
// GD claim whether GD's final hard selection is the enumerated one (`gd_selects_joint`).
// Regime: that of maxmargin.selection with n ∈ [6, 12] (the enumeration's range), on one side of
// the boundary outside the band |log₂ ratio| < 0.4 (both sides for the GD claim).
//
// Measured, seeds 5000.., 1000 draws each (`--run-to-cap`): the pre-registered unconditional
// "above the boundary the joint solution is benign" fails in 220 of 1000 ([0.195, 0.247]) —
// one class with too few clean samples (SNR²·|C_c| < 1) selects its noise. That rate lies
// between δ = 0.1 and δ₁ = 0.3, where the sequential plan cannot decide robustly (seed bases 1
// and 4000 say holds, 2000 and 3000 fails), so that form is the exploratory joint_benign;
// the per-class form holds: 31 of 1000 fail, 625 of 1625 draws rejected. joint_harmful: 0 of
// 1000. The per-class candidates contain the joint minimiser in 95–97% of draws.
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/claim.hpp"
#include "boa/gram_sampling.hpp"
#include "boa/joint_max_margin.hpp"
#include "boa/signal_noise_data.hpp"
#include "magen24_spec.hpp"
#include "provenance_elements.hpp"

namespace boa::claims {
namespace {

// Theorem 10 (harmful): a clean test error bounded below by a constant. boa's constant is §2.3's
// harmful threshold: the all-noise solution has v ⟂ μ±, so sign f is independent of the fresh
// label and its clean error is 1/2 exactly; a solution whose clean samples of one class select
// their signal errs on half of the other class, 1/4 (plus the signal class's tiny error). That
// weakest case sits at the constant, so the test is one-sided on the estimate: the two-sided 95%
// Clopper–Pearson interval must reach 1/4 (at a true 1/4 it misses with probability 2.5% ≪ δ).
constexpr double kHarmfulCleanError = 0.25;

// The measurements every joint claim reports; `why` is empty unless the SVMs failed to converge.
Outcome JointOutcome(const MaxMarginSolution& mm, std::string& why) {
  Outcome o;
  o.measured = {{"kkt_residual", mm.max_kkt_residual},
                {"joint_benign", mm.selected_benign},
                {"joint_all_noise", mm.selected_all_noise},
                {"candidate_is_joint", mm.candidate_is_joint},
                {"train_accuracy", mm.train_accuracy},
                {"clean_test_error", mm.test.error.rate},
                {"v_norm", std::sqrt(mm.selected.v_svm.norm_squared)},
                {"p_norm", std::sqrt(mm.selected.p_svm.norm_squared)}};
  if (mm.max_kkt_residual > kMaxMarginKktTolerance) {
    why = "SVM KKT residual " + std::to_string(mm.max_kkt_residual) + " > 1e-8";
  }
  return o;
}

MaxMarginSolution SolveJoint(const Params& params, std::uint64_t seed, Engine engine) {
  const SignalNoiseSpec spec = MaxMarginInstanceFromParams(params).spec;
  return SolveMaxMarginSelection(MaxMarginGram(spec, seed, engine), spec, kMaxMarginTestSamples,
                                 seed, SelectionSearch::kAllSelections);
}

Outcome BenignOutcome(const Params& params, std::uint64_t seed, Engine engine) {
  const MaxMarginSolution mm = SolveJoint(params, seed, engine);
  std::string why;
  Outcome o = JointOutcome(mm, why);
  if (why.empty() && !mm.selected_benign) {
    int clean_signal = 0, clean = 0, noisy_noise = 0;
    for (int i = 0; i < mm.labels.n; ++i) {
      const bool signal = mm.labels.Role(i, mm.selected.choice[i]) == TokenRole::kSignal;
      if (mm.labels.noisy[i]) {
        noisy_noise += !signal;
      } else {
        ++clean;
        clean_signal += signal;
      }
    }
    why = "the joint max-margin solution selects the signal of " + std::to_string(clean_signal) +
          " of " + std::to_string(clean) + " clean samples and the noise of " +
          std::to_string(noisy_noise) + " of " + std::to_string(mm.labels.n - clean) +
          " noisy ones";
  }
  o.holds = why.empty();
  o.explanation = why;
  return o;
}

// The pre-registered unconditional form, reported (`joint_benign`): every instance that solved
// cleanly counts; `joint_benign` in its measurements is whether the solution was benign.
Outcome BenignReportedOutcome(const Params& params, std::uint64_t seed, Engine engine) {
  std::string why;
  Outcome o = JointOutcome(SolveJoint(params, seed, engine), why);
  o.holds = why.empty();
  o.explanation = why;
  return o;
}

// The per-class form (§4.2's heuristic): each true class c with clean samples is clear of its own
// boundary, log₂(SNR²·|C_c|) ≥ the band 0.4; draws where a class is not are rejected.
Outcome BenignPerClassOutcome(const Params& params, std::uint64_t seed, Engine engine) {
  Outcome o = BenignOutcome(params, seed, engine);
  const MaxMarginInstance instance = MaxMarginInstanceFromParams(params);
  const SignalNoiseSpec& spec = instance.spec;
  const GramInstance gram = MaxMarginGram(spec, seed, engine);
  int clean_plus = 0, clean_minus = 0;
  for (int i = 0; i < gram.n; ++i) {
    if (!gram.noisy[i]) (gram.y_true(i) > 0 ? clean_plus : clean_minus) += 1;
  }
  const auto clear = [&instance](int clean) {
    return clean == 0 || std::log2(instance.snr_squared * clean) >= kMaxMarginBandLog2;
  };
  o.in_hypothesis = clear(clean_plus) && clear(clean_minus);
  o.holds = o.in_hypothesis && o.holds;
  return o;
}

Outcome HarmfulOutcome(const Params& params, std::uint64_t seed, Engine engine) {
  const MaxMarginSolution mm = SolveJoint(params, seed, engine);
  std::string why;
  Outcome o = JointOutcome(mm, why);
  o.measured["clean_test_error_upper"] = mm.test.error.upper;
  if (why.empty() && mm.test.error.upper < kHarmfulCleanError) {
    why = "the joint max-margin solution has clean test error " +
          std::to_string(mm.test.error.rate) + " (95% upper bound " +
          std::to_string(mm.test.error.upper) + ") < 0.25";
  }
  o.holds = why.empty();
  o.explanation = why;
  return o;
}

// "min(cos v, cos p) to `target` increases along the checkpoints and ends ≥ 0.9"
// (DirectionFailure); the cosines are recorded under `prefix`.
std::string JointDirectionFailure(const GramInstance& gram, const NormalisedGdTrace& trace,
                                  const SelectionSvms& target, const std::string& prefix,
                                  Outcome& o) {
  const SpanVector v_target = gram.Combine(target.v_coef);
  const SpanVector p_target = gram.Combine(target.p_coef);
  std::vector<double> cosines;
  for (const DirectionCheckpoint& c : trace.checkpoints) {
    const double cos_v = SpanCosine(gram, c.v, v_target), cos_p = SpanCosine(gram, c.p, p_target);
    const std::string at = std::to_string(c.step);
    o.measured[prefix + "cos_v_" + at] = cos_v;
    o.measured[prefix + "cos_p_" + at] = cos_p;
    cosines.push_back(std::min(cos_v, cos_p));
  }
  return DirectionFailure(cosines, "min(cos v, cos p)");
}

Outcome GdDirectionOutcome(const Params& params, std::uint64_t seed, Engine engine) {
  const SignalNoiseSpec spec = MaxMarginInstanceFromParams(params).spec;
  const GramInstance gram = MaxMarginGram(spec, seed, engine);
  const MaxMarginSolution mm = SolveMaxMarginSelection(gram, spec, kMaxMarginTestSamples, seed,
                                                       SelectionSearch::kAllSelections);
  const NormalisedGdTrace trace = RunNormalisedGd(gram, kDirectionCheckpoints);
  const SelectionSvms own = SolveSelectionSvms(mm.labels, TokenGram(gram), trace.final_choice);
  std::string why;
  Outcome o = JointOutcome(mm, why);
  o.measured["gd_selects_joint"] = trace.final_choice == mm.selected.choice;
  o.measured["gd_train_accuracy"] = trace.train_accuracy;
  const std::string to_joint = JointDirectionFailure(gram, trace, mm.selected, "joint_", o);
  // Reported beside it: the same test against the SVMs of the selection GD ends on.
  if (own.feasible()) {
    o.measured["own_direction_holds"] = JointDirectionFailure(gram, trace, own, "own_", o).empty();
  }
  if (why.empty()) why = to_joint;
  o.holds = why.empty();
  o.explanation = why;
  return o;
}

Claim JointClaim(Regime regime,
                 std::function<Outcome(const Params&, std::uint64_t, Engine)> check) {
  Claim c;
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.regime = std::move(regime);
  c.check = std::move(check);
  c.gram_form = true;
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  return c;
}

}  // namespace

Claim Magen24MaxmarginJointHarmful() {
  Claim c = JointClaim(MaxMarginJointRegime(0, 0), HarmfulOutcome);
  c.id = "magen24.maxmargin.joint_harmful";
  c.title = "Below the SNR boundary, the joint max-margin solution has clean test error ≥ 1/4";
  c.source = "[M] Thm 10 (max-margin harmful), joint problem solved by enumeration (n ≤ 12)";
  c.elements = {
      prov::MaxMarginStatement(),
      {"setting", Origin::kConvention,
       "boa's: D1 with T = 2, n ∈ [6, 12] (the enumeration's range), d = 2–4·n², "
       "η ∈ [0, 0.20], exact flips, below the boundary by |log₂ ratio| ∈ [0.4, 2.0]"},
      prov::SeparateNormBalls(),
      {"clean test error ≥ 1/4", Origin::kDerivation,
       "THEORY.md §4.2: the weakest harmful selection (one class at chance) has clean error 1/4; "
       "the discussion gives no constant"},
      {"its 95% interval reaches 1/4", Origin::kConvention,
       "boa's: one-sided on the estimate, since the weakest case sits at the constant"},
      prov::SnrBoundary(),
      prov::ExclusionBand(),
      prov::KktResidual(),
      {"4000 projected test samples", Origin::kConvention,
       "THEORY.md §2.3: the max-margin claims' test-set size"},
  };
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kCells;
  c.range_note =
      "Thm 10 for every (n, d/n², η, ratio) below the boundary; the cells split the ratio's distance from it (near, far)";
  c.cells = CellsAlong(c.regime, "log2_ratio", {{"ratio_near", 4, 9}, {"ratio_far", 10, 20}});
  return c;
}
BOA_REGISTER_CLAIM(Magen24MaxmarginJointHarmful);

Claim Magen24MaxmarginJointGdDirection() {
  Claim c = JointClaim(MaxMarginJointRegime(0, 1), GdDirectionOutcome);
  c.id = "magen24.maxmargin.joint_gd_direction";
  c.title =
      "Normalised GD from zero converges in direction to the joint max-margin solution (cosine ≥ 0.9)";
  c.source =
      "[M] rebuttal (max-margin as the fully converged rule; GD's convergence is future work) and "
      "Tarzanagh et al.'s GD results, which fix v; the joint (p, v) form is boa's extension";
  c.elements = {
      {"statement", Origin::kPaper,
       "boa's extension of Tarzanagh et al. (the [M] discussion's reference [2]), whose GD "
       "converges in direction to a max-margin p with v fixed: the discussion says that work "
       "\"assumes a fixed v in its GD results\" ('1. The Proof of Theorem 4'), so GD on (p, v) "
       "jointly is not their result. Not the [M] discussion's claim either: it takes the "
       "max-margin solution as the \"fully converged\" rule but says \"Regarding convergence of "
       "GD, this is indeed an intriguing question for future research\" ('Fully Converged "
       "Solutions')"},
      {"setting", Origin::kConvention,
       "boa's: D1 with T = 2, n ∈ [6, 12] (the enumeration's range), d = 2–4·n², "
       "η ∈ [0, 0.20], exact flips, both sides of the boundary by |log₂ ratio| ∈ [0.4, 2.0]; GD "
       "on the Gram form"},
      prov::SeparateNormBalls(),
      {"per-block normalised GD, step 0.01/(σ√d)", Origin::kConvention,
       "THEORY.md §4.2: one step moves a noise token's score or value by ≤ 0.01, so each block's "
       "norm grows linearly and only its direction is left to converge"},
      {"horizon 10⁴ steps, checkpoints 10, 100, 1000, 10⁴", Origin::kConvention,
       "THEORY.md §4.4: directional convergence is slow (O(1/log t))"},
      {"final cosine ≥ 0.9", Origin::kConvention, "THEORY.md §4.4"},
      {"increase to two decimals (slack 0.01)", Origin::kConvention, "THEORY.md §4.4"},
      prov::KktResidual(),
  };
  c.expected = Expectation::kFails;
  c.finding_class = FindingClass::kOpen;
  c.scans = {prov::AboveBoundaryScan()};
  c.class_note = prov::kGdConvergenceOpenNote;
  c.finding =
      "Per-block normalised GD from zero (η = 0.01/(σ√d), 10⁴ steps) does not converge in "
      "direction to the joint max-margin solution in 400 of 1000 draws (seeds 5000.., `./boa "
      "check magen24.maxmargin.joint_gd_direction --seed 5000 --instances 1000 --run-to-cap`; 95% "
      "interval [0.37, 0.43]): GD ends on the enumerated selection in only 77% of draws (a "
      "locally optimal selection otherwise, as with weight decay), and the mean cosines at 10⁴ "
      "steps are 0.91 (v) and 0.82 (p). Against the SVMs of the selection GD ends on they are "
      "1.00 and 0.98, yet that weaker form still fails in 286 of 1000 draws, mostly by p's "
      "cosine falling after 10³ steps (a rate between δ and δ₁ that the plan cannot decide, so "
      "it has no id). The discussion calls GD's convergence future work; the horizon 10⁴, the "
      "step and the cosine 0.9 are boa's, so this is a measurement of an open question, not a "
      "refutation of the discussion. By distance above the boundary (records/scans.csv, seed "
      "base 4e9) it fails in 49, 42, 34, 36 and 36 of 100 at log₂ ratio 0.4 … 6.4: at every "
      "value, least from 3× up.";
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kRangeFinding;
  c.range_note =
      "a statement for every draw of the joint regime, refuted on the average over it: an averaged rate above δ puts some point of the range above δ";
  return c;
}
BOA_REGISTER_CLAIM(Magen24MaxmarginJointGdDirection);

// The paper's unconditional form, reported with its rate: at δ = 0.1 against δ₁ = 0.3 its measured
// failure rate 0.22 is one the sequential plan cannot decide with power (THEORY.md §4.2), so it is
// an exploratory claim rather than an undecidable verdict, and the per-class form carries the test.
Claim Magen24MaxmarginJointBenign() {
  Claim c;
  c.id = "magen24.maxmargin.joint_benign";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.title =
      "Above the SNR boundary, how often the joint max-margin solution is benign (the paper's "
      "unconditional form, reported)";
  c.source = "[M] Thms 6/8 (max-margin benign), joint problem solved by enumeration (n ≤ 12)";
  c.elements = {
      prov::MaxMarginStatement(),
      prov::JointEnumerationSetting(),
      prov::SeparateNormBalls(),
      prov::SnrBoundary(),
      prov::ExclusionBand(),
      prov::KktResidual(),
      {"4000 projected test samples", Origin::kConvention,
       "THEORY.md §2.3: the max-margin claims' test-set size"},
  };
  c.regime = MaxMarginJointRegime(1, 1);
  c.check = BenignReportedOutcome;
  c.gram_form = true;
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24MaxmarginJointBenign);

Claim Magen24MaxmarginJointBenignPerClass() {
  Claim c = JointClaim(MaxMarginJointRegime(1, 1), BenignPerClassOutcome);
  c.id = "magen24.maxmargin.joint_benign_per_class";
  c.provenance = Provenance::kDerived;
  c.title =
      "When each class clears its own boundary (SNR²·|C_c| ≥ 2^0.4), the joint max-margin solution is benign";
  c.source = "[M] Thms 6/8 with the per-class norm heuristic derived here (THEORY.md §4.2)";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.2 `magen24.maxmargin.joint_benign_per_class`: the per-class norm heuristic — "
       "class c selects its signal iff SNR²·|C_c| > 1 — applied to [M] Thms 6/8's benign "
       "conclusion"},
      prov::JointEnumerationSetting(),
      prov::SeparateNormBalls(),
      {"per-class band log₂(SNR²·|C_c|) ≥ 0.4", Origin::kConvention,
       "boa's: the exclusion band of magen24.maxmargin.selection, per class",
       "the per-class hypothesis, after the unconditional joint_benign failed 220 of 1000 draws; "
       "the band's 0.4 is maxmargin.selection's (b3d6dba)"},
      prov::KktResidual(),
      {"4000 projected test samples", Origin::kConvention,
       "THEORY.md §2.3: the max-margin claims' test-set size"},
  };
  c.rejection = Rejection::kBeforeOutcome;
  c.rejection_note =
      "by the drawn labels: each class with clean samples clears its own boundary, log₂(SNR²·|C_c|) ≥ 0.4";
  c.range = RangeKind::kCells;
  c.range_note =
      "Thms 6/8 for every (n, d/n², η, ratio) above each class's boundary; the cells split n (6–8, 9–12), the theorems' limit: split by the ratio, the near cell rejected 77% of its draws (each class must clear its own boundary), over its health term's share";
  c.cells = CellsAlong(c.regime, "n", {{"n_6_8", 6, 8}, {"n_9_12", 9, 12}});
  return c;
}
BOA_REGISTER_CLAIM(Magen24MaxmarginJointBenignPerClass);

}  // namespace boa::claims
