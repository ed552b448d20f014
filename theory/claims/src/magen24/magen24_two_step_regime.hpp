#pragma once
// The regime and the four conclusions of magen24.gd.two_step_benign, shared with
// magen24.gd.gaussian_init (which asks whether they survive a Gaussian initialisation) and the
// magen24_two_step_calibration sweep. The conclusions themselves are the library predicate
// boa/two_step_conclusions.hpp; this adds the run, the realised window and the regime.
//
// Regime: n, d = d_factor·n² (d ≥ n²), η ∈ [0.05, 0.15], and r = n·SNR² at relative position
// window_position ∈ [0, 1] inside the linearised benign window [max(r_C, r_T)(1 + margin),
// r_N(1 − margin)] (boa/linearized_thresholds.hpp).
//
// The hypothesis of magen24.gd.two_step_benign is this parameter window (THEORY.md §4.2): every
// draw of the regime is an instance. The linearisation also holds per class
// (linearized_thresholds.hpp RealisedClassLinearization) with the realised flip fraction η_c of
// each class in place of η; magen24.gd.two_step_benign_realised_window is the separate derived
// claim whose hypothesis is that both classes' realised (r_c, η_c) lie inside the margin window.
#include <cstdint>
#include <string>

#include "boa/claim.hpp"
#include "boa/prompt_attention_run.hpp"
#include "boa/sample_labels.hpp"

namespace boa::claims {

// The relative margin of the window: a convention of THEORY.md §4.2 ("r inside the window with
// a relative margin stated beforehand"), 20% on each side. It predates the re-encoding of issue
// 14 (an earlier version of the claim chose it from measured failure rates — disclosed here);
// it is kept unchanged so that no constant is tuned against the new form's outcome.
inline constexpr double kTwoStepWindowMargin = 0.2;

Regime TwoStepRegime();
// The limit path of the two-step findings: the theorem is for d ≫ n², n → ∞; the path doubles n
// ∈ {20, 40, 80, 160} with the regime's own d condition (d = d_factor·n², d_factor drawn).
LimitPath TwoStepSizePath();
// The scan of the window margin (`element` names it in the claim): 0 … 0.25, the widest the
// regime's η ≤ 0.15 leaves a window for (0.3 leaves none).
ConstantScan WindowMarginScan(const std::string& element);
// Both classes' realised (r_c, η_c) inside their margin window
// [max(r_C, r_T)(η_c)(1 + margin), r_N(η_c)(1 − margin)].
bool RealisedInWindow(const SampleLabels& labels, double snr, double margin);
// The D1 spec of a regime point; needs the parameter "margin" as well.
SignalNoiseSpec TwoStepSpec(const Params& params);

// How many seeded data draws an instance of a realised-window claim may take to meet its window
// (about 1 in 6 does, so all 40 miss with probability ≈ 1e-3).
inline constexpr int kWindowAttempts = 40;

// A sample of the conditional law given a condition on the drawn data (rejection sampling, aimed
// at the hypothesis so that the runner's health check is not spent on it): draw(seed), then
// draw(seed + j·2⁴⁰) for j = 1, 2, … — seeds disjoint from every other instance's — until
// accept(draw) or kWindowAttempts draws. Returns the last draw and the number of draws.
template <class Draw, class Accept>
auto DrawUntil(std::uint64_t seed, const Draw& draw, const Accept& accept) {
  auto result = draw(seed);
  int attempts = 1;
  for (; !accept(result) && attempts < kWindowAttempts; ++attempts) {
    result = draw(seed + (static_cast<std::uint64_t>(attempts) << 40));
  }
  return std::pair{std::move(result), attempts};
}

// The outcome of one draw for the two-step claims: conclusions (i)–(iv) after schedule SA from
// zero init, with their measurements. realised_window: the instance is the first of up to
// kWindowAttempts seeded data draws whose two classes' realised windows contain their r_c
// (two_step_benign_realised_window; a sample of the conditional law, measured
// "window_attempts"; rejected when none does); otherwise every draw of the parameter window is
// one (two_step_benign).
Outcome TwoStepOutcome(const Params& params, std::uint64_t seed, Engine engine,
                       bool realised_window);

struct TwoStepConclusions {
  bool in_window = false;   // both classes' realised (r_c, η_c) inside the margin window
  bool holds = false;       // (i)–(iv)
  std::string explanation;  // which of (i)–(iv) failed, with the numbers
  PromptAttentionRun run;
};
// Trains two steps of schedule SA from N(0, ω²I) (ω = 0: zero init) and checks (i)–(iv).
TwoStepConclusions CheckTwoStepConclusions(const SignalNoiseSpec& spec, double margin, double omega,
                                           std::uint64_t seed, Engine engine);

}  // namespace boa::claims
