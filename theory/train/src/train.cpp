#include "boa/train.hpp"

#include <cmath>

#include "boa/error.hpp"
#include "boa/metrics.hpp"
#include "boa/rng.hpp"

namespace boa {

StepSchedule ConstantSchedule(std::map<std::string, double> step_sizes) {
  return [sizes = std::move(step_sizes)](int, const std::string& block) {
    const auto it = sizes.find(block);
    return it == sizes.end() ? 0.0 : it->second;
  };
}

StepSchedule MagenScheduleSA(int n, int d) {
  const double ratio = static_cast<double>(n) / d;
  const double beta1 = 1e-3 * ratio;
  const double B = beta1 * d / (4.0 * n);
  return [=](int step, const std::string& block) {
    if (block == "v") return step == 1 ? beta1 : 8 * ratio;
    if (block == "p") return step == 1 ? 0.0 : 80 * ratio / B;
    return 0.0;
  };
}

StepSchedule MagenScheduleSB(int n, int d, double c) {
  const double beta = c * static_cast<double>(n) / d;
  return [=](int, const std::string& block) { return block == "p" || block == "v" ? beta : 0.0; };
}

void GradientDescent(Model& model, const Dataset& data, const TrainOptions& options,
                     const Observer& observer) {
  Require(options.steps >= 0, "the number of steps must be non-negative");
  Require(static_cast<bool>(options.step_size), "gradient descent needs a step-size schedule");
  for (int step = 1; step <= options.steps; ++step) {
    model.DescentStep(
        data, step, options.step_size, options.weight_decay, [&](const Evaluation& e) {
          RequireFinite(std::isfinite(e.loss),
                        "the loss became non-finite at step " + std::to_string(step - 1));
          if (observer) observer(step - 1, model, e);
        });
  }
  if (observer) {
    const Evaluation last = model.Evaluate(data, false);
    RequireFinite(std::isfinite(last.loss), "the loss became non-finite after the last step");
    observer(options.steps, model, last);
  }
}

void InitGaussian(Model& model, double omega, std::uint64_t seed) {
  Require(std::isfinite(omega) && omega >= 0, "omega must be finite and non-negative");
  Rng rng(seed, kInit);
  for (auto& block : model.Blocks()) {
    if (!block.trained) continue;
    for (double& x : block.value) x = omega * rng.Normal();
  }
}

void InitTokenSelectionW(TokenSelection& model, std::uint64_t seed) {
  Rng rng(seed, kInitW);
  const double bound = 1.0 / std::sqrt(static_cast<double>(model.Dimension()));
  Vector& W = model.Block("W");
  W.resize(static_cast<Eigen::Index>(model.Dimension()) * model.Dimension());
  rng.FillUniform(-bound, bound, {W.data(), static_cast<std::size_t>(W.size())});
}

Observer Trajectory::Recorder(const Dataset& data) {
  return [this, &data](int step, const Model&, const Evaluation& e) {
    std::vector<bool> clean(data.n);
    for (int i = 0; i < data.n; ++i) clean[i] = !data.noisy[i];
    StepRecord r;
    r.step = step;
    r.loss = e.loss;
    r.train_accuracy = TrainAccuracy(e, data);
    r.clean_attention = MeanAttentionByRole(e.attention, data, clean);
    r.noisy_attention = MeanAttentionByRole(e.attention, data, data.noisy);
    steps.push_back(std::move(r));
  };
}

}  // namespace boa
