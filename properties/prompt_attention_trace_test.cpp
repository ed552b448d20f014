// The per-iterate trace of M1 (prompt_attention_trace.hpp) behind magen24.gd.beyond_two_steps and
// the step-size claims: its iterate k is the k-step run of RunPromptAttention, its test accuracy is
// the exact T = 2 error of that iterate, and a blow-up ends it as a measured divergence.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "boa/fit_regime.hpp"
#include "boa/gram_sampling.hpp"
#include "boa/prompt_attention_run.hpp"
#include "boa/prompt_attention_trace.hpp"
#include "boa/window_middle_setting.hpp"

namespace boa {
namespace prompt_attention_trace_test {

// The per-group numbers of a k-step run, from its per-sample margins and signal attention: what a
// trace point must report for that iterate.
TracePoint GroupsOf(const PromptAttentionRun& run) {
  TracePoint groups;
  int clean = 0, noisy = 0;
  double clean_fit = 0, noisy_fit = 0, clean_attention = 0, noisy_attention = 0;
  for (int i = 0; i < run.labels.n; ++i) {
    const double fitted = run.margins[static_cast<std::size_t>(i)] > 0;
    const double attention = run.signal_attention[static_cast<std::size_t>(i)];
    if (run.labels.noisy[static_cast<std::size_t>(i)]) {
      ++noisy, noisy_fit += fitted, noisy_attention += attention;
    } else {
      ++clean, clean_fit += fitted, clean_attention += attention;
    }
  }
  groups.clean_fit = clean_fit / clean;
  groups.noisy_fit = noisy_fit / noisy;
  groups.mean_clean_signal_attention = clean_attention / clean;
  groups.mean_noisy_signal_attention = noisy_attention / noisy;
  return groups;
}

// Iterate k of a trace under SA × s is the k-step run of RunPromptAttention under the same
// schedule: its accuracies, each group's fit and mean signal attention (what the figures
// magen24_beyond_two_steps and magen24_step_size_oscillation plot), the extremes and the exact
// test accuracy. s = 100 is the oscillation claim's scale range (it may end the trace early).
TEST(PromptAttentionTrace, IterateKIsTheKStepRun) {
  const SignalNoiseSpec spec = WindowMiddleSpec();
  for (const double scale : {1.0, 100.0}) {
    const StepSchedule sa = MagenScheduleSA(spec.n, spec.d);
    const StepSchedule schedule = [&](int step, const std::string& block) {
      return scale * sa(step, block);
    };
    for (const std::uint64_t seed : {1u, 2u, 3u}) {
      const GramInstance gram = SampleSignalNoiseGram(spec, 0.0, seed);
      const PromptAttentionTrace trace = TracePromptAttention(gram, spec, schedule, 5, seed);
      if (scale == 1) {
        ASSERT_FALSE(trace.diverged);
        ASSERT_EQ(trace.points.size(), 6u);
      }
      ASSERT_GE(trace.points.size(), 3u) << "too few iterates to compare at s = " << scale;
      for (const int k : {0, 1, 2, 5}) {
        if (k >= static_cast<int>(trace.points.size())) break;
        PromptAttentionRunOptions options;
        options.schedule = schedule;
        options.steps = k;
        options.engine = EngineChoice::kGram;
        const PromptAttentionRun run = RunPromptAttention(spec, options, seed);
        const TracePoint& point = trace.points[static_cast<std::size_t>(k)];
        const TracePoint groups = GroupsOf(run);
        SCOPED_TRACE("scale " + std::to_string(scale) + ", seed " + std::to_string(seed) +
                     ", k " + std::to_string(k));
        EXPECT_EQ(point.step, k);
        EXPECT_EQ(point.train_accuracy, run.train_accuracy);
        EXPECT_EQ(point.clean_fit, groups.clean_fit);
        EXPECT_EQ(point.noisy_fit, groups.noisy_fit);
        EXPECT_NEAR(point.mean_clean_signal_attention, groups.mean_clean_signal_attention, 1e-12);
        EXPECT_NEAR(point.mean_noisy_signal_attention, groups.mean_noisy_signal_attention, 1e-12);
        EXPECT_NEAR(point.min_clean_signal_attention, run.min_clean_signal_attention, 1e-12);
        EXPECT_NEAR(point.max_noisy_signal_attention, run.max_noisy_signal_attention, 1e-12);
        EXPECT_NEAR(point.clean_test_accuracy,
                    1 - ExactCleanTestErrorSignalNoiseT2(run.projections), 1e-9);
      }
      // θ_0 = 0: uniform attention, f = 0 fits nothing and errs on every test sample.
      EXPECT_EQ(trace.points[0].mean_clean_signal_attention, 0.5);
      EXPECT_EQ(trace.points[0].train_accuracy, 0);
      EXPECT_EQ(trace.points[0].clean_test_accuracy, 0);
    }
  }
}

// The benign predicate at its edges (fit_regime.hpp's cut-offs): train accuracy exactly 1 and
// clean test accuracy at least kBenignCleanTestAccuracy.
TEST(PromptAttentionTrace, BenignIterateIsAFullFitThatGeneralises) {
  TracePoint point;
  point.train_accuracy = 1;
  point.clean_test_accuracy = kBenignCleanTestAccuracy;
  EXPECT_TRUE(BenignIterate(point));
  point.clean_test_accuracy = std::nextafter(kBenignCleanTestAccuracy, 0.0);
  EXPECT_FALSE(BenignIterate(point));
  point.clean_test_accuracy = 1;
  point.train_accuracy = 0.99;
  EXPECT_FALSE(BenignIterate(point));
}

// The oscillation claim's counts on a hand-made trace of (clean fit, noisy fit) per iterate:
// θ_0 is left out; clean-only, both, noisy-only, neither, noisy-only, clean-only is two switches.
TEST(PromptAttentionTrace, CountFitSidesSkipsIteratesFittingBothOrNeither) {
  PromptAttentionTrace trace;
  const double fits[][2] = {{0, 1}, {1, 0.5}, {1, 1}, {0.5, 1}, {0.5, 0.5}, {0.9, 1}, {1, 0}};
  for (int k = 0; k < 7; ++k) {
    TracePoint point;
    point.step = k;
    point.clean_fit = fits[k][0];
    point.noisy_fit = fits[k][1];
    point.train_accuracy = fits[k][0] == 1 && fits[k][1] == 1 ? 1 : 0.5;
    trace.points.push_back(point);
  }
  const FitSides sides = CountFitSides(trace);
  EXPECT_EQ(sides.clean_only, 2);
  EXPECT_EQ(sides.noisy_only, 2);
  EXPECT_EQ(sides.fitted, 1);
  EXPECT_EQ(sides.switches, 2);
}

TEST(PromptAttentionTrace, StopEndsTheTraceAtTheFirstIterateItAccepts) {
  const SignalNoiseSpec spec = WindowMiddleSpec();
  const GramInstance gram = SampleSignalNoiseGram(spec, 0.0, 1);
  const PromptAttentionTrace trace =
      TracePromptAttention(gram, spec, MagenScheduleSA(spec.n, spec.d), 10, 1,
                           [](const TracePoint& point) { return point.step == 2; });
  EXPECT_FALSE(trace.diverged);
  ASSERT_EQ(trace.points.size(), 3u);
  EXPECT_EQ(trace.points.back().step, 2);
}

TEST(PromptAttentionTrace, ABlowUpEndsTheTraceAsDiverged) {
  const SignalNoiseSpec spec = WindowMiddleSpec();
  const GramInstance gram = SampleSignalNoiseGram(spec, 0.0, 1);
  const StepSchedule sa = MagenScheduleSA(spec.n, spec.d);
  const PromptAttentionTrace trace = TracePromptAttention(
      gram, spec, [&](int step, const std::string& block) { return 1e6 * sa(step, block); }, 20, 1);
  EXPECT_TRUE(trace.diverged);
  EXPECT_LT(trace.points.size(), 21u);
  for (const TracePoint& point : trace.points) {
    EXPECT_LE(point.loss, kLossBlowUpFactor * std::log(2.0));
    EXPECT_TRUE(std::isfinite(point.clean_test_accuracy));
  }
}

}  // namespace prompt_attention_trace_test
}  // namespace boa
