// The step-size family of the [M] rebuttal ("with large step size the model converges in two
// steps"; "with smaller step sizes more iterations are needed"; a step that is too large does
// not converge). Schedule SA with every step size multiplied by a scale s, zero init, the regime
// of two_step_benign (THEORY.md §4.2):
//   magen24.gd.step_size                 exploratory: iterations to fit at s = 1 … 1e-4;
//   magen24.gd.step_size_two_iterations  s = 1 fits every sample at iteration 2, not before;
//   magen24.gd.step_size_monotone        iterations to fit are non-increasing as s grows to 1;
//   magen24.gd.step_size_max             a finite s_max ∈ (1, 10⁶] above which K steps fail to
//                                        fit or diverge, measured by bisection with its interval.
// Divergence is a measured outcome: a non-finite loss or gradient (NumericalFailure from the
// trainer) or a loss above kLossBlowUpFactor·log 2 ends the run and is reported as "diverged".
#include <cmath>
#include <string>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "magen24_step_size_setting.hpp"
#include "provenance_elements.hpp"

namespace boa::claims {
namespace {

// s_max: K steps at each scale, scales searched in [1, 10^kTopLog10Scale], bisection on log₁₀ s
// down to kBisectionWidth decades. Conventions fixed with the statement (THEORY.md §4.2).
constexpr int kSMaxSteps = 20;
constexpr double kTopLog10Scale = 6;
constexpr double kBisectionWidth = 0.05;

}  // namespace

Claim Magen24GdStepSize() {
  Claim c = StepSizeClaim(
      "magen24.gd.step_size",
      "Iterations of GD (schedule SA scaled by s) until every training sample is fitted, against the step-size scale s",
      ClaimKind::kExploratory, false,
      [](const ScaledScheduleExperiment& experiment, Outcome& o) {
        for (const double scale : {1.0, 1e-1, 1e-2, 1e-3, 1e-4}) {
          o.measured["iterations_to_fit_at_log10_scale_" +
                     std::to_string(std::lround(std::log10(scale)))] =
              experiment.Run(scale, kMaxSteps).first_fit;
        }
      },
      {
          prov::StepSizeStatement(),
          {"setting", Origin::kConvention,
           "boa's: the regime of magen24.gd.two_step_benign (n ∈ [20, 60], d = 1–4·n², "
           "η ∈ [0.05, 0.15], r in the margin window) with exact flips, schedule SA × s from zero, "
           "Gram engine",
           prov::kExactFlipsSetAfter},
          {"scales s ∈ {1, 1e-1, …, 1e-4}", Origin::kConvention, "boa's: one per decade"},
          prov::StepSizeHorizon(),
      });
  c.instances = 10;
  return c;
}
BOA_REGISTER_CLAIM(Magen24GdStepSize);

Claim Magen24GdStepSizeTwoIterations() {
  return StepSizeClaim(
      "magen24.gd.step_size_two_iterations",
      "At s = 1 (schedule SA) the training set is first fitted at iteration 2: not at 0 or 1",
      ClaimKind::kProbabilistic, true,
      [](const ScaledScheduleExperiment& experiment, Outcome& o) {
        const ScaledRun run = experiment.Run(1.0, kMaxSteps);
        o.measured = {{"iterations_to_fit", run.first_fit}, {"diverged", run.diverged}};
        o.holds = run.first_fit == 2 && !run.diverged;
        if (!o.holds) {
          o.explanation = run.diverged
                              ? "diverged at s = 1"
                              : "first fitted at iteration " + std::to_string(run.first_fit);
        }
      },
      {
          {"statement", Origin::kPaper,
           "[M] discussion: at the paper's step size the training set is fitted at the second "
           "iteration — 'Different Step-size' (with a smaller step size \"more than 2 iterations "
           "will be required\"), 'Further steps for GD' (after one iteration the clean samples "
           "are classified correctly, the noisy ones not)"},
          prov::StepSizeSetting(),
          prov::ScheduleSAAtUnitScale(),
          prov::StepSizeHorizon(),
          prov::WindowMargin(),
          prov::DivergenceCutoff(),
      });
}
BOA_REGISTER_CLAIM(Magen24GdStepSizeTwoIterations);

Claim Magen24GdStepSizeMonotone() {
  return StepSizeClaim(
      "magen24.gd.step_size_monotone",
      "Iterations to fit (schedule SA × s) are non-increasing as s grows over 10^{-4} … 1, and larger at 10^{-4} than at 1",
      ClaimKind::kProbabilistic, true,
      [](const ScaledScheduleExperiment& experiment, Outcome& o) {
        // s = 10^{-k/2}, k = 8 … 0: the count may only fall (or stay) as s grows.
        int previous = kMaxSteps + 2, at_smallest = 0, at_one = 0;
        for (int k = 8; k >= 0; --k) {
          const double scale = std::pow(10.0, -k / 2.0);
          const ScaledRun run = experiment.Run(scale, kMaxSteps);
          const int count = run.diverged ? kMaxSteps + 1 : run.first_fit;
          o.measured["iterations_at_log10_s_" + FormatNumber(-k / 2.0)] = count;
          if (count > previous && o.holds) {
            o.holds = false;
            o.explanation = "iterations rise from " + std::to_string(previous) + " to " +
                            std::to_string(count) + " as s grows to " + FormatNumber(scale);
          }
          previous = count;
          if (k == 8) at_smallest = count;
          if (k == 0) at_one = count;
        }
        if (o.holds && at_smallest <= at_one) {
          o.holds = false;
          o.explanation = "the count does not rise as s falls: " + std::to_string(at_smallest) +
                          " iterations at s = 1e-4, " + std::to_string(at_one) + " at s = 1";
        }
      },
      {
          prov::StepSizeStatement(),
          prov::StepSizeSetting(),
          {"non-increasing over s = 10^{−k/2}, k = 8 … 0", Origin::kConvention,
           "boa's reading of \"more than 2 iterations\" as a count monotone in s, on a "
           "half-decade grid"},
          prov::ScheduleSAAtUnitScale(),
          prov::StepSizeHorizon(),
          prov::WindowMargin(),
          prov::DivergenceCutoff(),
      });
}
BOA_REGISTER_CLAIM(Magen24GdStepSizeMonotone);

Claim Magen24GdStepSizeMax() {
  return StepSizeClaim(
      "magen24.gd.step_size_max",
      "There is a finite s_max ∈ (1, 10⁶] above which 20 steps of SA × s fail to fit or diverge; measured by bisection with its interval",
      ClaimKind::kProbabilistic, true,
      [](const ScaledScheduleExperiment& experiment, Outcome& o) {
        const auto succeeds = [&](double log10_scale) {
          const ScaledRun run = experiment.Run(std::pow(10.0, log10_scale), kSMaxSteps);
          return run.fitted_at_end && !run.diverged;
        };
        if (!succeeds(0)) {
          o.holds = false;
          o.explanation = "s = 1 does not fit within " + std::to_string(kSMaxSteps) + " steps";
          return;
        }
        if (succeeds(kTopLog10Scale)) {
          o.holds = false;
          o.explanation = "every scale up to 1e6 still fits: no s_max in range";
          o.measured = {{"log10_s_max_lo", kTopLog10Scale}};
          return;
        }
        // Success at lo, failure at hi: the interval brackets a crossing (not necessarily the
        // first, were success not monotone in s; the interval is what is reported).
        double lo = 0, hi = kTopLog10Scale;
        while (hi - lo > kBisectionWidth) {
          const double mid = (lo + hi) / 2;
          (succeeds(mid) ? lo : hi) = mid;
        }
        const ScaledRun above = experiment.Run(std::pow(10.0, hi), kSMaxSteps);
        o.measured = {{"log10_s_max_lo", lo},
                      {"log10_s_max_hi", hi},
                      {"diverged_above_s_max", above.diverged}};
      },
      {
          {"statement", Origin::kPaper,
           "[M] discussion, 'Different Step-size': \"With a larger step size, we suspect that the "
           "model will not converge\" — a conjecture of the discussion"},
          prov::StepSizeSetting(),
          prov::ScheduleSAAtUnitScale(),
          {"20 steps", Origin::kConvention, "boa's horizon for \"converges\" (THEORY.md §4.2)"},
          {"scales up to 10⁶", Origin::kConvention, "boa's range for \"a larger step size\""},
          {"bisection to 0.05 decades", Origin::kConvention, "boa's resolution of s_max"},
          prov::WindowMargin(),
          prov::DivergenceCutoff(),
      });
}
BOA_REGISTER_CLAIM(Magen24GdStepSizeMax);

}  // namespace boa::claims
