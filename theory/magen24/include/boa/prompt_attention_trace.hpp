#pragma once
// M1 (prompt attention) trained by gradient descent on D1 in Gram form, with every iterate
// θ_0 … θ_K measured: training fit of the clean and of the noisy samples, their softmax weight on
// the signal token, and the clean test accuracy (THEORY.md §2.3: exact for T = 2, projected on
// kTraceTestSamples fresh samples otherwise). The [M] experiments that look past two steps of GD
// read it (magen24.gd.beyond_two_steps, magen24.gd.step_size_*).
//
// Divergence is a measured outcome, not an error: a non-finite loss or gradient (the trainer's
// NumericalFailure) or a loss above kLossBlowUpFactor·log 2 — that factor times the zero-init
// loss — ends the trace, which then holds the iterates before it and `diverged`.
#include <cstdint>
#include <functional>
#include <vector>

#include "boa/gram_instance.hpp"
#include "boa/sample_labels.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/train.hpp"

namespace boa {

// A loss this many times log 2 (the zero-init loss) is a blow-up: GD has left the region it
// started in (convention, THEORY.md §4.2 `magen24.gd.step_size`).
inline constexpr double kLossBlowUpFactor = 100;
// Projected test samples per iterate when T > 2 (THEORY.md §2.3: 500 per recorded step).
inline constexpr int kTraceTestSamples = 500;

struct TracePoint {
  int step = 0;
  double loss = 0;
  double train_accuracy = 0;
  double clean_fit = 1;  // fraction of clean training samples with y_i f_i > 0 (1 if none)
  double noisy_fit = 1;  // the same over the noisy samples (1 if none)
  double mean_clean_signal_attention = 0;  // over clean training samples (0 if none)
  double mean_noisy_signal_attention = 0;  // over noisy training samples (0 if none)
  double min_clean_signal_attention = 1;
  double max_noisy_signal_attention = 0;
  double clean_test_accuracy = 0;  // 0 when the trace skips it (with_test_accuracy false)
};

struct PromptAttentionTrace {
  SampleLabels labels;
  std::vector<TracePoint> points;  // θ_0 … θ_K, or up to the last iterate before a blow-up
  bool diverged = false;
};

// Trains M1 from the instance's initial vectors (zero when it has none) for `steps` steps of
// `schedule`. `test_seed` seeds the projected test draws (T > 2 only). `stop`, when given, ends
// the trace after the first iterate for which it returns true (that iterate is kept).
// with_test_accuracy false skips the test error (clean_test_accuracy stays 0) for callers that
// read only the fit and the attention.
// An iterate's train and clean test accuracy are benign (fit_regime.hpp: train accuracy 1, clean
// test accuracy ≥ kBenignCleanTestAccuracy).
bool BenignIterate(const TracePoint& point);

// Which side an iterate fits: only the clean samples (+1), only the noisy ones (−1), or both or
// neither (0).
int FittedSide(const TracePoint& point);

// Over the iterates θ_1 … of a trace (θ_0 left out): how many fit only the clean samples, only the
// noisy ones, all of them, and how often GD switches between the two one-sided states (iterates
// that fit both or neither are skipped: clean-only, both, noisy-only is one switch).
struct FitSides {
  int clean_only = 0;
  int noisy_only = 0;
  int fitted = 0;  // train accuracy 1
  int switches = 0;
};
FitSides CountFitSides(const PromptAttentionTrace& trace);

PromptAttentionTrace TracePromptAttention(const GramInstance& gram, const SignalNoiseSpec& spec,
                                          const StepSchedule& schedule, int steps,
                                          std::uint64_t test_seed,
                                          const std::function<bool(const TracePoint&)>& stop = {},
                                          bool with_test_accuracy = true);

}  // namespace boa
