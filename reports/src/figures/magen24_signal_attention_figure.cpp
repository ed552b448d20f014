// [M] the signal token's softmax weight for clean vs noisy training samples over 10 GD steps of
// schedule SA (steps after the second reuse the step-2 sizes), from zero init. Setting: n = 40,
// d = 4n², η = 0.1, r = n·SNR² = 4.85 (the middle of the linearised window (3.125, 6.58)).
// Means over the clean and over the noisy samples, averaged over seeds 1..S.
#include <cmath>

#include "boa/linearized_thresholds.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/train.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Magen24SignalAttentionFigure(Budget budget) {
  constexpr int kSteps = 10;
  const int seeds = budget == Budget::kQuick ? 2 : 8;
  SignalNoiseSpec spec;
  spec.n = 40;
  spec.d = 4 * spec.n * spec.n;
  spec.eta = 0.1;
  const LinearizedThresholds t = MagenLinearizedThresholds(spec.eta);
  const double r = (std::max(t.clean, t.test) + t.noisy) / 2;
  spec.snr = std::sqrt(r / spec.n);
  std::vector<std::vector<double>> rows(kSteps + 1, std::vector<double>(4, 0.0));
  for (int seed = 1; seed <= seeds; ++seed) {
    const Dataset data = GenerateSignalNoise(spec, seed);
    PromptAttention model(spec.d);
    Trajectory trajectory;
    GradientDescent(model, data, {kSteps, MagenScheduleSA(spec.n, spec.d)}, trajectory.Recorder(data));
    for (const StepRecord& s : trajectory.steps) {
      rows[s.step][0] = s.step;
      rows[s.step][1] += s.clean_attention.at("signal") / seeds;
      rows[s.step][2] += s.noisy_attention.count("signal") ? s.noisy_attention.at("signal") / seeds : 0;
      rows[s.step][3] += s.train_accuracy / seeds;
    }
  }
  Figure f;
  f.name = "magen24_signal_attention";
  f.engine = "direct";
  f.title = "Softmax weight on the signal token over GD steps (schedule SA)";
  f.caption = "Measured here: M1 trained by GD with schedule SA (THEORY.md §3; steps after 2 reuse the "
              "step-2 sizes) from zero init on D1 with n = 40, d = 4n² = 6400, η = 0.1, r = n·SNR² = " +
              std::to_string(r).substr(0, 4) + " (middle of the linearised window, THEORY.md §4.2); "
              "means over clean and over noisy training samples, averaged over " +
              std::to_string(seeds) + " seeds. Paper [M]: clean samples select the signal, noisy "
              "ones their noise, after two steps.";
  f.columns = {"step", "clean_signal_attention", "noisy_signal_attention", "train_accuracy"};
  f.rows = rows;
  f.x_column = "step";
  f.x_label = "GD step";
  f.y_label = "mean softmax weight on the signal token";
  f.series = {{"clean_signal_attention", "clean samples", "linespoints"},
              {"noisy_signal_attention", "noisy samples", "linespoints"},
              {"train_accuracy", "train accuracy", "lines dt 2"}};
  return f;
}

}  // namespace boa::report
