// [M] Gaussian initialisation: ‖θ₂^ω − θ₂⁰‖ against ω on log-log axes, median over seeds, with a
// slope-1 reference through the smallest ω — the sweep magen24_gaussian_init (n = 40, d = 4n²,
// η = 0.1, r in the middle of the window). The column `benign` is the fraction of seeds for which
// the conclusions of magen24.gd.two_step_benign still hold at that ω.
#include <string>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Magen24GaussianInitFigure(const SweepRun& run) {
  const int seeds = static_cast<int>(run.At(0, "seeds"));
  Figure f;
  f.name = "magen24_gaussian_init";
  f.engine = "direct";
  f.title = "Two-step parameter deviation under Gaussian init vs ω";
  f.caption = "Measured here: median over " + std::to_string(seeds) +
              " seeds of ‖θ₂^ω − θ₂⁰‖ after two "
              "SA steps from N(0, ω²I) vs from zero (n = 40, d = 6400, η = 0.1, r = 4.85); dashed: "
              "slope 1 through the first point (THEORY.md magen24.gd.gaussian_init, derived: θ₂ is "
              "smooth in θ₀). The CSV's `benign` column is the fraction of seeds where conclusions "
              "(i)–(iv) of magen24.gd.two_step_benign hold; they break once ω√d passes the step-1 "
              "value scale ≈ 2.5e-4.";
  f.columns = {"omega", "omega_sqrt_d", "deviation", "slope_one_reference", "benign"};
  const double first = run.At(0, "deviation"), first_omega_sqrt_d = run.At(0, "omega_sqrt_d");
  for (std::size_t k = 0; k < run.rows.size(); ++k) {
    f.rows.push_back({run.At(k, "omega"), run.At(k, "omega_sqrt_d"), run.At(k, "deviation"),
                      first * run.At(k, "omega_sqrt_d") / first_omega_sqrt_d, run.At(k, "benign")});
  }
  f.x_column = "omega";
  f.x_label = "ω (init standard deviation)";
  f.y_label = "‖θ₂^ω − θ₂⁰‖";
  f.log_x = true;
  f.log_y = true;
  f.series = {{"deviation", "measured (median over seeds)", "linespoints"},
              {"slope_one_reference", "slope 1", "lines dt 2"}};
  return f;
}

}  // namespace boa::report
