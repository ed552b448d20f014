// magen24.gd.step1_closed_form — derived from the kernel (THEORY.md §1.1, derivation in
// boa/magen_two_step.hpp): from zero initialisation, for any step sizes and any T, one GD step
// gives p₁ = 0 exactly and v₁ = (β_v¹/(2nT)) Σ_i y_i Σ_t x_it.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/claim.hpp"
#include "boa/linearized_thresholds.hpp"
#include "boa/magen_two_step.hpp"
#include "boa/model.hpp"
#include "boa/prompt_attention_run.hpp"
#include "boa/tolerances.hpp"
#include "boa/train.hpp"
#include "magen24_spec.hpp"
#include "provenance_elements.hpp"
#include "random_instance.hpp"

namespace boa::claims {

Claim Magen24GdStep1ClosedForm() {
  Claim c;
  c.id = "magen24.gd.step1_closed_form";
  c.title =
      "From zero init one GD step gives p₁ = 0 and v₁ = (β_v¹/(2nT)) Σ_i y_i Σ_t x_it, any step sizes, any T";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "[M] two-step analysis; derived from the kernel (THEORY.md §1.1)";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.2 `magen24.gd.step1_closed_form`, from the kernel of §1.1: at p = v = 0, "
       "s_i = 1/T and g_i = ½, so p₁ = 0 and v₁ = (β_v¹/(2nT)) Σ_i y_i Σ_t x_it"},
      {"setting", Origin::kConvention,
       "boa's: D1 with n ∈ [2, 20], d ∈ [3, 100], T ∈ [2, 6], SNR ∈ [0, 2], η ∈ [0, 0.4], either "
       "signal position, β_v¹ ∈ 10^[−12, 4], β_p¹ ∈ 10^[−6, 12] — the identity holds for any step "
       "sizes, so they range widely"},
      prov::EquivalenceTolerance(),
  };
  c.regime = {{"n", 2, 20},
              {"d", 3, 100},
              {"T", 2, 6},
              {"snr", 0, 200, 0.01},
              {"eta", 0, 40, 0.01},
              {"random_position", 0, 1},
              {"log10_beta_v1", -12, 4, 0.5},
              {"log10_beta_p1", -6, 12, 0.5}};
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const Dataset data = GenerateSignalNoise(SignalNoiseSpecFromParams(params), seed);
    const double beta_v = std::pow(10.0, RealParam(params, "log10_beta_v1"));
    const double beta_p = std::pow(10.0, RealParam(params, "log10_beta_p1"));
    PromptAttention model(data.d);
    GradientDescent(model, data, {1, ConstantSchedule({{"v", beta_v}, {"p", beta_p}})});
    const Vector v1 = MagenStepOneValue(data, beta_v);
    // Rounding scale: every summand of v₁ is at most β_v¹/(2nT)·max|x|, and there are nT.
    const double scale = beta_v / 2 * data.X.cwiseAbs().maxCoeff();
    const double v_gap = GapRatio(model.Block("v"), v1, kTolerances.equivalence, scale);
    const double p_largest = model.Block("p").cwiseAbs().maxCoeff();
    Outcome o;
    o.measured = {{"v1_gap_over_tolerance", v_gap}, {"p1_largest_entry", p_largest}};
    o.holds = v_gap <= 1 && p_largest == 0;  // p₁ = 0 exactly: its gradient is 0·finite
    if (!o.holds) {
      o.explanation = "v₁ differs from the closed form by " + std::to_string(v_gap) +
                      "× the tolerance; largest |p₁| entry " + std::to_string(p_largest);
    }
    return o;
  };
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24GdStep1ClosedForm);

// magen24.gd.step1_fit — [M] "after the first step clean samples are fitted and noisy ones are
// not", with the condition derived from the closed form above (T = 2, signal u_j, SA step 1).
// Write c for sample j's true class, N_c its size, κ_c = 1 − 2η_c its realised flip balance and
// E_j = Σ_{i≠j} y_i y_j ⟨ξ_i, ξ_j⟩. Then, exactly,
//   y_j f_j = (β_v¹/8n)·[ y_j ỹ_j N_c κ_c ‖μ‖² + ‖ξ_j‖² + E_j ].
// So a noisy sample stays unfitted iff N_c κ_c ‖μ‖² > ‖ξ_j‖² + E_j, and a clean one is fitted iff
// N_c κ_c ‖μ‖² + ‖ξ_j‖² + E_j > 0. On the events of magen24.noise.norm_concentration and
// .near_orthogonality (each failing with probability ≤ δ = 0.05), ‖ξ_j‖² ≤ U = m + 2√(mt) + 2t
// and |E_j| ≤ E = 2(n − 1)√(mL), t = log(2n/δ), L = log(n²/δ). Hypothesis (both classes, at the
// realised N_c, κ_c): N_c κ_c ‖μ‖² ≥ U + E, which gives both conclusions with probability
// ≥ 1 − 2δ = 0.9, the "theorem conclusion" row. Draws are made inside it: the nominal SNR puts
// (n/2)κ‖μ‖² at (1 + excess)·(U + E); a draw whose realised classes miss it is rejected.
namespace {

constexpr double kStepOneLemmaDelta = 0.05;  // the noise lemmas' δ (THEORY.md §4.2)

// U + E of the derivation above, for n samples and noise dimension m.
double StepOneNoiseBound(int n, int m) {
  const double t = std::log(2.0 * n / kStepOneLemmaDelta);
  const double L = std::log(static_cast<double>(n) * n / kStepOneLemmaDelta);
  return m + 2 * std::sqrt(m * t) + 2 * t + 2.0 * (n - 1) * std::sqrt(m * L);
}

}  // namespace

Claim Magen24GdStep1Fit() {
  Claim c;
  c.id = "magen24.gd.step1_fit";
  c.title =
      "After one GD step from zero (p₁ = 0, schedule SA) every clean sample is fitted and no noisy one is, when N_c κ_c ‖μ‖² exceeds the noise bound";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kDerived;
  c.source = "[M] one-step fitting; condition derived from the step-1 closed form (THEORY.md §4.2)";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.2 `magen24.gd.step1_fit`: the sufficient condition N_cκ_c‖μ‖² ≥ U + E, "
       "derived from the step-1 closed form and the noise lemmas"},
      {"conclusion", Origin::kPaper,
       "[M] discussion, 'Further steps for GD': \"the model correctly classifies clean samples but "
       "not noisy samples (which indeed happened after one iteration of GD in our analysis)\""},
      {"setting", Origin::kConvention,
       "boa's: n ∈ [10, 60], d = 2^k·n² (k = 0 … 4), η ∈ [0, 0.3], Bernoulli flips, the SNR that "
       "puts (n/2)κ‖μ‖² at (1 + e)(U + E) with e ∈ [0.2, 1.2]; step 1 of schedule SA (any β_v¹ > 0 "
       "gives the same signs)"},
      {"noise bounds U, E at level 0.05", Origin::kConvention,
       "THEORY.md §4.2: the noise lemmas' δ = 0.05, fixed for them (it also makes this claim's "
       "rate 2·0.05)"},
  };
  c.regime = {{"n", 10, 60}, {"log2_d_factor", 0, 4}, {"eta", 0, 30, 0.01}, {"excess", 2, 12, 0.1}};
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    SignalNoiseSpec spec;
    spec.n = IntParam(params, "n");
    spec.d =
        SizeFromParams(std::pow(2.0, IntParam(params, "log2_d_factor")) * spec.n * spec.n, "d");
    spec.eta = RealParam(params, "eta");
    const double bound = StepOneNoiseBound(spec.n, spec.d - 2);
    const double kappa = 1 - 2 * spec.eta;
    // (n/2) κ SNR² d = (1 + excess)·bound.
    spec.snr =
        std::sqrt((1 + RealParam(params, "excess")) * bound / (spec.n / 2.0 * kappa * spec.d));
    PromptAttentionRunOptions options;
    options.schedule = MagenScheduleSA(spec.n, spec.d);
    options.steps = 1;
    options.engine = ChoiceOf(engine);
    const PromptAttentionRun run = RunPromptAttention(spec, options, seed);
    Outcome o;
    // N_c κ_c ‖μ‖² = (r_c/2) κ_c d with r_c = 2 N_c SNR².
    const auto classes = RealisedClassLinearization(run.labels, spec.snr);
    o.in_hypothesis = classes.has_value();
    double weakest = std::numeric_limits<double>::infinity();
    if (classes) {
      for (const ClassLinearization& k : *classes) {
        weakest = std::min(weakest, k.r / 2 * (1 - 2 * k.eta) * spec.d / bound);
      }
      o.in_hypothesis = weakest >= 1;
    }
    double min_clean = std::numeric_limits<double>::infinity(), max_noisy = -min_clean;
    for (int i = 0; i < spec.n; ++i) {
      double& extreme = run.labels.noisy[i] ? max_noisy : min_clean;
      extreme = run.labels.noisy[i] ? std::max(extreme, run.margins[i])
                                    : std::min(extreme, run.margins[i]);
    }
    o.measured = {{"signal_over_noise_bound", weakest}};
    if (std::isfinite(min_clean)) o.measured["min_clean_margin"] = min_clean;
    if (std::isfinite(max_noisy)) o.measured["max_noisy_margin"] = max_noisy;
    o.holds = min_clean > 0 && max_noisy < 0;
    if (!o.holds) {
      o.explanation = min_clean <= 0
                          ? "a clean sample is not fitted (y f = " + FormatNumber(min_clean) + ")"
                          : "a noisy sample is fitted (y f = " + FormatNumber(max_noisy) + ")";
    }
    return o;
  };
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.gram_form = true;
  c.rejection = Rejection::kBeforeOutcome;
  c.rejection_note =
      "by the drawn labels, before the run is judged: every class's realised linearisation clears the step-one noise bound (signal over noise bound ≥ 1)";
  c.range = RangeKind::kCells;
  c.range_note =
      "a conclusion for every (n, d, η) of its window; the [M] limit runs along n (d = 2^k·n²), so the cells split n";
  c.cells = CellsAlong(c.regime, "n", {{"n_10_29", 10, 29}, {"n_30_60", 30, 60}});
  return c;
}
BOA_REGISTER_CLAIM(Magen24GdStep1Fit);

}  // namespace boa::claims
