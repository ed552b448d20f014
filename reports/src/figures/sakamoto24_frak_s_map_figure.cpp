// [S] Eqs. (11), (13) as maps: clean test accuracy over (‖μ‖, η) or (d, η) at ρ = 0.1, with the
// R = 1 contour of min(R₊, R₋) at ρ = 0.1 and at ρ = 0.05 on top — the sweeps
// sakamoto24_frak_s_map_mu and sakamoto24_frak_s_map_d (frak_s_map.hpp), the columns of
// sakamoto24.frak_s.map_boundary and .rho_shift at seed 1.
#include <algorithm>
#include <string>
#include <vector>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {
namespace {

// The grid values of column k of `rows`, ascending and distinct.
std::vector<double> GridValues(const Rows& rows, std::size_t k) {
  std::vector<double> values;
  for (const auto& row : rows) values.push_back(row[k]);
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

double HalfStep(const std::vector<double>& values) {
  return values.size() > 1 ? (values[1] - values[0]) / 2 : 0.5;
}

}  // namespace

Figure Sakamoto24FrakSMapFigure(const SweepRun& run) {
  const bool mu = run.sweep->columns.front() == "mu_norm";
  const std::string x = run.sweep->columns.front();
  Figure f;
  f.name = run.sweep->name;
  f.engine = ToString(run.engine);
  f.title = mu ? "Clean test accuracy and the R = 1 contour over (‖μ‖, η), d = 6000"
               : "Clean test accuracy and the R = 1 contour over (d, η), ‖μ‖ = 20";
  f.columns = {x, "eta", "test_accuracy", "contour_eta", "contour_eta_small_rho"};
  f.rows = run.Select(f.columns);
  const std::vector<double> xs = GridValues(f.rows, 0), etas = GridValues(f.rows, 1);
  f.caption = "Measured here (seed 1, p only, lr 1e-3, " +
              std::to_string(static_cast<int>(run.At(0, "steps"))) +
              " steps, n = 40, T = 8 with 2 + 2 + 2 relevant/weak tokens). Colour: clean test "
              "accuracy at ρ = 0.1. Lines: where min(R₊, R₋) crosses 1 along η (interpolated in "
              "η; drawn at the top edge where R ≥ 1 on the whole column) at ρ = 0.1 and 0.05.";
  f.x_column = x;
  f.x_label = mu ? "‖μ‖" : "d";
  f.y_label = "label-noise rate η";
  f.key = "below";
  f.heatmap = Heatmap{"eta",
                      "test_accuracy",
                      "clean test accuracy (ρ = 0.1)",
                      0.5,
                      1,
                      xs.front() - HalfStep(xs),
                      xs.back() + HalfStep(xs),
                      etas.front() - HalfStep(etas),
                      etas.back() + HalfStep(etas)};
  f.series = {{"contour_eta", "R = 1 contour, ρ = 0.1", "lines lc rgb 'black'"},
              {"contour_eta_small_rho", "R = 1 contour, ρ = 0.05", "lines dt 2 lc rgb 'red'"}};
  return f;
}

}  // namespace boa::report
