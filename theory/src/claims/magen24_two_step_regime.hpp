#pragma once
// The regime and the four conclusions of magen24.gd.two_step_benign, shared with
// magen24.gd.gaussian_init (which asks whether they survive a Gaussian initialisation).
//
// Regime: n, d = d_factor·n² (d ≥ n²), η ∈ [0.05, 0.15], and r = n·SNR² at relative position
// window_position ∈ [0, 1] inside the linearised benign window [max(r_C, r_T)(1 + margin),
// r_N(1 − margin)] (boa/linearized_thresholds.hpp).
//
// The window is per class (magen24_class_linearization.hpp): the nominal window says little
// about one draw — at margin 0.3, 40–50% of the draws failed, nearly all with one class
// attending its noise because its realised flip fraction η_c was far from η. The conclusions
// are therefore claimed for draws whose two realised windows (r_c, η_c) contain r_c with the
// margin; the fraction of draws that qualify is measured and reported.
#include <cstdint>
#include <string>

#include "boa/claim.hpp"
#include "boa/prompt_attention_run.hpp"

namespace boa::claims {

// Calibrated on 2000 draws per margin (seeds 1000..2999, whole regime; replay:
// ./boa check magen24.gd.two_step_benign --params margin=M --instances 2000 --seed 1000
// [--engine direct]), direct engine / Gram engine (the default since issue 6):
//   margin 0.10: 38 / 32 failures, 30.1% / 29.6% of draws in the realised window
//   margin 0.15: 16 / 13 failures, 23.4% / 22.7% in window
//   margin 0.20:  4 /  7 failures, 16.0% / 16.8% in window (1.3% / 2.1% of those failed)
// So margin 0.2, and δ = 0.02 on the failure rate over all draws (measured 0.2% / 0.35%).
inline constexpr double kTwoStepWindowMargin = 0.2;
inline constexpr double kTwoStepFailureRate = 0.02;

Regime TwoStepRegime();
// The D1 spec of a regime point; needs the parameter "margin" as well.
SignalNoiseSpec TwoStepSpec(const Params& params);

struct TwoStepConclusions {
  bool in_window = false;  // both classes' realised (r_c, η_c) inside the margin window
  bool holds = false;      // (i)–(iv)
  std::string explanation;  // which of (i)–(iv) failed, with the numbers
  PromptAttentionRun run;
};
// Trains two steps of schedule SA from N(0, ω²I) (ω = 0: zero init) and checks (i)–(iv).
TwoStepConclusions CheckTwoStepConclusions(const SignalNoiseSpec& spec, double margin,
                                           double omega, std::uint64_t seed,
                                           EngineChoice engine = EngineChoice::kAuto);

}  // namespace boa::claims
