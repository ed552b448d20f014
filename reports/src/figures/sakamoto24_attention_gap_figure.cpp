// The [S] v3 growth function against real GD (THEORY.md core.growth_function): along the
// balanced run of [S] Fig. 3, the mean over clean samples of g(Λ_i(τ)) − g(Λ_i(0)) and the
// least-squares line cτ through 0, with its R² — the sweep sakamoto24_attention_gap.
#include <sstream>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Sakamoto24AttentionGapFigure(const SweepRun& run) {
  Figure f;
  f.name = "sakamoto24_attention_gap";
  f.engine = "direct";
  f.title = "Growth function along GD: mean over clean samples of g(Λ(τ)) − g(Λ(0)) (balanced)";
  f.columns = {"tau", "mean_growth", "fitted_line"};
  f.rows = run.Select(f.columns);
  std::ostringstream caption;
  caption.precision(3);
  caption << "Measured here (seed 1, "
          << (run.At(0, "train_W") == 1 ? "W and p, lr 5e-3" : "p only, lr 1e-3") << ", "
          << static_cast<int>(run.At(0, "steps"))
          << " steps; g from THEORY.md core.growth_function): fitted rate c = " << run.At(0, "rate")
          << " per unit τ, R² = " << run.At(0, "r_squared")
          << " (1 would mean one constant rate explains the gap's growth).";
  f.caption = caption.str();
  f.x_column = "tau";
  f.x_label = "τ = lr × step";
  f.y_label = "g(Λ(τ)) − g(Λ(0))";
  f.series = {{"mean_growth", "measured (mean over clean samples)", "lines"},
              {"fitted_line", "c τ (least squares through 0)", "lines dt 2"}};
  return f;
}

}  // namespace boa::report
