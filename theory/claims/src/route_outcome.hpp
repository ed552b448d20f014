#pragma once
// The measured block shared by the magen24 extension claims (exploratory: reported, never
// asserted; a throw or a non-finite number still fails the instance in the runner).
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>

#include "boa/claim.hpp"
#include "boa/fit_regime.hpp"
#include "boa/format.hpp"
#include "boa/metrics.hpp"
#include "boa/model.hpp"
#include "boa/route_result.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/train.hpp"

namespace boa::claims {

inline Outcome ReportRoute(const RouteResult& r) {
  Outcome o;
  o.measured = {{"train_accuracy", r.train_accuracy},
                {"clean_test_accuracy", r.clean_test_accuracy},
                {"clean_signal_attention", r.clean_signal_attention},
                {"noisy_signal_attention", r.noisy_signal_attention}};
  return o;
}

// The asserted extensions (magen24_extension_benign.cpp, THEORY.md §4.2): the run is benign
// (fit_regime.hpp) and selects as the discussion says — most of the clean samples' attention on
// their signal token (mean ≥ kMostAttention), and the noisy samples' clearly lower (mean ≤
// kLowerAttentionRatio × the clean mean). Both cut-offs are boa's conventions.
inline constexpr double kMostAttention = 0.5;
inline constexpr double kLowerAttentionRatio = 0.5;
// The cut-offs as parameters, so that a finding's scans can move them (issue 48); the plain form
// below is §2.3's benign cut-off with kMostAttention and kLowerAttentionRatio.
inline Outcome JudgeBenignSelection(const RouteResult& r, double benign_cutoff, double most,
                                    double lower_ratio) {
  Outcome o = ReportRoute(r);
  std::string why;
  if (!(r.train_accuracy == 1 && r.clean_test_accuracy >= benign_cutoff)) {
    why += "not benign (train accuracy " + FormatNumber(r.train_accuracy) +
           ", clean test accuracy " + FormatNumber(r.clean_test_accuracy) + "); ";
  }
  if (r.clean_signal_attention < most) {
    why += "clean signal attention " + FormatNumber(r.clean_signal_attention) + " < " +
           FormatNumber(most) + "; ";
  }
  if (r.noisy_signal_attention > lower_ratio * r.clean_signal_attention) {
    why += "noisy signal attention " + FormatNumber(r.noisy_signal_attention) + " > " +
           FormatNumber(lower_ratio) + " × the clean " + FormatNumber(r.clean_signal_attention) +
           "; ";
  }
  o.holds = why.empty();
  o.explanation = why;
  return o;
}

inline Outcome JudgeBenignSelection(const RouteResult& r) {
  return JudgeBenignSelection(r, kBenignCleanTestAccuracy, kMostAttention, kLowerAttentionRatio);
}

// The extensions' common D1 setting: n = 20, η = 0.1 (exact flips), r = n·SNR² = 4.5, inside the
// SA benign window (r_T = 3.125, r_N = 6.58 at η = 0.1) and above the max-margin boundary 2.22.
inline SignalNoiseSpec ExtensionSpec(int d, int T = 2) {
  SignalNoiseSpec spec;
  spec.n = 20;
  spec.d = d;
  spec.T = T;
  spec.eta = 0.1;
  spec.snr = std::sqrt(4.5 / spec.n);
  spec.flips = FlipRule::kExact;
  return spec;
}

// M3's step sizes (magen24.extension.self_attention): β_v = 4n/d (SB) and β_W = β_v/‖μ‖², which
// moves the class queries Wμ_c at the rate SB moves p in M1.
inline StepSchedule SelfAttentionSchedule(const Dataset& data) {
  const double beta_v = 4.0 * data.n / data.d;
  return ConstantSchedule({{"v", beta_v}, {"W", beta_v / data.mu_plus.squaredNorm()}});
}

// Trains `model` by `steps` GD steps (the schedule may read the draw, e.g. its ‖μ‖) on a D1 draw
// of `spec`, and summarises it; the clean test error is a direct Monte Carlo estimate on 2000
// fresh samples (a sample-dependent query has no projected estimate).
inline RouteResult TrainAndSummarize(Model& model, const SignalNoiseSpec& spec, int steps,
                                     const std::function<StepSchedule(const Dataset&)>& schedule,
                                     std::uint64_t seed) {
  const Dataset data = GenerateSignalNoise(spec, seed);
  GradientDescent(model, data, {steps, schedule(data)});
  const Evaluation e = model.Evaluate(data, false);
  const ErrorEstimate test = CleanTestError(model, GenerateSignalNoiseTest(spec, 2000, seed));
  return SummarizeRoute(LabelsOf(data), SignalAttention(LabelsOf(data), e.attention),
                        TrainAccuracy(e, data), 1 - test.rate);
}

}  // namespace boa::claims
