// core.growth_function — [S] v3: g'(x) = 1/(s(1−s)) and the ODE dΛ/dτ = c·s(1−s) integrates to
// g(Λ(τ)) − g(Λ(0)) = cτ.
#include <algorithm>
#include <cmath>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/growth_function.hpp"
#include "boa/tolerances.hpp"

namespace boa::claims {

Claim CoreGrowthFunction() {
  Claim c;
  c.id = "core.growth_function";
  c.title = "g(x) = 2x + 2sinh(x − log T) has g' = 1/(s(1−s)) and linearises the attention-gap ODE";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "[S] v3 growth function";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.1 `core.growth_function`: for the [S] v3 growth function g, g' = "
       "1/(s(1 − s)), so the attention-gap ODE integrates to g(Λ(τ)) − g(Λ(0)) = cτ, and the "
       "root of that equation (AttentionGapClosedForm) is the ODE's Λ(τ)"},
      {"setting", Origin::kConvention,
       "boa's range: T ∈ [2, 64], x ∈ [−20, 20] by 0.5, c ∈ [0.5, 10] by 0.5, τ = 10^k with "
       "k ∈ [0, 6]"},
      {"derivative tolerance 1e-10", Origin::kDerivation,
       "tolerances.hpp equivalence: exact algebra, 1 − s computed without cancellation"},
      {"ODE tolerance 1e-8", Origin::kDerivation,
       "tolerances.hpp ode: Dormand–Prince at tolerance 1e-12 leaves ≤ 1e-8 on g(Λ(τ))"},
  };
  c.regime = {{"T", 2, 64}, {"x", -20, 20, 0.5}, {"c", 1, 20, 0.5}, {"log10_tau", 0, 6}};
  c.check = [](const Params& params, std::uint64_t, Engine) {
    const int T = IntParam(params, "T");
    const double x = RealParam(params, "x"), rate = RealParam(params, "c");
    const double tau = std::pow(10.0, RealParam(params, "log10_tau"));
    const double s = SelectedAttention(x, T);
    // 1/(s(1−s)) with 1 − s = T e^{−x} s computed without cancellation.
    const double one_minus_s = T * std::exp(-x) * s;
    const double derivative_gap = std::fabs(GrowthDerivative(x, T) * s * one_minus_s - 1);
    const double lambda = IntegrateAttentionGap(x, rate, T, tau);
    const double integral = GrowthFunction(lambda, T) - GrowthFunction(x, T);
    const double ode_gap = std::fabs(integral - rate * tau) / (rate * tau);
    // The closed form the figure prints beside the ODE (growth_function's lambda_closed_form):
    // the root of g(Λ) = g(Λ(0)) + cτ must be the ODE's Λ.
    const double closed_gap =
        std::fabs(AttentionGapClosedForm(x, rate, T, tau) - lambda) / (1 + std::fabs(lambda));
    Outcome o;
    o.measured = {{"derivative_rel_error", derivative_gap},
                  {"ode_rel_error", ode_gap},
                  {"closed_form_rel_error", closed_gap},
                  {"lambda_minus_log_Tctau", lambda - std::log(T * rate * tau)}};
    o.holds = derivative_gap <= kTolerances.equivalence && ode_gap <= kTolerances.ode &&
              closed_gap <= kTolerances.ode;
    if (!o.holds) {
      o.explanation = "g'·s(1−s) − 1 = " + FormatNumber(derivative_gap) + ", ODE relative error " +
                      FormatNumber(ode_gap) + ", closed form against the ODE " +
                      FormatNumber(closed_gap);
    }
    return o;
  };
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(CoreGrowthFunction);

}  // namespace boa::claims
