#include "boa/encoder_run.hpp"

#include <cmath>
#include <map>
#include <string>

#include "boa/error.hpp"
#include "boa/rng.hpp"
#include "boa/token_selection_run.hpp"
#include "boa/train.hpp"
#include "boa/transformer_encoder.hpp"

namespace boa {
namespace {

// The authors' initialisation (encoder_run.hpp), W_o = I frozen.
void InitLikeTheAuthors(TransformerEncoder& model, std::uint64_t seed) {
  const int d = model.Dimension();
  Rng rng(seed, kInit);
  auto uniform = [&](const char* block, double fan_in) {
    const double bound = 1 / std::sqrt(fan_in);
    for (double& x : model.Block(block)) x = rng.Uniform(-bound, bound);
  };
  for (double& x : model.Block("cls")) x = rng.Normal();
  for (const char* block : {"Wq", "Wk", "Wv", "W1", "b1", "w", "b"}) uniform(block, d);
  for (const char* block : {"W2", "b2"}) uniform(block, model.FfnWidth());
  model.ResetLayerNorms();
  Vector& Wo = model.Block("Wo");
  Wo.setZero();
  for (int j = 0; j < d; ++j) Wo(static_cast<Eigen::Index>(j) * d + j) = 1;
  for (ParameterBlock& block : model.Blocks()) block.trained = block.name != "Wo";
}

}  // namespace

const std::vector<Sakamoto24Setting>& EncoderSettings() {
  static const std::vector<Sakamoto24Setting> all = {
      {"balanced", 2000, 20}, {"large_noise", 5000, 5}, {"large_signal", 1000, 100}};
  return all;
}

EncoderSizes EncoderSizesAt(int paper_d, double paper_mu_norm, bool paper_sizes) {
  if (paper_sizes) return {Sakamoto24Spec(paper_d, paper_mu_norm), 2000};
  const int d = static_cast<int>(std::lround(paper_d / 10.0));
  const double mu_norm = paper_mu_norm * std::sqrt(static_cast<double>(d) / paper_d);
  return {Sakamoto24Spec(d, mu_norm), 2 * d};
}

EncoderProtocol EncoderProtocolAt(Budget budget) {
  EncoderProtocol p;
  switch (budget) {
    case Budget::kQuick:
      p.steps = 20;
      p.n_test = 200;
      break;
    case Budget::kDefault: break;
    case Budget::kFull: p.paper_sizes = true; break;
  }
  return p;
}

EncoderProtocol EncoderFigureProtocolAt(Budget budget) {
  EncoderProtocol p = EncoderProtocolAt(budget);
  if (budget == Budget::kDefault) p.steps = 300;
  return p;
}

EncoderRun RunEncoder(const EncoderSizes& sizes, const EncoderProtocol& protocol,
                      std::uint64_t seed) {
  Require(protocol.steps >= 0 && protocol.n_test >= 1 && protocol.lr > 0,
          "the encoder protocol needs steps ≥ 0, n_test ≥ 1 and lr > 0");
  const Dataset train = GenerateTokenSelection(sizes.spec, seed);
  TransformerEncoder model(sizes.spec.d, sizes.ffn_width);
  InitLikeTheAuthors(model, seed);
  std::map<std::string, double> lr;
  for (const ParameterBlock& block : model.Blocks()) lr[block.name] = protocol.lr;
  TrainOptions options;
  options.steps = protocol.steps;
  options.step_size = ConstantSchedule(lr);
  GradientDescent(model, train, options);

  EncoderRun run;
  const Evaluation fit = model.Evaluate(train, false);
  run.train_accuracy = FittedFraction(train.y, fit.f, std::vector<bool>(train.n, true));
  run.noisy_fitted = FittedFraction(train.y, fit.f, train.noisy);
  const Dataset test = GenerateTokenSelectionTest(sizes.spec, protocol.n_test, seed);
  run.test_accuracy =
      FittedFraction(test.y, model.Evaluate(test, false).f, std::vector<bool>(test.n, true));
  run.regime = ClassifyFit(run.train_accuracy, run.test_accuracy);
  return run;
}

}  // namespace boa
