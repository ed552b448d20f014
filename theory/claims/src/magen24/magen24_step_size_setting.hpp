#pragma once
// The setting shared by the [M] claims that train M1 past two steps of GD: schedule SA with every
// step size multiplied by a scale s, from zero init, on the regime of two_step_benign with exact
// flips (THEORY.md §4.2 `magen24.gd.step_size`): the step-size family
// (magen24_gd_step_size.cpp, magen24_gd_step_size_benign.cpp) and magen24.gd.beyond_two_steps.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "boa/claim.hpp"
#include "boa/dataset.hpp"
#include "boa/fit_regime.hpp"
#include "boa/gram_instance.hpp"
#include "boa/prompt_attention_trace.hpp"
#include "boa/sample_labels.hpp"
#include "boa/signal_noise_data.hpp"

namespace boa::claims {

inline constexpr int kMaxSteps = 200;  // the iteration-count claims' horizon; 201 = not reached

struct ScaledRun {
  int first_fit = kMaxSteps + 1;  // first iteration with train accuracy 1 (0 = before any step)
  bool fitted_at_end = false;
  bool diverged = false;
};

// One training set, trained from zero under SA × s for any number of scales (Gram or direct).
class ScaledScheduleExperiment {
 public:
  ScaledScheduleExperiment(const SignalNoiseSpec& spec, std::uint64_t seed, Engine engine);

  const SampleLabels& Labels() const { return labels_; }
  // The fit of θ_1 … θ_steps; a blow-up (kLossBlowUpFactor) or non-finite number ends it as
  // diverged.
  ScaledRun Run(double scale, int steps) const;
  // Every iterate θ_0 … θ_steps measured (prompt_attention_trace.hpp); the direct engine's draw
  // runs in its exact Gram form (GramFromDataset).
  PromptAttentionTrace Trace(double scale, int steps,
                             const std::function<bool(const TracePoint&)>& stop = {},
                             bool with_test_accuracy = true) const;

 private:
  SignalNoiseSpec spec_;
  std::uint64_t seed_;
  std::optional<GramInstance> gram_;
  std::optional<Dataset> data_;
  SampleLabels labels_;
};

// The hypothesis of the asserted step-size claims: both classes' realised windows contain r_c
// (where two SA steps are benign, magen24.gd.two_step_benign_realised_window), and at least one
// sample is noisy (without one, step 1 alone may fit everything: THEORY.md §4.2 step1_fit).
bool StepSizeHypothesis(const SampleLabels& labels, const SignalNoiseSpec& spec, double margin);

// Fills an outcome from one draw's experiment (the hypothesis is already set).
using StepSizeJudge = std::function<void(const ScaledScheduleExperiment&, Outcome&)>;

// The shared skeleton: the two-step regime, its margin, Gram form. conditioned: each instance is
// the first seeded draw inside StepSizeHypothesis (DrawUntil), and draws outside it are
// rejected; otherwise every draw is an instance. Probabilistic claims use the theorem-conclusion
// rates.
Claim StepSizeClaim(std::string id, std::string title, ClaimKind kind, bool conditioned,
                    StepSizeJudge judge, std::vector<Element> elements);

}  // namespace boa::claims
