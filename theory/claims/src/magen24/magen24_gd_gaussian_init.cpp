// magen24.gd.gaussian_init — [M] rebuttal claim with derived constants: starting schedule SA
// from N(0, ω²I) instead of zero moves the two-step parameters θ₂ = (p₂, v₂) by O(ω), and for
// ω ≤ ω₀ the conclusions of magen24.gd.two_step_benign survive.
//
// ω is parametrised as ω√d, the typical size of v₀ᵀξ for a noise token ξ (‖ξ‖ ≈ √d); every
// run reuses one init direction (init stream of the seed), so θ₂^ω is a smooth curve in ω.
// Per instance (regime of two_step_benign; the deviation claim asserts (a) alone):
//  (a) the OLS slope of log‖θ₂^ω − θ₂⁰‖ on log ω over ω√d ∈ {1e-9, 1e-8, 1e-7, 1e-6} has a 95%
//      interval containing 1 (θ₂ is a smooth function of θ₀, so the deviation is linear in ω
//      while ω is small);
//  (b) the conclusions (i)–(iv) of two_step_benign hold at ω√d = 1e-3 (THEORY.md §4.2 fixes
//      this bound);
// over every draw of the parameter window (the hypothesis, as for two_step_benign), with
// δ = 0.1 (THEORY.md §4, "theorem conclusion"). It also measures ω₀√d: the largest ω√d on the
// grid 10^{k/4} (scanned up from 1e-8 by decades, then refined by quarter decades) up to which
// the conclusions held, for draws whose zero-init run holds, and whether the run at 1e-3 reaches
// the same conclusions as the zero-init run.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/claim.hpp"
#include "boa/model.hpp"
#include "boa/rng.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/stats.hpp"
#include "boa/tolerances.hpp"
#include "magen24_spec.hpp"
#include "magen24_two_step_regime.hpp"
#include "provenance_elements.hpp"
#include "random_instance.hpp"

namespace boa::claims {
namespace {

// THEORY.md §4.2: "for ω√d ≤ 1e-3 (fixed here) the conclusions of two_step_benign still hold".
// The scale that competes with it is the step-1 value projection ⟨v₁, u − ξ⟩ = O(β_v¹d/(4n)) =
// O(2.5e-4) of schedule SA: a random v₀ larger than that rewrites the step-2 attention logits.
constexpr double kOmegaSqrtD = 1e-3;
// The discussion's own statement made concrete (magen24.gd.gaussian_init_small): "sufficiently
// small" read relative to that scale, a tenth of SA's step-1 value scale β_v¹d/(4n) = 2.5e-4
// (the same at every n and d; boa's factor, fixed before measuring).
constexpr double kSmallOmegaSqrtD = 0.1 * 2.5e-4;

Vector Parameters(const PromptAttentionRun& run) {
  Vector theta(run.p.size() + run.v.size());
  theta << run.p, run.v;
  return theta;
}

// Both claims' measurements of one draw; with_bound adds (b) and the ω₀ scan.
Outcome GaussianInitOutcome(const Params& params, std::uint64_t seed, bool with_bound) {
  const SignalNoiseSpec spec = TwoStepSpec(params);
  const double margin = RealParam(params, "margin");
  const double sqrt_d = std::sqrt(static_cast<double>(spec.d));
  const auto conclusions = [&](double omega_sqrt_d) {
    // Direct engine: the deviation compares ambient parameters across ω on the same tokens.
    return CheckTwoStepConclusions(spec, margin, omega_sqrt_d / sqrt_d, seed, Engine::kDirect);
  };
  const TwoStepConclusions zero = conclusions(0);
  const Vector theta0 = Parameters(zero.run);
  std::vector<double> omegas, deviations;
  for (const double omega_sqrt_d : {1e-9, 1e-8, 1e-7, 1e-6}) {
    omegas.push_back(omega_sqrt_d / sqrt_d);
    deviations.push_back((Parameters(conclusions(omega_sqrt_d).run) - theta0).norm());
  }
  const SlopeFit fit = FitLogLogSlope(omegas, deviations);
  const bool slope_one = fit.lower <= 1 && 1 <= fit.upper;
  Outcome o;
  o.measured = {{"deviation_slope", fit.slope},
                {"deviation_slope_lower", fit.lower},
                {"deviation_slope_upper", fit.upper},
                {"zero_init_holds", zero.holds}};
  o.holds = slope_one;
  if (!slope_one) {
    o.explanation = "deviation slope " + std::to_string(fit.slope) + ", 95% interval [" +
                    std::to_string(fit.lower) + ", " + std::to_string(fit.upper) + "] excludes 1; ";
  }
  if (!with_bound) return o;
  // ω₀√d: decades up from 1e-8 until the conclusions fail, then quarter decades in between.
  // Only draws whose zero-init run holds have an ω₀ (the measured key is absent otherwise, so
  // its min/mean/max are over those draws).
  if (zero.holds) {
    int decade = -8;
    while (decade <= 1 && conclusions(std::pow(10.0, decade)).holds) ++decade;
    double omega0_log10 = decade - 1;
    for (int quarter = 1; quarter < 4 && decade <= 1; ++quarter) {
      if (!conclusions(std::pow(10.0, decade - 1 + quarter / 4.0)).holds) break;
      omega0_log10 = decade - 1 + quarter / 4.0;
    }
    o.measured["log10_omega0_sqrt_d"] = omega0_log10;
  }
  const TwoStepConclusions at_bound = conclusions(kOmegaSqrtD);
  o.measured["same_conclusions_as_zero_init"] = at_bound.holds == zero.holds;
  o.holds = o.holds && at_bound.holds;
  if (!at_bound.holds) o.explanation += "at ω√d = 1e-3: " + at_bound.explanation;
  return o;
}

}  // namespace

Claim Magen24GdGaussianInit() {
  Claim c;
  c.id = "magen24.gd.gaussian_init";
  c.title =
      "Gaussian init N(0, ω²I) moves the two-step parameters by O(ω) (slope 1) and keeps the benign conclusions for ω√d ≤ 1e-3";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source =
      "[M] rebuttal (Gaussian initialisation); slope and ω₀ derived/measured here (THEORY.md §4.2)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[M] discussion, 'Zero and Gaussian Initialization': \"the same results hold for Gaussian "
       "initialization with sufficiently small variance\", \"the model also exhibits benign "
       "overfitting (after two iterations) with Gaussian initialization\" (Fig. 8)"},
      {"setting", Origin::kConvention,
       "boa's: the regime and conclusions (i)–(iv) of magen24.gd.two_step_benign (n ∈ [20, 60], "
       "d = 1–4·n², η ∈ [0.05, 0.15], margin 0.2, thresholds 0.9/0.1/0.05), one init direction "
       "per draw, direct engine",
       prov::kWindowMarginSetAfter},
      {"ω√d ≤ 1e-3", Origin::kConvention,
       "THEORY.md §4.2 fixes it; the discussion says only \"sufficiently small variance\". "
       "Measured: the conclusions survive up to ω₀√d ≈ 10^−4.1, the scale of SA's step-1 value "
       "projection 2.5e-4"},
      {"deviation slope 1", Origin::kDerivation,
       "THEORY.md §4.2 `magen24.gd.gaussian_init_deviation`: θ₂ is a smooth function of θ₀ (the "
       "discussion's argument: \"the model is smooth\")"},
      prov::GaussianInitGrid(),
      {"schedule SA", Origin::kConvention,
       "THEORY.md §3: the paper's step sizes are not available; SA's step 1 sets the ω scale that "
       "competes with v₀"},
  };
  c.regime = TwoStepRegime();
  c.budget_params = [](Budget) { return Params{{"margin", kTwoStepWindowMargin}}; };
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    return GaussianInitOutcome(params, seed, true);
  };
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.expected = Expectation::kFails;
  c.limit_path = TwoStepSizePath();
  c.finding_class = FindingClass::kPersists;  // records/finding_paths.csv
  // The setting's window margin, as two_step_benign scans it (declared before its record).
  c.scans = {WindowMarginScan("setting")};
  c.encoding_sensitive =
      "ω√d ≤ 1e-3 is boa's bound; the conclusions survive up to ω₀√d ≈ 10^−4.1 (the finding's scan)";
  c.finding =
      "The discussion says \"sufficiently small variance\"; ω√d ≤ 1e-3 is boa's bound. "
      "At ω√d = 1e-3, the bound THEORY.md §4.2 fixes, the conclusions (i)–(iv) fail on every "
      "draw of the parameter window: 200 of 200 (seeds 1000.., `./boa check "
      "magen24.gd.gaussian_init --seed 1000 --instances 200 --run-to-cap`; 95% interval "
      "[0.98, 1]) — the clean samples' signal attention collapses to 0. Where the zero-init run "
      "holds, the conclusions survive up to ω₀√d ≈ 10^−4.1 on average (range 10^−6.5..10^−3.25 "
      "over 60 draws), the scale of the step-1 value projection O(2.5e-4): the bound is an "
      "order of magnitude too loose. The O(ω) deviation itself holds "
      "(magen24.gd.gaussian_init_deviation). So what fails is boa's bound; the measurement "
      "supports the discussion's statement, with a variance bound set by the schedule's first "
      "step. The setting's window margin does not change it (records/scans.csv, seed base 4e9): "
      "98 of 100 fail at every margin from 0 to 0.25.";
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kRangeFinding;
  c.range_note =
      "the two-step theorem's conclusion for every (n, d ≥ n², η, r) of its window, refuted on the average over the regime: an averaged rate above δ puts some point of the range above δ";
  return c;
}
BOA_REGISTER_CLAIM(Magen24GdGaussianInit);

// The discussion's statement as it words it: Gaussian init with sufficiently small variance gives
// the same results as zero init — on the same draw, the same conclusions (i)–(iv), whether they
// hold or not (two_step_benign's own failures are not this claim's).
Claim Magen24GdGaussianInitSmall() {
  Claim c;
  c.id = "magen24.gd.gaussian_init_small";
  c.title =
      "Gaussian init with ω√d a tenth of SA's step-1 value scale reaches the same two-step conclusions as zero init";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[M] rebuttal (Gaussian initialisation): \"the same results hold\"";
  c.elements = {
      {"statement", Origin::kPaper,
       "[M] discussion, 'Zero and Gaussian Initialization': \"the same results hold for Gaussian "
       "initialization with sufficiently small variance\" — read draw by draw: the conclusions "
       "from N(0, ω²I) equal those from zero"},
      {"setting", Origin::kConvention,
       "boa's: the regime and conclusions (i)–(iv) of magen24.gd.two_step_benign (n ∈ [20, 60], "
       "d = 1–4·n², η ∈ [0.05, 0.15], margin 0.2, thresholds 0.9/0.1/0.05), one init direction "
       "per draw, direct engine",
       prov::kWindowMarginSetAfter},
      {"the scale: SA's step-1 value projection β_v¹d/(4n) = 2.5e-4", Origin::kDerivation,
       "THEORY.md §4.2 magen24.gd.gaussian_init: a random v₀ larger than it rewrites the step-2 "
       "attention logits"},
      {"ω√d = 2.5e-5, a tenth of that scale", Origin::kConvention,
       "boa's reading of \"sufficiently small\", fixed before this claim was measured (the "
       "issue-27 re-examination)",
       "after gaussian_init's measurements: its calibrated ω₀√d range [10^−4.75, 10^−3.5] and its "
       "failure at ω√d = 1e-3; 2.5e-5 lies inside that range (b17b8ec)"},
      {"schedule SA", Origin::kConvention,
       "THEORY.md §3: the paper's step sizes are not available"},
  };
  c.regime = TwoStepRegime();
  c.budget_params = [](Budget) { return Params{{"margin", kTwoStepWindowMargin}}; };
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const SignalNoiseSpec spec = TwoStepSpec(params);
    const double margin = RealParam(params, "margin");
    const double omega = kSmallOmegaSqrtD / std::sqrt(static_cast<double>(spec.d));
    const TwoStepConclusions zero = CheckTwoStepConclusions(spec, margin, 0, seed, Engine::kDirect);
    const TwoStepConclusions gaussian =
        CheckTwoStepConclusions(spec, margin, omega, seed, Engine::kDirect);
    Outcome o;
    o.measured = {{"zero_init_holds", zero.holds}, {"gaussian_init_holds", gaussian.holds}};
    o.holds = zero.holds == gaussian.holds;
    if (!o.holds) {
      o.explanation = std::string("zero init: ") + (zero.holds ? "holds" : zero.explanation) +
                      "; Gaussian init: " + (gaussian.holds ? "holds" : gaussian.explanation);
    }
    return o;
  };
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kCells;
  c.range_note =
      "“the same results hold” for every (n, d ≥ n², η, r) of the two-step window; the theorem's limit runs along n (d = d_factor·n²), so the cells split n";
  c.cells = CellsAlong(c.regime, "n", {{"n_20_39", 20, 39}, {"n_40_60", 40, 60}});
  return c;
}
BOA_REGISTER_CLAIM(Magen24GdGaussianInitSmall);

// The derived half that holds: the two-step parameters move linearly in ω (slope 1).
Claim Magen24GdGaussianInitDeviation() {
  Claim c;
  c.id = "magen24.gd.gaussian_init_deviation";
  c.title =
      "Gaussian init N(0, ω²I) moves the two-step parameters by O(ω): the log-log slope of the deviation has an interval containing 1";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kDerived;
  c.source = "[M] rebuttal (Gaussian initialisation); θ₂ is a smooth function of θ₀ (derived here)";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.2 `magen24.gd.gaussian_init_deviation`: θ₂ is a smooth function of θ₀, so "
       "‖θ₂^ω − θ₂⁰‖ is linear in ω while ω is small (slope 1 in log-log)"},
      {"setting", Origin::kConvention,
       "boa's: the regime of magen24.gd.two_step_benign (n ∈ [20, 60], d = 1–4·n², η ∈ [0.05, "
       "0.15], margin 0.2), schedule SA, one init direction per draw, direct engine",
       prov::kWindowMarginSetAfter},
      prov::GaussianInitGrid(),
  };
  c.regime = TwoStepRegime();
  c.budget_params = [](Budget) { return Params{{"margin", kTwoStepWindowMargin}}; };
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    return GaussianInitOutcome(params, seed, false);
  };
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kCells;
  c.range_note =
      "a conclusion for every (n, d ≥ n², η, r) of the two-step window; the limit runs along n, so the cells split n";
  c.cells = CellsAlong(c.regime, "n", {{"n_20_39", 20, 39}, {"n_40_60", 40, 60}});
  return c;
}
BOA_REGISTER_CLAIM(Magen24GdGaussianInitDeviation);

// magen24.gd.gradient_lipschitz — the Lipschitz constant of ∇L for M1 (prompt attention) on the
// ball ‖θ‖ ≤ ρ, θ = (p, v), that the Gaussian-initialisation argument leans on near 0. Derived in
// THEORY.md §4.2 from the kernel of §1.1; with R = max_{i,t} ‖x_it‖:
//   ∇f = (Cov_s(x) v, x̄),  ∂²f/∂p² = E_s[vᵀ(x − x̄)·(x − x̄)(x − x̄)ᵀ],  ∂²f/∂p∂v = Cov_s(x),
//   ∂²f/∂v² = 0, so ‖∇f‖² ≤ R² + R⁴‖v‖² and ‖∇²f‖ ≤ R² + 2R³‖v‖, and with |ℓ'| ≤ 1, ℓ'' ≤ ¼
//   L_ρ = sup_{‖θ‖≤ρ} ‖∇²L‖ ≤ ¼(R² + R⁴ρ²) + R² + 2R³ρ.
// The ball is convex, so ‖∇L(θ) − ∇L(θ′)‖ ≤ L_ρ‖θ − θ′‖ for θ, θ′ in it. Checked on random pairs
// (half of them close, where the ratio approaches the local Hessian norm). The optional parameter
// `bound_scale` (default 1) multiplies L_ρ: the unit test shrinks it below the measured ratio to
// show that the check can fail. Rounding allowance: kTolerances.equivalence × the gradient summand
// scale.
namespace {

constexpr int kPairs = 8;

// L_ρ of the derivation above.
double GradientLipschitzBound(const Dataset& data, double rho) {
  const double R = data.X.rowwise().norm().maxCoeff();
  return 0.25 * (R * R + std::pow(R, 4) * rho * rho) + R * R + 2 * std::pow(R, 3) * rho;
}

}  // namespace

Claim Magen24GdGradientLipschitz() {
  Claim c;
  c.id = "magen24.gd.gradient_lipschitz";
  c.title =
      "On the ball ‖θ‖ ≤ ρ the M1 loss gradient is Lipschitz with L_ρ = ¼(R² + R⁴ρ²) + R² + 2R³ρ, R the largest token norm";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "[M] Gaussian-initialisation argument; constant derived here (THEORY.md §4.2)";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.2 `magen24.gd.gradient_lipschitz`: L_ρ = ¼(R² + R⁴ρ²) + R² + 2R³ρ, derived "
       "for the smoothness the discussion's argument uses ('Zero and Gaussian Initialization': "
       "\"the gradient with respect to the softmax weight p is Lipschitz\")"},
      {"setting", Origin::kConvention,
       "boa's: D1 with n ∈ [2, 20], T ∈ [2, 4], d ∈ [3, 30], SNR ∈ [0, 2], η ∈ [0, 0.4], either "
       "signal position, ball radius ρ ∈ [0.1, 3]"},
      {"8 pairs, half at distance 0.01ρ", Origin::kConvention,
       "boa's: close pairs probe the local Hessian norm, far pairs the whole ball"},
      {"rounding allowance 1e-10", Origin::kDerivation,
       "tolerances.hpp equivalence × the gradient summand scale"},
  };
  c.regime = {{"n", 2, 20},        {"T", 2, 4},          {"d", 3, 30},
              {"snr", 0, 20, 0.1}, {"eta", 0, 40, 0.01}, {"random_position", 0, 1},
              {"rho", 1, 30, 0.1}};
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const Dataset data = GenerateSignalNoise(SignalNoiseSpecFromParams(params), seed);
    const double rho = RealParam(params, "rho");
    // Optional, 1 unless a test shrinks the constant on purpose.
    const double bound_scale = params.count("bound_scale") ? RealParam(params, "bound_scale") : 1;
    const double bound = bound_scale * GradientLipschitzBound(data, rho);
    Rng rng(seed, kDirection);
    const int dim = 2 * data.d;
    // A uniform point of the ball of radius ρ in ℝ^{2d}.
    const auto in_ball = [&] {
      Vector theta = Vector::NullaryExpr(dim, [&] { return rng.Normal(); });
      return Vector(theta.normalized() * rho * std::pow(rng.Uniform(), 1.0 / dim));
    };
    PromptAttention model(data.d);
    const auto gradient_at = [&](const Vector& theta) {
      model.Block("p") = theta.head(data.d);
      model.Block("v") = theta.tail(data.d);
      const Evaluation e = model.Evaluate(data, true);
      Vector g(dim);
      g << e.gradient[0], e.gradient[1];
      return g;
    };
    double worst = 0;
    for (int k = 0; k < kPairs; ++k) {
      const Vector theta = in_ball();
      Vector other = in_ball();
      // Close pairs: a step of 1% of ρ, pulled back into the ball.
      if (k % 2 == 0) other = theta + 0.01 * rho * (other - theta).normalized();
      if (other.norm() > rho) other *= rho / other.norm();
      const Vector g = gradient_at(theta);
      const double rounding = kTolerances.equivalence * GradientSummandScale(model, data);
      const double ratio =
          (g - gradient_at(other)).norm() / (bound * (theta - other).norm() + rounding);
      worst = std::max(worst, ratio);
    }
    Outcome o;
    o.measured = {{"max_ratio_to_bound", worst}};
    o.holds = worst <= 1;
    if (!o.holds) {
      o.explanation = "‖∇L(θ) − ∇L(θ′)‖ reached " + FormatNumber(worst) + "× L_ρ‖θ − θ′‖";
    }
    return o;
  };
  c.violation_score = "max_ratio_to_bound";
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24GdGradientLipschitz);

}  // namespace boa::claims
