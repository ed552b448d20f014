#include "boa/cnn_run.hpp"

#include <cmath>
#include <string>

#include "boa/cnn_gram_sampling.hpp"
#include "boa/error.hpp"
#include "boa/train.hpp"
#include "boa/two_layer_cnn.hpp"

namespace boa {
namespace {

void RequireCnnRunOptions(const CnnRunOptions& options) {
  Require(options.width >= 1, "a CNN run needs width m ≥ 1");
  Require(options.omega > 0 && std::isfinite(options.omega),
          "a CNN run needs σ₀ > 0: from zero filters every pre-activation is 0 and ReLU′(0) = 0, "
          "so gradient descent never moves");
  Require(options.lr > 0 && std::isfinite(options.lr) && options.steps >= 0,
          "a CNN run needs a finite step size > 0 and steps ≥ 0");
}

TrainOptions CnnTrainOptions(const CnnRunOptions& options) {
  return {options.steps, ConstantSchedule({{"w_plus", options.lr}, {"w_minus", options.lr}}), 0};
}

// The fraction of test samples with y_i f_i > 0 (f_i = 0 is an error).
double Accuracy(const Vector& y, const Vector& f) {
  Require(y.size() > 0, "a CNN run needs a test set");
  return static_cast<double>((y.array() * f.array() > 0).count()) / static_cast<double>(y.size());
}

// Fills the training summaries from the final training evaluation and the test accuracy.
void Summarise(const Evaluation& e, const Vector& test_y, const Vector& test_f, CnnRun& run) {
  RequireFinite(std::isfinite(e.loss), "the CNN's final training loss is non-finite");
  const SampleLabels& labels = run.labels;
  run.loss = e.loss;
  run.margins.assign(labels.n, 0.0);
  int fitted = 0, clean = 0, clean_fitted = 0, noisy = 0, noisy_fitted = 0;
  for (int i = 0; i < labels.n; ++i) {
    run.margins[i] = labels.y(i) * e.f(i);
    const bool fit = run.margins[i] > 0;
    fitted += fit;
    if (labels.noisy[i]) {
      ++noisy;
      noisy_fitted += fit;
    } else {
      ++clean;
      clean_fitted += fit;
    }
  }
  run.train_accuracy = static_cast<double>(fitted) / labels.n;
  run.clean_fitted = clean == 0 ? 1.0 : static_cast<double>(clean_fitted) / clean;
  run.noisy_fitted = noisy == 0 ? 1.0 : static_cast<double>(noisy_fitted) / noisy;
  run.test_accuracy = Accuracy(test_y, test_f);
}

CnnRun RunDirect(const SignalNoiseSpec& spec, const CnnRunOptions& options, std::uint64_t seed) {
  CnnRun run;
  run.engine = Engine::kDirect;
  run.data = GenerateSignalNoise(spec, seed);
  run.labels = LabelsOf(run.data);
  TwoLayerCnn cnn(spec.d, options.width);
  InitGaussian(cnn, options.omega, seed);
  Observer observer;
  if (options.observer) {
    observer = [&](int step, const Model&, const Evaluation& e) {
      options.observer(step, run.labels, e);
    };
  }
  GradientDescent(cnn, run.data, CnnTrainOptions(options), observer);
  const Evaluation e = cnn.Evaluate(run.data, false);
  const Dataset test = GenerateSignalNoiseTest(spec, options.n_test, seed);
  Summarise(e, test.y, cnn.Evaluate(test, false).f, run);
  return run;
}

// The Gram engine's descent: fills run's engine and labels, returns the trained span state.
CnnSpanState TrainOnGram(const CnnGramInstance& train, const CnnRunOptions& options, CnnRun& run) {
  RequireCnnRunOptions(options);
  Require(train.m == options.width,
          "the span-form training set has m = " + std::to_string(train.m) +
              " filters per bank, the options ask for " + std::to_string(options.width));
  run.engine = Engine::kGram;
  run.labels = LabelsOf(train);
  CnnSpanState state = CnnSpanStart(train);
  CnnGramObserver observer;
  if (options.observer) {
    observer = [&](int step, const CnnSpanState&, const CnnGramEvaluation& e) {
      options.observer(step, run.labels, e.evaluation);
    };
  }
  CnnGramGradientDescent(train, state, CnnTrainOptions(options), observer);
  return state;
}

}  // namespace

CnnRun RunCnn(const SignalNoiseSpec& spec, const CnnRunOptions& options, std::uint64_t seed) {
  RequireCnnRunOptions(options);  // before drawing, so that a refused run costs nothing
  Require(options.n_test >= 2, "a CNN run needs a test set of n_test ≥ 2 samples");
  Validate(spec);
  if (options.engine == Engine::kDirect) return RunDirect(spec, options, seed);
  // The test set is drawn after training, against the trained filters only (exact in
  // distribution, cnn_gram_sampling.hpp): its products with the n·T training tokens are never
  // formed.
  const CnnGramDraw draw = SampleSignalNoiseCnnGram(spec, options.width, options.omega, 0, seed);
  CnnRun run;
  const CnnSpanState state = TrainOnGram(draw.train, options, run);
  const CnnGramTestOutcome test = EvaluateFreshCnnGramTest(draw, state, options.n_test);
  Summarise(EvaluateCnnGram(draw.train, state, false).evaluation, test.y, test.evaluation.f, run);
  return run;
}

CnnRunOptions CnnRouteRunOptions(const CnnRouteSettings& settings, int n_test, Engine engine) {
  CnnRunOptions options;
  options.width = settings.width;
  options.omega = settings.omega;
  options.lr = settings.lr;
  options.steps = settings.steps;
  options.n_test = n_test;
  options.engine = engine;
  return options;
}

CnnRun RunCnnOnGram(const CnnGramInstance& train, const CnnGramTest& test,
                    const CnnRunOptions& options) {
  Require(test.T == train.T, "the test set's token count differs from the training set's");
  CnnRun run;
  const CnnSpanState state = TrainOnGram(train, options, run);
  Summarise(EvaluateCnnGram(train, state, false).evaluation, test.y,
            EvaluateCnnGramTest(test, state).f, run);
  return run;
}

}  // namespace boa
