// The 2-D 𝔖 maps (frak_s_map.hpp) and their two sweeps, sakamoto24_frak_s_map_mu and
// sakamoto24_frak_s_map_d: one cell per map column (shardable), 19 rows (one per η) per cell, each
// with R₊, R₋ and accuracies at ρ = 0.1 and at ρ = 0.05 and the column's R = 1 contour at both.
// Per budget FrakSMapAt: quick the first and last column, default every 3rd, full every column. p
// only, so either engine (Gram: O((nT)²) per step whatever d is).
#include "boa/frak_s_map.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "boa/error.hpp"
#include "boa/fit_regime.hpp"
#include "boa/frak_s.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/sweep.hpp"

namespace boa {

double FrakSMapX(FrakSMapAxis axis, int column) {
  Require(column >= 0 && column < kFrakSMapColumns, "the 𝔖 map column must be in 0..11");
  return axis == FrakSMapAxis::kMuNorm ? 10.0 * (column + 1) : 1000.0 * (column + 1);
}

TokenSelectionSpec FrakSMapSpec(FrakSMapAxis axis, int column, double rho, double eta) {
  TokenSelectionSpec spec = FrakSSpec(0, eta);  // d = 6000, ‖μ‖ = 20
  const double x = FrakSMapX(axis, column);
  if (axis == FrakSMapAxis::kMuNorm) {
    spec.mu_norm = x;
  } else {
    spec.d = static_cast<int>(x);
  }
  spec.rho = rho;
  return spec;
}

FrakSMapPlan FrakSMapAt(Budget budget) {
  switch (budget) {
    case Budget::kQuick: return {1e-3, 600, 11};
    case Budget::kDefault: return {1e-3, 600, 3};
    case Budget::kFull: break;
  }
  return {1e-3, 1500, 1};
}

std::vector<double> FrakSMapEtaGrid() {
  std::vector<double> etas;
  for (int k = 0; k < kFrakSMapEtas; ++k) etas.push_back((1 + 2 * k) / 20.0);  // 0.05 + 0.1k
  return etas;
}

std::vector<double> FrakSFineEtaGrid(double from) {
  const int first = static_cast<int>(std::lround(20 * from));
  Require(first >= 1 && first <= 19 && std::fabs(20 * from - first) < 1e-9,
          "the fine η grid starts at a multiple of 0.05 in 0.05 … 0.95");
  std::vector<double> etas;
  for (int k = first; k <= 19; ++k) etas.push_back(k / 20.0);  // 0.05, 0.10, …, 0.95
  return etas;
}

FrakSMapPoint MapPointOf(double eta, const FrakS& frak, const TokenSelectionRun& run) {
  return {eta,
          frak.RPlus(),
          frak.RMinus(),
          run.train_accuracy,
          run.test_accuracy,
          run.clean_selects.at("relevant")};
}

double FirstEtaWithRatioBelow(const std::vector<FrakSMapPoint>& points, double c) {
  for (const FrakSMapPoint& p : points)
    if (std::min(p.r_plus, p.r_minus) < c) return p.eta;
  return -1;
}

double FirstEtaRelevantSuppressed(const std::vector<FrakSMapPoint>& points,
                                  double selected_fraction) {
  for (const FrakSMapPoint& p : points)
    if (p.clean_selects_relevant < selected_fraction) return p.eta;
  return -1;
}

FrakSMapColumn RunFrakSMapColumn(FrakSMapAxis axis, int column, double rho, double lr, int steps,
                                 std::uint64_t seed, Engine engine, bool contour_only,
                                 double eta_limit, const std::vector<double>& etas) {
  FrakSMapColumn out;
  std::vector<double> run_etas, log_rs;
  for (const double eta : etas) {
    FrakS frak;
    const TokenSelectionRun run =
        FrakSRun(FrakSMapSpec(axis, column, rho, eta), lr, steps, seed, frak, engine);
    out.points.push_back(MapPointOf(eta, frak, run));
    if (run.test_accuracy < kBenignCleanTestAccuracy && out.drop_eta < 0) out.drop_eta = eta;
    const double log_r = std::log(std::min(frak.RPlus(), frak.RMinus()));
    RequireFinite(!std::isnan(log_r), "min(R₊, R₋) is NaN");
    run_etas.push_back(eta);
    log_rs.push_back(log_r);
    if (contour_only && (log_r < 0 || eta >= eta_limit)) break;
  }
  out.contour_eta = ContourCrossing(run_etas, log_rs);
  return out;
}

double ContourCrossing(const std::vector<double>& etas, const std::vector<double>& log_r) {
  Require(etas.size() == log_r.size(), "one log min(R₊, R₋) per η");
  for (std::size_t k = 0; k < etas.size(); ++k) {
    if (!(log_r[k] < 0)) continue;
    if (k == 0) return etas[0];
    const double eta =
        etas[k - 1] + (etas[k] - etas[k - 1]) * log_r[k - 1] / (log_r[k - 1] - log_r[k]);
    // R = +∞ (an empty noisy group) just before the crossing would make this NaN.
    RequireFinite(std::isfinite(eta), "the R = 1 contour is not finite");
    return eta;
  }
  return 1;
}

namespace sweeps {
namespace {

Sweep FrakSMapSweep(FrakSMapAxis axis) {
  const bool mu = axis == FrakSMapAxis::kMuNorm;
  Sweep s;
  s.name = mu ? "sakamoto24_frak_s_map_mu" : "sakamoto24_frak_s_map_d";
  s.description = mu ? "[S] 𝔖 map: R₊, R₋ and clean test accuracy over (‖μ‖, η) at d = 6000, "
                       "ρ = 0.1 and 0.05 (p only, seed 1)"
                     : "[S] 𝔖 map: R₊, R₋ and clean test accuracy over (d, η) at ‖μ‖ = 20, "
                       "ρ = 0.1 and 0.05 (p only, seed 1)";
  const std::string x = mu ? "mu_norm" : "d";
  s.columns = {x,
               "eta",
               "R_plus",
               "R_minus",
               "test_accuracy",
               "train_accuracy",
               "contour_eta",
               "R_plus_small_rho",
               "R_minus_small_rho",
               "test_accuracy_small_rho",
               "contour_eta_small_rho",
               "steps"};
  s.cells = [](Budget b, Engine) {
    return (kFrakSMapColumns - 1) / FrakSMapAt(b).column_stride + 1;
  };
  s.run = [axis](int cell, Budget budget, Engine engine) {
    const FrakSMapPlan protocol = FrakSMapAt(budget);
    const int column = protocol.column_stride * cell;
    const auto run = [&](double rho) {
      return RunFrakSMapColumn(axis, column, rho, protocol.lr, protocol.steps, 1, engine);
    };
    const FrakSMapColumn at = run(kFrakSMapRho), small = run(kFrakSMapSmallRho);
    Rows rows;
    for (std::size_t k = 0; k < at.points.size(); ++k) {
      const FrakSMapPoint &p = at.points[k], &q = small.points[k];
      rows.push_back({FrakSMapX(axis, column), p.eta, p.r_plus, p.r_minus, p.test_accuracy,
                      p.train_accuracy, at.contour_eta, q.r_plus, q.r_minus, q.test_accuracy,
                      small.contour_eta, double(protocol.steps)});
    }
    return rows;
  };
  return s;
}

}  // namespace

Sweep Sakamoto24FrakSMapMuSweep() { return FrakSMapSweep(FrakSMapAxis::kMuNorm); }
Sweep Sakamoto24FrakSMapDSweep() { return FrakSMapSweep(FrakSMapAxis::kDimension); }

}  // namespace sweeps
}  // namespace boa
