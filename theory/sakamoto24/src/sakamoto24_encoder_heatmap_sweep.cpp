// sakamoto24_encoder_heatmap: train and clean test accuracy of the one-layer encoder (M5,
// RunEncoder) over the [S] heatmap's (d, ‖μ‖) grid, seed 1. --budget full: the paper's 39 × 39
// grid at the paper's sizes, 1000 steps (up to an hour per cell at large d: shard it); default and
// quick: the four corners at §4.4's scaled sizes (d' = d/10, ‖μ‖/√d kept), with
// EncoderFigureProtocolAt's steps (300 and 20). The d and mu_norm columns are the sizes that ran;
// the regime column is RegimeCode(ClassifyFit). One cell per grid point.
#include "boa/encoder_run.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {
namespace {

int Stride(Budget b) { return b == Budget::kFull ? 1 : 38; }

}  // namespace

Sweep Sakamoto24EncoderHeatmapSweep() {
  Sweep s;
  s.name = "sakamoto24_encoder_heatmap";
  s.description =
      "[S] one-layer encoder: train and clean test accuracy over the (d, ‖μ‖) plane (seed 1)";
  s.columns = {"d",      "mu_norm", "train_accuracy", "test_accuracy", "noisy_fitted",
               "regime", "steps"};
  s.only_engine = Engine::kDirect;  // M5 has no Gram form
  s.cells = [](Budget b, Engine) {
    return HeatmapGridPoints(Stride(b)) * HeatmapGridPoints(Stride(b));
  };
  s.run = [](int cell, Budget budget, Engine) {
    const EncoderProtocol protocol = EncoderFigureProtocolAt(budget);
    const HeatmapGridPoint point = HeatmapGridPointAt(cell, Stride(budget));
    const EncoderSizes sizes = EncoderSizesAt(point.d, point.mu_norm, protocol.paper_sizes);
    const EncoderRun run = RunEncoder(sizes, protocol, 1);
    return Rows{{double(sizes.spec.d), sizes.spec.mu_norm, run.train_accuracy, run.test_accuracy,
                 run.noisy_fitted, RegimeCode(run.regime), double(protocol.steps)}};
  };
  return s;
}

}  // namespace boa::sweeps
