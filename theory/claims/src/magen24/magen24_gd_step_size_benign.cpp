// The step-size claims that read the whole trajectory (prompt_attention_trace.hpp), on the setting
// of the step-size family (magen24_step_size_setting.hpp, THEORY.md §4.2):
//   magen24.gd.step_size_benign       at s = 1 the first benign iterate (THEORY.md §2.3: train
//                                     accuracy 1 and clean test accuracy ≥ 0.95) is iterate 2; at
//                                     s = 1e-2 and 1e-4 it comes later than 2 but within 200;
//   magen24.gd.step_size_oscillation  exploratory: at s = 10 … 10⁴, 50 steps, how often GD
//                                     switches between fitting only the clean and only the noisy
//                                     samples; the sweep magen24_step_size_oscillation draws
//                                     the two fits against k.
#include <cmath>
#include <string>

#include "boa/catalog.hpp"
#include "boa/fit_regime.hpp"
#include "boa/gram_sampling.hpp"
#include "boa/sweep.hpp"
#include "boa/train.hpp"
#include "boa/window_middle_setting.hpp"
#include "magen24_step_size_setting.hpp"
#include "provenance_elements.hpp"

namespace boa::claims {
namespace {

// The first iterate k ≥ 0 that is benign; kMaxSteps + 1 when none within the trace (a trace that
// diverged has no benign iterate after its end). The trace ends at the first benign iterate.
int FirstBenignIterate(const PromptAttentionTrace& trace) {
  return !trace.points.empty() && BenignIterate(trace.points.back()) ? trace.points.back().step
                                                                     : kMaxSteps + 1;
}

constexpr int kOscillationSteps = 50;

}  // namespace

Claim Magen24GdStepSizeBenign() {
  return StepSizeClaim(
      "magen24.gd.step_size_benign",
      "Benign overfitting (not only fitting) comes at iteration 2 at s = 1 and later than 2, within 200 iterations, at s = 1e-2 and 1e-4",
      ClaimKind::kProbabilistic, true,
      [](const ScaledScheduleExperiment& experiment, Outcome& o) {
        std::string why;
        for (const double scale : {1.0, 1e-2, 1e-4}) {
          const PromptAttentionTrace trace = experiment.Trace(scale, kMaxSteps, BenignIterate);
          const int first = FirstBenignIterate(trace);
          const std::string at = scale == 1.0 ? "s1" : scale == 1e-2 ? "s1e-2" : "s1e-4";
          o.measured["first_benign_iterate_" + at] = first;
          o.measured["diverged_" + at] = trace.diverged;
          if (scale == 1.0 && first != 2) {
            why += "s = 1: first benign iterate " + std::to_string(first) + ", not 2; ";
          }
          if (scale < 1.0 && (first <= 2 || first > kMaxSteps)) {
            why += "s = " + FormatNumber(scale) + ": first benign iterate " +
                   std::to_string(first) + (first > kMaxSteps ? " (none)" : "") + "; ";
          }
        }
        o.holds = why.empty();
        o.explanation = why;
      },
      {
          prov::StepSizeStatement(),
          prov::StepSizeSetting(),
          prov::ScheduleSAAtUnitScale(),
          {"scales s = 1e-2 and 1e-4", Origin::kConvention,
           "boa's: two decades apart, the smallest the one magen24.gd.step_size_monotone ends at"},
          prov::FitRegimeCutoffs(),
          prov::StepSizeHorizon(),
          prov::WindowMargin(),
          prov::DivergenceCutoff(),
      });
}
BOA_REGISTER_CLAIM(Magen24GdStepSizeBenign);

Claim Magen24GdStepSizeOscillation() {
  Claim c = StepSizeClaim(
      "magen24.gd.step_size_oscillation",
      "Large steps (SA × s, s = 10 … 10⁴, 50 steps): how often GD switches between fitting only the clean and only the noisy samples",
      ClaimKind::kExploratory, true,
      [](const ScaledScheduleExperiment& experiment, Outcome& o) {
        for (const int log10_scale : {1, 2, 3, 4}) {
          const PromptAttentionTrace trace =
              experiment.Trace(std::pow(10.0, log10_scale), kOscillationSteps, {}, false);
          const FitSides sides = CountFitSides(trace);
          const std::string at = "_log10_s" + std::to_string(log10_scale);
          o.measured["switches" + at] = sides.switches;
          o.measured["clean_only_iterates" + at] = sides.clean_only;
          o.measured["noisy_only_iterates" + at] = sides.noisy_only;
          o.measured["fitted_iterates" + at] = sides.fitted;
          o.measured["steps_before_divergence" + at] = static_cast<double>(trace.points.size()) - 1;
          o.measured["diverged" + at] = trace.diverged;
        }
      },
      {
          {"statement", Origin::kPaper,
           "[M] discussion, 'Different Step-size': \"With a larger step size, we suspect that the "
           "model will not converge, since clean and noisy samples have the same signal token, "
           "but with opposite directions, the model might alternate between fitting the noisy "
           "samples and fitting the clean samples\" — a suspicion, measured here, not asserted"},
          prov::StepSizeSetting(),
          {"scales s = 10, 10², 10³, 10⁴; 50 steps", Origin::kConvention,
           "boa's: one per decade below magen24.gd.step_size_max's measured s_max ≈ 10^3.9",
           "placed below step_size_max's measured s_max ≈ 10^3.9 (20fff8f)"},
          {"switch: between the iterates that fit only the clean and only the noisy samples",
           Origin::kConvention, "boa's reading of \"alternate between fitting\""},
          prov::DivergenceCutoff(),
      });
  c.instances = 20;
  return c;
}
BOA_REGISTER_CLAIM(Magen24GdStepSizeOscillation);

}  // namespace boa::claims

namespace boa::sweeps {

// Per step k = 0 … 50 of SA × s from zero (WindowMiddleSpec, Gram engine), for s = 10, 10³ and
// 10⁴: the clean and the noisy samples' fitted fractions, averaged over the seeds' runs that have
// not blown up by k, and how many have not.
Sweep Magen24StepSizeOscillationSweep() {
  Sweep s;
  s.name = "magen24_step_size_oscillation";
  s.description =
      "[M] clean and noisy samples' fit over 50 GD steps of SA × s, s = 10, 10³, 10⁴ (n = 40, "
      "d = 4n²)";
  s.columns = {"step",         "clean_fit_s1", "noisy_fit_s1", "clean_fit_s3",
               "noisy_fit_s3", "clean_fit_s4", "noisy_fit_s4", "runs_s1",
               "runs_s3",      "runs_s4",      "seeds"};
  s.only_engine = Engine::kGram;
  s.cells = [](Budget, Engine) { return 1; };
  s.run = [columns = s.columns.size()](int, Budget budget, Engine) {
    const int seeds = budget == Budget::kQuick ? 4 : budget == Budget::kDefault ? 16 : 64;
    const SignalNoiseSpec spec = WindowMiddleSpec();
    const StepSchedule sa = MagenScheduleSA(spec.n, spec.d);
    Rows rows(claims::kOscillationSteps + 1, std::vector<double>(columns, 0.0));
    const int log10_scales[] = {1, 3, 4};
    for (int seed = 1; seed <= seeds; ++seed) {
      const GramInstance gram = SampleSignalNoiseGram(spec, 0.0, static_cast<std::uint64_t>(seed));
      for (int j = 0; j < 3; ++j) {
        const double scale = std::pow(10.0, log10_scales[j]);
        const PromptAttentionTrace trace = TracePromptAttention(
            gram, spec, [&](int step, const std::string& block) { return scale * sa(step, block); },
            claims::kOscillationSteps, static_cast<std::uint64_t>(seed), {}, false);
        for (const TracePoint& point : trace.points) {
          auto& row = rows[static_cast<std::size_t>(point.step)];
          row[static_cast<std::size_t>(1 + 2 * j)] += point.clean_fit;
          row[static_cast<std::size_t>(2 + 2 * j)] += point.noisy_fit;
          row[static_cast<std::size_t>(7 + j)] += 1;
        }
      }
    }
    for (std::size_t k = 0; k < rows.size(); ++k) {
      auto& row = rows[k];
      row[0] = static_cast<double>(k);
      for (int j = 0; j < 3; ++j) {
        const double runs = row[static_cast<std::size_t>(7 + j)];
        for (int c = 1 + 2 * j; c <= 2 + 2 * j; ++c) {
          row[static_cast<std::size_t>(c)] = runs > 0 ? row[static_cast<std::size_t>(c)] / runs : 0;
        }
      }
      row[10] = seeds;
    }
    return rows;
  };
  return s;
}

}  // namespace boa::sweeps
