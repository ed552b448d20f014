// The [S] v3 growth function: the attention gap Λ(τ) from the ODE dΛ/dτ = c·s(1−s), from the
// closed form g(Λ) = g(Λ₀) + cτ, and the asymptote log(Tcτ) — the sweep growth_function.
#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure GrowthFunctionFigure(const SweepRun& run) {
  Figure f;
  f.name = "growth_function";
  f.engine = "direct";
  f.title = "Attention gap growth (T = 8, c = 1, Λ(0) = 0)";
  f.caption =
      "Measured here: Λ(τ) integrated by Dormand–Prince, the closed form of THEORY.md "
      "core.growth_function, and the asymptote log(Tcτ) ([S] v3).";
  f.columns = {"tau", "lambda_ode", "lambda_closed_form", "log_Tctau"};
  f.rows = run.Select(f.columns);
  f.x_column = "tau";
  f.x_label = "τ (steps × step size)";
  f.y_label = "attention gap Λ";
  f.log_x = true;
  f.series = {{"lambda_ode", "ODE (Dormand–Prince)", "lines"},
              {"lambda_closed_form", "closed form g^{-1}(g(Λ_0) + cτ)", "points"},
              {"log_Tctau", "log(Tcτ)", "lines dt 2"}};
  return f;
}

}  // namespace boa::report
