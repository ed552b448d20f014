#include "boa/prompt_attention_run.hpp"

#include <algorithm>

#include "boa/error.hpp"
#include "boa/metrics.hpp"

namespace boa {

PromptAttentionRun RunPromptAttention(const SignalNoiseSpec& spec,
                                      const PromptAttentionRunOptions& options,
                                      std::uint64_t seed) {
  Require(static_cast<bool>(options.schedule), "a prompt-attention run needs a step schedule");
  PromptAttentionRun run;
  run.data = GenerateSignalNoise(spec, seed);
  PromptAttention model(spec.d);
  model.Blocks()[0].trained = options.train_attention;  // block 0 is p
  if (options.omega > 0) InitGaussian(model, options.omega, seed);
  GradientDescent(model, run.data, {options.steps, options.schedule, options.weight_decay});
  const Evaluation e = model.Evaluate(run.data, false);
  run.p = model.Block("p");
  run.v = model.Block("v");
  run.train_accuracy = TrainAccuracy(e, run.data);
  run.signal_attention.resize(run.data.n);
  for (int i = 0; i < run.data.n; ++i) {
    for (int t = 0; t < run.data.T; ++t) {
      if (run.data.Role(i, t) == TokenRole::kSignal) run.signal_attention[i] = e.attention(i, t);
    }
    if (run.data.noisy[i]) {
      run.max_noisy_signal_attention = std::max(run.max_noisy_signal_attention, run.signal_attention[i]);
    } else {
      run.min_clean_signal_attention = std::min(run.min_clean_signal_attention, run.signal_attention[i]);
    }
  }
  run.test = ProjectedCleanTestError(run.p, run.v, spec, options.n_test, seed);
  return run;
}

}  // namespace boa
