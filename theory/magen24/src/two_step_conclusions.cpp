#include "boa/two_step_conclusions.hpp"

#include "boa/format.hpp"

namespace boa {
namespace {

constexpr double kMinCleanSignalAttention = 0.9, kMaxNoisySignalAttention = 0.1;
constexpr double kMaxCleanTestError = 0.05;

bool Fits(const PromptAttentionRun& run) { return run.train_accuracy == 1; }
bool CleanSelectSignal(const PromptAttentionRun& run) {
  return run.min_clean_signal_attention >= kMinCleanSignalAttention;
}
bool NoisySelectNoise(const PromptAttentionRun& run) {
  return run.max_noisy_signal_attention <= kMaxNoisySignalAttention;
}
bool Generalises(const PromptAttentionRun& run) {
  return run.test.error.rate <= kMaxCleanTestError;
}

}  // namespace

bool TwoStepConclusionsHold(const PromptAttentionRun& run) {
  return Fits(run) && CleanSelectSignal(run) && NoisySelectNoise(run) && Generalises(run);
}

std::string TwoStepConclusionsFailed(const PromptAttentionRun& run) {
  std::string why;
  if (!Fits(run)) why += "(i) train accuracy " + std::to_string(run.train_accuracy) + " < 1; ";
  if (!CleanSelectSignal(run)) {
    why += "(ii) min clean signal attention " + std::to_string(run.min_clean_signal_attention) +
           " < " + FormatNumber(kMinCleanSignalAttention) + "; ";
  }
  if (!NoisySelectNoise(run)) {
    why += "(iii) max noisy signal attention " + std::to_string(run.max_noisy_signal_attention) +
           " > " + FormatNumber(kMaxNoisySignalAttention) + "; ";
  }
  if (!Generalises(run))
    why += "(iv) clean test error " + std::to_string(run.test.error.rate) + " > " +
           FormatNumber(kMaxCleanTestError);
  return why;
}

}  // namespace boa
