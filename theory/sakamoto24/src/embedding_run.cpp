#include "boa/embedding_run.hpp"

#include <cmath>

#include "boa/embedded_token_selection.hpp"
#include "boa/error.hpp"
#include "boa/sample_labels.hpp"
#include "boa/train.hpp"

namespace boa {

EmbeddingRun RunEmbeddedTokenSelection(const TokenSelectionSpec& spec,
                                       const TokenSelectionRunOptions& options,
                                       std::uint64_t seed) {
  Require(options.lr > 0 && options.steps >= 0, "an embedding run needs lr > 0, steps ≥ 0");
  Require(options.head.size() == spec.d, "an embedding run needs a fixed head with d entries");
  Require(!options.train_W && options.engine == Engine::kDirect && !options.observer &&
              !options.attention_observer && options.record_every == 0,
          "an embedding run trains p and E (no W) on the direct engine, without observers");
  EmbeddingRun out;
  TokenSelectionRun& run = out.run;
  run.data = GenerateTokenSelection(spec, seed);
  run.labels = LabelsOf(run.data);
  EmbeddedTokenSelection model(spec.d, options.head);
  out.initial_cosine = model.SignalHeadCosine(run.data);
  GradientDescent(model, run.data,
                  {options.steps, ConstantSchedule({{"p", options.lr}, {"E", options.lr}}), 0});
  // Read-only from here: a non-const Block() would form the dense E (O(nT·d²)) for nothing.
  const EmbeddedTokenSelection& trained = model;
  const Evaluation e = trained.Evaluate(run.data, false);
  const Vector head = trained.EffectiveHead();
  SummarizeFit(run.labels, e.f, e.attention, HeadScores(run.data, head), run);
  run.query = trained.Query();
  run.test = ProjectedCleanTestError(run.query, head, spec, options.n_test, seed);
  run.test_accuracy = 1 - run.test.error.rate;
  out.final_cosine = trained.SignalHeadCosine(run.data);
  const Vector diff = run.data.mu_plus - run.data.mu_minus;
  out.head_signal = head.dot(diff) / (diff.norm() * head.norm());
  return out;
}

TokenSelectionRunOptions EmbeddingProtocol(Budget budget, bool figure) {
  TokenSelectionRunOptions options;
  options.train_W = false;
  options.lr = 5e-3;
  options.steps = figure && budget == Budget::kQuick ? 300 : 1000;
  options.n_test = 2000;
  return options;
}

}  // namespace boa
