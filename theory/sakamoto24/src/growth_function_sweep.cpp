// growth_function: the [S] v3 attention gap Λ(τ) from the ODE dΛ/dτ = c·s(1−s), from the closed
// form g(Λ) = g(Λ₀) + cτ, and the asymptote log(Tcτ), at T = 8, c = 1, Λ(0) = 0 and τ = 10^{-1}
// .. 10^6 (13 points at quick, 49 otherwise). One cell per τ; no training, so no engine.
#include <cmath>

#include "boa/growth_function.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {

Sweep GrowthFunctionSweep() {
  Sweep s;
  s.name = "growth_function";
  s.description = "[S] attention gap Λ(τ): ODE, closed form and asymptote log(Tcτ) (no training)";
  s.columns = {"tau", "lambda_ode", "lambda_closed_form", "log_Tctau"};
  s.only_engine = Engine::kDirect;
  s.cells = [](Budget budget, Engine) { return budget == Budget::kQuick ? 13 : 49; };
  s.run = [cells = s.cells](int cell, Budget budget, Engine engine) {
    constexpr int T = 8;
    constexpr double c = 1.0, lambda0 = 0.0;
    const int points = cells(budget, engine);
    const double tau = std::pow(10.0, -1.0 + 7.0 * cell / (points - 1));
    return Rows{{tau, IntegrateAttentionGap(lambda0, c, T, tau),
                 AttentionGapClosedForm(lambda0, c, T, tau), std::log(T * c * tau)}};
  };
  return s;
}

}  // namespace boa::sweeps
