// magen24.gd.gaussian_init — [M] rebuttal claim with derived constants: starting schedule SA
// from N(0, ω²I) instead of zero moves the two-step parameters θ₂ = (p₂, v₂) by O(ω), and for
// ω ≤ ω₀ the conclusions of magen24.gd.two_step_benign survive.
//
// ω is parametrised as ω√d, the typical size of v₀ᵀξ for a noise token ξ (‖ξ‖ ≈ √d); every
// run reuses one init direction (init stream of the seed), so θ₂^ω is a smooth curve in ω.
// Per instance (regime of two_step_benign):
//  (a) the OLS slope of log‖θ₂^ω − θ₂⁰‖ on log ω over ω√d ∈ {1e-9, 1e-8, 1e-7, 1e-6} has a 95%
//      interval containing 1 (θ₂ is a smooth function of θ₀, so the deviation is linear in ω
//      while ω is small);
//  (b) in draws inside the realised window (as for two_step_benign), the conclusions (i)–(iv)
//      hold at ω√d = kOmegaSqrtDCalibrated;
// and, for in-window draws, it measures ω₀√d: the largest ω√d on the grid 10^{k/4} (scanned up
// from 1e-8 by decades, then refined by quarter decades) up to which the conclusions held.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "boa/claim.hpp"
#include "boa/stats.hpp"
#include "magen24_two_step_regime.hpp"

namespace boa::claims {
namespace {

// Calibrated: over 300 draws (seeds 1000..1299, 48 of them in the realised window; replay
// ./boa check magen24.gd.gaussian_init --instances 300 --seed 1000) ω₀√d ranged over
// [10^-4.75, 10^-3.5] (mean 10^-4.04). Its scale is the step-1 value projection
// ⟨v₁, u − ξ⟩ = O(β_v¹ d/(4n)) = O(2.5e-4) of schedule SA: a random v₀ larger than that
// rewrites the step-2 attention logits. So ω√d = 1e-5 sits below every measured ω₀√d.
constexpr double kOmegaSqrtDCalibrated = 1e-5;

Vector Parameters(const PromptAttentionRun& run) {
  Vector theta(run.p.size() + run.v.size());
  theta << run.p, run.v;
  return theta;
}

}  // namespace

Claim Magen24GdGaussianInit() {
  Claim c;
  c.id = "magen24.gd.gaussian_init";
  c.title = "Gaussian init N(0, ω²I) moves the two-step parameters by O(ω) (slope 1) and keeps the benign conclusions for ω ≤ ω₀";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kPaper;
  c.source = "[M] rebuttal (Gaussian initialisation); slope and ω₀ derived/measured here (THEORY.md §4.2)";
  c.regime = TwoStepRegime();
  c.budget_params = [](Budget) { return Params{{"margin", kTwoStepWindowMargin}}; };
  c.check = [](const Params& params, std::uint64_t seed) {
    const SignalNoiseSpec spec = TwoStepSpec(params);
    const double margin = RealParam(params, "margin");
    const double sqrt_d = std::sqrt(static_cast<double>(spec.d));
    const auto conclusions = [&](double omega_sqrt_d) {
      // Direct engine: the deviation compares ambient parameters across ω on the same tokens.
      return CheckTwoStepConclusions(spec, margin, omega_sqrt_d / sqrt_d, seed, EngineChoice::kDirect);
    };
    const TwoStepConclusions zero = conclusions(0);
    const Vector theta0 = Parameters(zero.run);
    std::vector<double> omegas, deviations;
    for (const double omega_sqrt_d : {1e-9, 1e-8, 1e-7, 1e-6}) {
      omegas.push_back(omega_sqrt_d / sqrt_d);
      deviations.push_back((Parameters(conclusions(omega_sqrt_d).run) - theta0).norm());
    }
    const SlopeFit fit = FitLogLogSlope(omegas, deviations);
    // ω₀√d: decades up from 1e-8 until the conclusions fail, then quarter decades in between.
    // Only in-window draws whose zero-init run holds have an ω₀ (the measured key is absent
    // otherwise, so its min/mean/max are over those draws).
    double omega0_log10 = 0;
    const bool has_omega0 = zero.in_window && zero.holds;
    if (has_omega0) {
      int decade = -8;
      while (decade <= 1 && conclusions(std::pow(10.0, decade)).holds) ++decade;
      omega0_log10 = decade - 1;
      for (int quarter = 1; quarter < 4 && decade <= 1; ++quarter) {
        if (!conclusions(std::pow(10.0, decade - 1 + quarter / 4.0)).holds) break;
        omega0_log10 = decade - 1 + quarter / 4.0;
      }
    }
    const bool slope_one = fit.lower <= 1 && 1 <= fit.upper;
    const TwoStepConclusions calibrated = conclusions(kOmegaSqrtDCalibrated);
    const bool survives = !zero.in_window || calibrated.holds;
    Outcome o;
    o.measured = {{"deviation_slope", fit.slope},
                  {"deviation_slope_lower", fit.lower},
                  {"deviation_slope_upper", fit.upper},
                  {"in_realised_window", zero.in_window}};
    if (has_omega0) o.measured["log10_omega0_sqrt_d"] = omega0_log10;
    o.holds = slope_one && survives;
    if (!slope_one) {
      o.explanation = "deviation slope " + std::to_string(fit.slope) + ", 95% interval [" +
                      std::to_string(fit.lower) + ", " + std::to_string(fit.upper) + "] excludes 1; ";
    }
    if (!survives) o.explanation += "at ω√d = 1e-5: " + calibrated.explanation;
    return o;
  };
  c.instances = 200;
  c.delta = kTwoStepFailureRate;
  return c;
}

}  // namespace boa::claims
