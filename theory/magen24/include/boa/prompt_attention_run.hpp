#pragma once
// One [M] experiment: draw D1 (signal-noise) data, train M1 (prompt attention) by gradient
// descent from zero or Gaussian initialisation, and measure what the Magen et al. claims talk
// about — training fit, the softmax weight on the signal token of clean and of noisy training
// samples, and the clean test error (projected, so d never costs test-time memory).
//
// Both engines run it (engine.hpp): the default, EngineChoice::kAuto, takes the Gram engine;
// claims pass the engine of their run (Claim::check). Callers that need the ambient training set or
// parameters (PromptAttentionRun::data, p, v) ask for kDirect.
#include <cstdint>
#include <string>
#include <vector>

#include "boa/dataset.hpp"
#include "boa/engine.hpp"
#include "boa/projected_test_error.hpp"
#include "boa/sample_labels.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/train.hpp"

namespace boa {

struct PromptAttentionRunOptions {
  StepSchedule schedule;  // e.g. MagenScheduleSA(n, d)
  int steps = 2;
  double omega = 0;  // Gaussian init scale; 0 = zero init
  double weight_decay = 0;
  int n_test = 4000;  // projected test samples
  EngineChoice engine = EngineChoice::kAuto;
  bool train_attention = true;  // false: p stays at its initial value (zero init: uniform
                                // attention, i.e. a linear classifier on averaged tokens)
};

struct PromptAttentionRun {
  Engine engine = Engine::kDirect;  // the engine that ran
  SampleLabels labels;              // labels, flips and token roles of the training set
  // Direct engine only (empty for kGram): the training set and the final ambient parameters.
  Dataset data;
  Vector p, v;
  TestProjections projections;  // sufficient statistics of the final (p, v) at test time
  double train_accuracy = 0;    // fraction with y_i f_i > 0
  std::vector<double> margins;  // per training sample, y_i f_i
  std::vector<double>
      signal_attention;  // per training sample, final softmax weight on its signal token
  double min_clean_signal_attention = 1;  // over clean training samples (1 if none)
  double max_noisy_signal_attention = 0;  // over noisy training samples (0 if none)
  ProjectedTestResult test;  // clean test error and mean signal attention on fresh data
};

PromptAttentionRun RunPromptAttention(const SignalNoiseSpec& spec,
                                      const PromptAttentionRunOptions& options, std::uint64_t seed);

}  // namespace boa
