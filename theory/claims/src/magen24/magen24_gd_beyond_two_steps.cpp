// magen24.gd.beyond_two_steps — [M] discussion, 'Further steps for GD': why the proof stops at two
// steps. Exploratory (the discussion says "additional iterations of GD may cause the attention
// head and softmax weights to reduce the focus on the signal token"; it asserts nothing): the
// draws of the step-size claims (the two_step_benign regime with exact flips, each instance the
// first draw inside both classes' realised windows, where two SA steps are benign), trained on by
// schedule SA — steps after the second reuse the step-2 sizes (THEORY.md §3) — for 50 steps.
// Reported at k = 2, 3, 5, 10, 20, 50: the clean samples' smallest and the noisy samples' largest
// softmax weight on the signal token, train accuracy and clean test accuracy (exact, T = 2); and
// over k = 2 … 50 how many iterates are benign (fit_regime.hpp) and the first that is not.
// The sweep magen24_beyond_two_steps draws the same quantities against k = 0 … 50.
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

constexpr int kHorizon = 50;  // boa's: the "k = 2 … 50"

}  // namespace

Claim Magen24GdBeyondTwoSteps() {
  Claim c = StepSizeClaim(
      "magen24.gd.beyond_two_steps",
      "GD (schedule SA) past two steps, k = 2 … 50: signal attention of clean and noisy samples and clean test accuracy",
      ClaimKind::kExploratory, true,
      [](const ScaledScheduleExperiment& experiment, Outcome& o) {
        const PromptAttentionTrace trace = experiment.Trace(1.0, kHorizon);
        const int last = static_cast<int>(trace.points.size()) - 1;
        o.measured["diverged"] = trace.diverged;
        o.measured["last_step"] = last;
        for (const int k : {2, 3, 5, 10, 20, 50}) {
          if (k > last) break;
          const TracePoint& point = trace.points[static_cast<std::size_t>(k)];
          const std::string at = "k" + std::to_string(k) + "_";
          o.measured[at + "min_clean_signal_attention"] = point.min_clean_signal_attention;
          o.measured[at + "max_noisy_signal_attention"] = point.max_noisy_signal_attention;
          o.measured[at + "train_accuracy"] = point.train_accuracy;
          o.measured[at + "clean_test_accuracy"] = point.clean_test_accuracy;
        }
        // Over k = 2 … 50 (a diverged run counts its missing iterates as not benign).
        int benign = 0, first_not_benign = kHorizon + 1;
        for (int k = 2; k <= kHorizon; ++k) {
          const bool is_benign =
              k <= last && BenignIterate(trace.points[static_cast<std::size_t>(k)]);
          benign += is_benign;
          if (!is_benign && first_not_benign > kHorizon) first_not_benign = k;
        }
        o.measured["benign_iterates_of_49"] = benign;
        o.measured["first_not_benign_step"] = first_not_benign;
      },
      {
          {"statement", Origin::kPaper,
           "[M] discussion, 'Further steps for GD': after one step the clean samples are "
           "classified correctly and the noisy ones not, so the noisy samples' loss dominates, "
           "and since clean and noisy samples share the signal token with opposite labels, "
           "\"additional iterations of GD may cause the attention head and softmax weights to "
           "reduce the focus on the signal token. This undesirable behavior can ultimately "
           "degrade test accuracy\" — a suspicion, measured here, not asserted"},
          prov::StepSizeSetting(),
          prov::ScheduleSA(),
          {"steps k = 2 … 50, reported at 2, 3, 5, 10, 20, 50", Origin::kConvention,
           "boa's horizon; steps after the second reuse SA's step-2 sizes (THEORY.md §3)"},
          prov::FitRegimeCutoffs(),
          prov::DivergenceCutoff(),
      });
  c.source = "[M] discussion, 'Further steps for GD'; schedule and horizon boa's (THEORY.md §4.2)";
  c.instances = 20;
  return c;
}
BOA_REGISTER_CLAIM(Magen24GdBeyondTwoSteps);

}  // namespace boa::claims

namespace boa::sweeps {

// Per step k = 0 … 50: means over the seeds' traces that reach k (WindowMiddleSpec, schedule
// SA, Gram engine), the fraction of all seeds whose iterate k is benign, and how many reach k.
Sweep Magen24BeyondTwoStepsSweep() {
  Sweep s;
  s.name = "magen24_beyond_two_steps";
  s.description =
      "[M] signal attention, fit and clean test accuracy over 50 GD steps of schedule SA "
      "(n = 40, d = 4n²)";
  s.columns = {"step",      "clean_signal_attention", "noisy_signal_attention", "clean_fit",
               "noisy_fit", "clean_test_accuracy",    "benign_fraction",        "runs",
               "seeds"};
  s.only_engine = Engine::kGram;
  s.cells = [](Budget, Engine) { return 1; };
  s.run = [columns = s.columns.size()](int, Budget budget, Engine) {
    const int seeds = budget == Budget::kQuick ? 4 : budget == Budget::kDefault ? 16 : 64;
    const SignalNoiseSpec spec = WindowMiddleSpec();
    Rows rows(claims::kHorizon + 1, std::vector<double>(columns, 0.0));
    for (int seed = 1; seed <= seeds; ++seed) {
      const GramInstance gram = SampleSignalNoiseGram(spec, 0.0, static_cast<std::uint64_t>(seed));
      const PromptAttentionTrace trace =
          TracePromptAttention(gram, spec, MagenScheduleSA(spec.n, spec.d), claims::kHorizon,
                               static_cast<std::uint64_t>(seed));
      for (const TracePoint& point : trace.points) {
        auto& row = rows[static_cast<std::size_t>(point.step)];
        row[1] += point.mean_clean_signal_attention;
        row[2] += point.mean_noisy_signal_attention;
        row[3] += point.clean_fit;
        row[4] += point.noisy_fit;
        row[5] += point.clean_test_accuracy;
        row[6] += BenignIterate(point);
        row[7] += 1;
      }
    }
    for (std::size_t k = 0; k < rows.size(); ++k) {
      auto& row = rows[k];
      const double runs = row[7];
      for (int c = 1; c <= 5; ++c) row[c] = runs > 0 ? row[c] / runs : 0;
      row[0] = static_cast<double>(k);
      row[6] /= seeds;
      row[8] = seeds;
    }
    return rows;
  };
  return s;
}

}  // namespace boa::sweeps
