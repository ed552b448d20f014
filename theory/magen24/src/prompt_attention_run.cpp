#include "boa/prompt_attention_run.hpp"

#include <algorithm>
#include <cmath>

#include "boa/error.hpp"
#include "boa/gram_descent.hpp"
#include "boa/gram_sampling.hpp"
#include "boa/metrics.hpp"

namespace boa {
namespace {

// Fills the fit and attention summaries from the final outputs, attention and signal positions.
void Summarise(PromptAttentionRun& run, const Vector& f, const RowMatrix& attention) {
  const SampleLabels& labels = run.labels;
  const int n = static_cast<int>(f.size()), T = static_cast<int>(attention.cols());
  int correct = 0;
  run.signal_attention.assign(n, 0.0);
  run.margins.assign(n, 0.0);
  for (int i = 0; i < n; ++i) {
    run.margins[i] = labels.y(i) * f(i);
    correct += run.margins[i] > 0;
    for (int t = 0; t < T; ++t) {
      if (labels.Role(i, t) == TokenRole::kSignal) {
        run.signal_attention[i] = attention(i, t);
      }
    }
    if (labels.noisy[i]) {
      run.max_noisy_signal_attention =
          std::max(run.max_noisy_signal_attention, run.signal_attention[i]);
    } else {
      run.min_clean_signal_attention =
          std::min(run.min_clean_signal_attention, run.signal_attention[i]);
    }
  }
  run.train_accuracy = static_cast<double>(correct) / n;
}

}  // namespace

PromptAttentionRun RunPromptAttention(const SignalNoiseSpec& spec,
                                      const PromptAttentionRunOptions& options,
                                      std::uint64_t seed) {
  Require(static_cast<bool>(options.schedule), "a prompt-attention run needs a step schedule");
  const TrainOptions train{options.steps, options.schedule, options.weight_decay};
  PromptAttentionRun run;
  run.engine = ResolveEngine(options.engine);
  if (run.engine == Engine::kGram) {
    const GramInstance gram = SampleSignalNoiseGram(spec, options.omega, seed);
    GramModel model = GramPromptAttention(gram);
    model.train_query = options.train_attention;
    GramGradientDescent(gram, model, train);
    const GramEvaluation e = EvaluateGram(gram, model);
    run.labels = LabelsOf(gram);
    Summarise(run, e.attention.f, e.attention.attention);
    run.projections = ProjectionsOf(model.query, model.head, gram);
  } else {
    run.data = GenerateSignalNoise(spec, seed);
    PromptAttention model(spec.d);
    model.Blocks()[0].trained = options.train_attention;  // block 0 is p
    if (options.omega > 0) InitGaussian(model, options.omega, seed);
    GradientDescent(model, run.data, train);
    const Evaluation e = model.Evaluate(run.data, false);
    run.p = model.Block("p");
    run.v = model.Block("v");
    run.labels = LabelsOf(run.data);
    Summarise(run, e.f, e.attention);
    run.projections = ProjectionsOf(run.p, run.v, spec);
  }
  run.test = ProjectedCleanTestError(run.projections, spec, options.n_test, seed);
  return run;
}

}  // namespace boa
