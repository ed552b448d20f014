// sakamoto24_attention_gap: the [S] v3 growth function against real GD (THEORY.md
// core.growth_function). For a clean training sample with attention s on its relevant token,
// define the gap Λ by s = e^Λ / (e^Λ + T), i.e. Λ = log(T s / (1 − s)). If the gap follows
// dΛ/dτ = c·s(1 − s) with a constant rate c (τ = lr × step), then g(Λ(τ)) − g(Λ(0)) = cτ is a
// straight line through 0. Measured along the balanced run of [S] Fig. 3
// (Sakamoto24FigureProtocol(budget), seed 1): the mean over clean samples of g(Λ_i(τ)) − g(Λ_i(0))
// (about 100 rows), the least-squares line cτ through 0, its rate c and R² — how far one constant
// rate describes the real dynamics. One run, so one cell; direct only (W is trained).
#include <algorithm>
#include <cmath>
#include <vector>

#include "boa/growth_function.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/stats.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {

Sweep Sakamoto24AttentionGapSweep() {
  Sweep s;
  s.name = "sakamoto24_attention_gap";
  s.description =
      "[S] growth function g(Λ(τ)) − g(Λ(0)) along GD in the balanced setting, with its fitted rate";
  s.columns = {"tau", "mean_growth", "fitted_line", "rate", "r_squared", "steps", "train_W"};
  s.only_engine = Engine::kDirect;
  s.cells = [](Budget, Engine) { return 1; };
  s.run = [](int, Budget budget, Engine) {
    const Sakamoto24Setting& setting = Sakamoto24Settings()[0];
    TokenSelectionRunOptions options = Sakamoto24FigureProtocol(budget);
    std::vector<double> tau, growth;  // τ and the mean over clean samples of g(Λ(τ)) − g(Λ(0))
    std::vector<double> start;        // g(Λ_i(0)) per sample (0 for noisy ones, unused)
    options.observer = [&](int step, const Dataset& data, const Model&, const Evaluation& e) {
      double sum = 0;
      int clean = 0;
      if (start.empty()) start.resize(data.n);
      for (int i = 0; i < data.n; ++i) {
        if (data.noisy[i]) continue;
        // s and 1 − s summed separately: 1 − s stays exact as s saturates.
        double relevant = 0, rest = 0;
        for (int t = 0; t < data.T; ++t) {
          (data.Role(i, t) == TokenRole::kRelevant ? relevant : rest) += e.attention(i, t);
        }
        const double g = GrowthFunction(std::log(data.T * relevant / rest), data.T);
        if (step == 0) start[i] = g;
        sum += g - start[i];
        ++clean;
      }
      tau.push_back(step * options.lr);
      growth.push_back(sum / clean);
    };
    RunTokenSelection(Sakamoto24Spec(setting.d, setting.mu_norm), options, 1);

    const OriginFit fit = FitThroughOrigin(tau, growth);  // the rate c and R² (stats.hpp)
    Rows rows;
    for (std::size_t k = 0; k < tau.size(); k += std::max<std::size_t>(1, tau.size() / 100)) {
      rows.push_back({tau[k], growth[k], fit.slope * tau[k], fit.slope, fit.r_squared,
                      double(options.steps), double(options.train_W)});
    }
    return rows;
  };
  return s;
}

}  // namespace boa::sweeps
