// magen_heatmap_<route>[_d<D>]: [M] Fig. 7 (rebuttal heatmap), clean test accuracy over SNR × n
// for two GD steps with schedule SA or for the max-margin solution — and, on the max-margin's grid,
// for Kou et al.'s two-layer ReLU CNN (the CNN threshold route, issue 31 item 6: the pair of
// heatmaps, attention and CNN, on one grid and the same seeds) — with the predicted boundaries
// SNR = √(r_T/n), √(r_N/n) (linearised two-step window, MagenLinearizedThresholds) and
// SNR² = 2/((1 − η)n) (max-margin) beside each cell. η = 0.1 (exact flips), d = max(16, n²) on the
// engine asked — or a fixed d such as 10⁶ ≫ n², Gram only (direct, that grid would draw 10⁶·2n
// Gaussians per cell). One cell per (n, SNR), mean over seeds; route is the number of the
// ThresholdRoute, fixed_d 0 for d = max(16, n²).
//   quick: 7 n × 6 SNR, 1 seed; default: 39 × 21, 4 seeds; full: 39 × 41, 16 seeds.
#include <algorithm>
#include <cmath>
#include <string>

#include "boa/linearized_thresholds.hpp"
#include "boa/snr_threshold.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {
namespace {

constexpr double kEta = 0.1;
constexpr int kTestSamples = 1000;

double SnrStep(Budget b) {
  return b == Budget::kQuick ? 0.2 : b == Budget::kDefault ? 0.05 : 0.025;
}
int NStep(Budget b) { return b == Budget::kQuick ? 6 : 1; }
int Seeds(Budget b) { return b == Budget::kQuick ? 1 : b == Budget::kDefault ? 4 : 16; }
// SNR = k·step for k = 0.. while k·step ≤ 1; n = 2, 2 + n_step, .. ≤ 40.
int SnrCount(Budget b) {
  int k = 0;
  while (k * SnrStep(b) <= 1 + 1e-9) ++k;
  return k;
}
int NCount(Budget b) { return (40 - 2) / NStep(b) + 1; }

}  // namespace

Sweep MagenHeatmapSweep(ThresholdRoute route, int fixed_d) {
  Sweep s;
  const std::string at_d = fixed_d > 0 ? "d = " + std::to_string(fixed_d) : "d = max(16, n²)";
  s.name = "magen_heatmap_" + ToString(route) + (fixed_d > 0 ? "_d" + std::to_string(fixed_d) : "");
  const char* model = route == ThresholdRoute::kScheduleSA ? "two SA steps"
                      : route == ThresholdRoute::kCnn      ? "the two-layer ReLU CNN"
                                                           : "max-margin";
  s.description = "[M] Fig. 7 clean test accuracy over SNR × n, " + std::string(model) + ", " +
                  at_d + (fixed_d > 0 ? " (Gram engine)" : "");
  s.columns = {
      "snr",           "n",     "d",        "clean_test_acc", "train_acc", "snr_r_T", "snr_r_N",
      "snr_maxmargin", "seeds", "snr_step", "n_step",         "route",     "fixed_d"};
  if (fixed_d > 0) s.only_engine = Engine::kGram;
  s.cells = [](Budget b, Engine) { return NCount(b) * SnrCount(b); };
  s.run = [route, fixed_d](int cell, Budget budget, Engine engine) {
    const int n = 2 + NStep(budget) * (cell / SnrCount(budget));
    const int d = fixed_d > 0 ? fixed_d : std::max(16, n * n);
    const double snr = (cell % SnrCount(budget)) * SnrStep(budget);
    const int seeds = Seeds(budget);
    const LinearizedThresholds t = MagenLinearizedThresholds(kEta);
    double test = 0, train = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
      const RouteResult r =
          RunThresholdRoute(route, n, d, kEta, snr, kTestSamples, seed, ChoiceOf(engine));
      test += r.clean_test_accuracy / seeds;
      train += r.train_accuracy / seeds;
    }
    return Rows{{snr, double(n), double(d), test, train, std::sqrt(t.test / n),
                 std::sqrt(t.noisy / n), std::sqrt(MaxMarginSnrSquaredThreshold(n, kEta)),
                 double(seeds), SnrStep(budget), double(NStep(budget)),
                 double(static_cast<int>(route)), double(fixed_d)}};
  };
  return s;
}

}  // namespace boa::sweeps
