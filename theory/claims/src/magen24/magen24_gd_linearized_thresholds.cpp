// magen24.gd.linearized_thresholds — derived (boa/linearized_thresholds.hpp): idealising
// ‖ξ‖² = d, ⟨ξ_i, ξ_j⟩ = 0, balanced classes and g_i = ½, the sign of the step-2 attention
// logit is that of a polynomial in r = n·SNR² — one for clean training samples, one for noisy
// ones, one for fresh test samples. THEORY.md: at d ≥ 10n² the fraction of instances whose
// realised pattern matches the prediction must rise toward 1 as n grows.
//
// magen24.gd.linearized_thresholds asserts that form with the nominal (r, η). A finding: the
// match fraction stays ≈ 0.5 for n = 5..40: the realised per-class flip fraction η_c moves the
// thresholds by tens of percent and decays only like n^{−1/2}.
// magen24.gd.linearized_thresholds_per_class keeps the polynomials but evaluates them per class
// at the realised (r_c, η_c) (linearized_thresholds.hpp RealisedClassLinearization, exact algebra,
// no balance assumption), so what it tests is the remaining idealisation (‖ξ‖² = d, ⟨ξ_i, ξ_j⟩ = 0,
// g_i = ½), whose error is O(√(n/d)) = O(n^{−1/2}) at d = 10n².
//
// Each instance is one replicate sweep (the scaling verdict of README § Verdicts): for n =
// n_min·2^{k/2}, k = 0 .. 2·doublings, `instances_per_n` instances with d = 10n², η ∈ [0.05, 0.20]
// and r ∈ [1, 12] (uniform on grids, from the instance seed); two SA steps from zero init. An
// instance matches when every training sample puts its signal weight on the predicted side of ½ and
// the fresh-test mean signal weight is within ¼ of the predicted fraction of classes attending
// their signal (0, ½ or 1). A draw with a class that is empty or at least half flipped has no
// prediction and counts as a mismatch. The sweep's exponent is the log-log slope of the mismatch
// fraction against n; asserted: the mean exponent lies below −0.1 (the mismatch decays, by more
// than the scaling tolerance of claim.hpp) — holds when its one-sided (1 − β) upper bound lies
// below −0.1, fails when its one-sided (1 − α) lower bound is ≥ −0.1, with both powers ≥ 0.9
// (at −0.35 and +0.15) planned from the recorded per-sweep sd. A zero count enters the fit as ½
// (continuity correction), which pulls the slope toward 0, i.e. against the claim.
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/linearized_thresholds.hpp"
#include "boa/prompt_attention_run.hpp"
#include "boa/rng.hpp"
#include "boa/stats.hpp"
#include "magen24_spec.hpp"
#include "provenance_elements.hpp"

namespace boa::claims {
namespace {

struct PatternMatch {
  bool nominal = false;   // THEORY.md's prediction at the nominal (r, η)
  bool realised = false;  // the same polynomials at the realised (r_c, η_c) of each class
};

// Whether the signal weights of one trained instance lie on the predicted sides.
bool Matches(const PromptAttentionRun& run, const std::array<ClassLinearization, 2>& classes) {
  double test_signal_classes = 0;
  for (int i = 0; i < run.labels.n; ++i) {
    const ClassLinearization& c = classes[run.labels.y_true(i) > 0 ? 0 : 1];
    const double logit =
        run.labels.noisy[i] ? NoisyTrainLogit(c.r, c.eta) : CleanTrainLogit(c.r, c.eta);
    if ((run.signal_attention[i] > 0.5) != (logit > 0)) return false;
  }
  for (const ClassLinearization& c : classes)
    test_signal_classes += 0.5 * (TestLogit(c.r, c.eta) > 0);
  return std::fabs(run.test.mean_signal_attention - test_signal_classes) < 0.25;
}

PatternMatch PatternMatches(int n, double d_over_n2, std::uint64_t seed, Engine engine) {
  Rng rng(seed, kRegime);
  SignalNoiseSpec spec;
  spec.n = n;
  spec.d = SizeFromParams(d_over_n2 * n * n, "d");
  spec.eta = rng.UniformInt(5, 20) / 100.0;
  const double r = rng.UniformInt(100, 1200) / 100.0;
  spec.snr = std::sqrt(r / n);
  PromptAttentionRunOptions options;
  options.schedule = MagenScheduleSA(spec.n, spec.d);
  options.n_test = 1000;
  options.engine = ChoiceOf(engine);
  const PromptAttentionRun run = RunPromptAttention(spec, options, seed);
  // The nominal prediction is the per-class one with both classes at (r, η).
  const ClassLinearization nominal{r, spec.eta};
  const auto realised = RealisedClassLinearization(run.labels, spec.snr);
  return {Matches(run, {nominal, nominal}), realised && Matches(run, *realised)};
}

// One replicate sweep: the match fractions per n and the fitted exponent of the mismatch
// fraction against n ("exponent"), for the nominal prediction or the realised per-class one.
Outcome PatternSweep(const Params& params, std::uint64_t seed, Engine engine, bool nominal) {
  const int n_min = IntParam(params, "n_min"), doublings = IntParam(params, "doublings");
  const int per_n = IntParam(params, "instances_per_n");
  const double d_over_n2 = params.at("d_over_n2");
  std::vector<double> ns, mismatch;
  Outcome o;
  for (int k = 0; k <= 2 * doublings; ++k) {
    const int n = SizeFromParams(std::round(n_min * std::exp2(k / 2.0)), "n");
    int misses = 0;
    for (int j = 0; j < per_n; ++j) {
      const PatternMatch m = PatternMatches(
          n, d_over_n2, MixSeed(seed, static_cast<std::uint64_t>(n) * 100003 + j), engine);
      misses += nominal ? !m.nominal : !m.realised;
    }
    ns.push_back(n);
    mismatch.push_back((misses > 0 ? misses : 0.5) / per_n);
    o.measured["match_fraction_n" + std::to_string(n)] = 1 - static_cast<double>(misses) / per_n;
  }
  o.measured["exponent"] = FitLogLogSlope(ns, mismatch).slope;
  return o;
}

Claim PatternClaim(bool nominal) {
  Claim c;
  c.kind = ClaimKind::kScaling;
  c.provenance = Provenance::kDerived;
  c.source = "[M] two-step analysis, linearised here (THEORY.md §4.2)";
  c.elements = {
      {"statement", Origin::kDerivation,
       nominal ? "THEORY.md §4.2 `magen24.gd.linearized_thresholds`: the sign of the step-2 logit, "
                 "linearised at balanced classes and the nominal (r, η); the starting "
                 "specification asks the match fraction to rise toward 1 as n grows"
               : "THEORY.md §4.2 `magen24.gd.linearized_thresholds_per_class`: the same "
                 "polynomials per class at the realised (r_c, η_c) (exact algebra, no balance "
                 "assumption); the idealisation left has error O(√(n/d))"},
      {"setting", Origin::kConvention,
       "boa's sweep: n = 5·2^{k/2}, k = 0 … 6 (5 … 40), 200 instances per n (400 at full), "
       "η ∈ {0.05, …, 0.20}, r ∈ [1, 12] by 0.01, Bernoulli flips, 1000 projected test samples",
       "not certain: the full budget's range was cut from n ≤ 80 to n ≤ 40 (2fa2b60) after the "
       "finding's nominal match ≈ 0.5 had been measured, with no reason stated (CI's and the "
       "default's range unchanged)"},
      {"d = 10n²", Origin::kConvention,
       "the starting specification's dimension for this statement"},
      prov::ScheduleSA(),
      {"signal weight on the predicted side of ½", Origin::kDerivation,
       "the sign of a two-token logit is the side of ½ of its softmax weight"},
      {"test signal weight within ¼ of 0, ½ or 1", Origin::kConvention,
       "boa's band around the predicted fraction of classes attending their signal"},
      {"zero mismatch count entered as ½", Origin::kConvention,
       "continuity correction; it pulls the slope toward 0, against the claim"},
      prov::ExponentTolerance(),
  };
  c.regime = {};
  // CI runs the default sweep, so CI's verdict is the report's.
  c.budget_params = [](Budget budget) -> Params {
    return {{"n_min", 5},
            {"doublings", 3},
            {"instances_per_n", budget == Budget::kFull ? 400 : 200},
            {"d_over_n2", 10}};
  };
  c.check = [nominal](const Params& params, std::uint64_t seed, Engine engine) {
    return PatternSweep(params, seed, engine, nominal);
  };
  c.predicted_exponent = 0;  // the mismatch fraction decays: its exponent lies below −0.1
  c.exponent_below = true;
  c.deviation = kExponentDeviation;
  c.gram_form = true;
  return c;
}

}  // namespace

Claim Magen24GdLinearizedThresholds() {
  Claim c = PatternClaim(true);
  c.id = "magen24.gd.linearized_thresholds";
  c.title =
      "At d = 10n² the step-2 attention pattern matches the linearised thresholds at the nominal (r, η) ever more often as n grows";
  c.expected = Expectation::kFails;
  c.finding_class = FindingClass::kSlowDecay;  // ScalingFindingClass: its own σ record
  c.class_note =
      "Its own measurement is the path: along n = 5 … 40 the mismatch fraction ∝ n^κ with κ = "
      "−0.0087, 95% interval [−0.016, −0.0011] (the σ record: 100 replicate sweeps, seed base "
      "1000000000): below 0 and above −Δ = −0.25, a decay far slower than the statement's, by "
      "the path rule's partition (it read persists under the earlier one-bound rule)";
  c.encoding_sensitive =
      "the nominal (r, η): at each class's realised (r_c, η_c) the mismatch decays like n^−0.68 "
      "(magen24.gd.linearized_thresholds_per_class, which holds)";
  c.finding =
      "At the nominal (r, η) the realised step-2 attention pattern does not match the "
      "linearised prediction more often as n grows: the mismatch fraction's exponent is −0.02 "
      "over 30 replicate sweeps (n = 5..40, d = 10n²), one-sided (1 − α) upper bound 0.003 "
      "(`./boa check magen24.gd.linearized_thresholds --budget quick --seed 1 --instances 30`; "
      "−0.007 and "
      "0.035 at seed base 1000), the match fraction staying near 0.5. Each class's realised "
      "flip fraction moves its thresholds by tens of percent and settles only like n^−1/2; "
      "evaluated per class at the realised (r_c, η_c) the mismatch decays like n^−0.68 "
      "(magen24.gd.linearized_thresholds_per_class).";
  c.instances = 30;  // the smallest N planned from σ (exponent_plan.hpp)
  // Declared before the record: the idealisation ⟨ξ_i, ξ_j⟩ = 0 of the prediction improves with
  // d/n², the realised flip fractions that the finding blames do not.
  c.scans = {{"d = 10n²",
              "d_over_n2",
              {1, 3, 10, 30, 100},
              "d from n² to 100n², by factors of about 3 around the specification's 10n²: the "
              "cross terms the linearisation drops shrink like √(n/d)"}};
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24GdLinearizedThresholds);

Claim Magen24GdLinearizedThresholdsPerClass() {
  Claim c = PatternClaim(false);
  c.id = "magen24.gd.linearized_thresholds_per_class";
  c.title =
      "At d = 10n² the step-2 attention pattern matches the linearised thresholds per class, at the realised flip fractions, ever more often as n grows";
  c.instances = 13;  // the smallest N planned from σ (exponent_plan.hpp)
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24GdLinearizedThresholdsPerClass);

}  // namespace boa::claims
