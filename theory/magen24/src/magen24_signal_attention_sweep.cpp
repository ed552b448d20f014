// magen24_signal_attention: the signal token's softmax weight for clean vs noisy training samples
// over 10 GD steps of schedule SA (steps after the second reuse the step-2 sizes), from zero init,
// in WindowMiddleSpec (n = 40, d = 4n², η = 0.1, r = n·SNR² = 4.85, the middle of the linearised
// window (3.125, 6.58)). Means over the clean and over the noisy samples, averaged over seeds 1..S.
// One cell (the rows are means over every seed's trajectory); direct only (the trajectory
// recorder reads ambient attention).
#include <algorithm>
#include <cmath>

#include "boa/linearized_thresholds.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/sweep.hpp"
#include "boa/train.hpp"
#include "boa/window_middle_setting.hpp"

namespace boa::sweeps {

Sweep Magen24SignalAttentionSweep() {
  Sweep s;
  s.name = "magen24_signal_attention";
  s.description =
      "[M] signal-token attention of clean and noisy samples over 10 SA steps (n = 40, d = 4n²)";
  s.columns = {"step", "clean_signal_attention", "noisy_signal_attention", "train_accuracy", "r",
               "seeds"};
  s.only_engine = Engine::kDirect;
  s.cells = [](Budget, Engine) { return 1; };
  s.run = [](int, Budget budget, Engine) {
    constexpr int kSteps = 10;
    const int seeds = budget == Budget::kQuick ? 2 : 8;
    const SignalNoiseSpec spec = WindowMiddleSpec();
    const LinearizedThresholds t = MagenLinearizedThresholds(spec.eta);
    const double r = (std::max(t.clean, t.test) + t.noisy) / 2;  // the caption's r
    Rows rows(kSteps + 1, std::vector<double>(6, 0.0));
    for (int seed = 1; seed <= seeds; ++seed) {
      const Dataset data = GenerateSignalNoise(spec, seed);
      PromptAttention model(spec.d);
      Trajectory trajectory;
      GradientDescent(model, data, {kSteps, MagenScheduleSA(spec.n, spec.d)},
                      trajectory.Recorder(data));
      for (const StepRecord& step : trajectory.steps) {
        auto& row = rows[step.step];
        row[0] = step.step;
        row[1] += step.clean_attention.at("signal") / seeds;
        row[2] +=
            step.noisy_attention.count("signal") ? step.noisy_attention.at("signal") / seeds : 0;
        row[3] += step.train_accuracy / seeds;
      }
    }
    for (auto& row : rows) {
      row[4] = r;
      row[5] = seeds;
    }
    return rows;
  };
  return s;
}

}  // namespace boa::sweeps
