// magen_snr_threshold: the harmful→benign SNR threshold against n for two GD steps with SA and
// with SB and for the max-margin solution — the sweep of the magen24.snr.threshold claims at the
// same budget (SnrThresholdSweepAt: n = n_min·2^k, d = d_over_n2·n², η = 0.1) at the claims'
// instance with seed 1 (seed base 1000) — plus, on the Gram engine, SA and max-margin at d = 10⁶ ≫
// n², the regime the theorems speak of (direct: 10⁶·2n doubles per draw, out of reach), and Kou
// et al.'s two-layer ReLU CNN (the CNN route, issue 31) at fixed d = 25600, whose threshold the
// [M] discussion quotes as Θ(1/(n^{1/2}d^{1/4})) (THEORY.md, magen24.cnn.threshold_dimension: the
// n-exponent measured there is ≈ −0.28). One cell per (curve, n). Beside each threshold, the derived references √(r_T/n) (two-step window) and
// √(2/((1 − η)n)) (max-margin).
#include <cmath>
#include <vector>

#include "boa/linearized_thresholds.hpp"
#include "boa/snr_threshold.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {
namespace {

constexpr double kThresholdSweepEta = 0.1;
constexpr int kLargeD = 1000000;
constexpr int kCnnD = 25600;  // d/n² ≥ 4 up to n = 80

struct Curve {
  ThresholdRoute route;
  int fixed_d;  // 0: the claims' d_over_n2·n²
};

std::vector<Curve> Curves(Engine engine) {
  std::vector<Curve> curves = {{ThresholdRoute::kScheduleSA, 0},
                               {ThresholdRoute::kScheduleSB, 0},
                               {ThresholdRoute::kMaxMargin, 0}};
  if (engine == Engine::kGram) {
    curves.push_back({ThresholdRoute::kScheduleSA, kLargeD});
    curves.push_back({ThresholdRoute::kMaxMargin, kLargeD});
    curves.push_back({ThresholdRoute::kCnn, kCnnD});
  }
  return curves;
}

}  // namespace

Sweep MagenSnrThresholdSweep() {
  Sweep s;
  s.name = "magen_snr_threshold";
  s.description =
      "[M] harmful→benign SNR threshold against n: SA, SB, max-margin (and, on Gram, at d = 10⁶, "
      "and the two-layer ReLU CNN at d = 25600)";
  // route: the number of the ThresholdRoute; found: 1 when located (else snr_threshold is 0 and
  // not_located the number of the NotLocated reason).
  s.columns = {"curve",       "route",        "fixed_d",
               "n",           "found",        "snr_threshold",
               "not_located", "predicted_sa", "predicted_maxmargin",
               "seeds",       "d_over_n2"};
  s.cells = [](Budget b, Engine engine) {
    return static_cast<int>(Curves(engine).size()) * (SnrThresholdSweepAt(b).doublings + 1);
  };
  s.run = [](int cell, Budget budget, Engine engine) {
    const SnrThresholdSweepSize size = SnrThresholdSweepAt(budget);
    const int curve = cell / (size.doublings + 1), k = cell % (size.doublings + 1);
    const Curve c = Curves(engine)[static_cast<std::size_t>(curve)];
    const double n = size.n_min << k;
    const SnrThreshold t =
        LocateSnrThresholdInSweep(c.route, size, k, c.fixed_d, 1000, ChoiceOf(engine));
    const LinearizedThresholds window = MagenLinearizedThresholds(kThresholdSweepEta);
    return Rows{{double(curve), double(static_cast<int>(c.route)), double(c.fixed_d), n,
                 double(t.found), t.found ? t.snr_threshold : 0.0,
                 double(static_cast<int>(t.not_located)), std::sqrt(window.test / n),
                 std::sqrt(MaxMarginSnrSquaredThreshold(static_cast<int>(n), kThresholdSweepEta)),
                 double(size.seeds), double(size.d_over_n2)}};
  };
  return s;
}

}  // namespace boa::sweeps
