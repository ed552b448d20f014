// The per-iterate trace of M1 (prompt_attention_trace.hpp) behind magen24.gd.beyond_two_steps and
// the step-size claims: its iterate k is the k-step run of RunPromptAttention, its test accuracy is
// the exact T = 2 error of that iterate, and a blow-up ends it as a measured divergence.
#include <gtest/gtest.h>

#include <cmath>

#include "boa/gram_sampling.hpp"
#include "boa/prompt_attention_run.hpp"
#include "boa/prompt_attention_trace.hpp"
#include "boa/window_middle_setting.hpp"

namespace boa {
namespace prompt_attention_trace_test {

TEST(PromptAttentionTrace, IterateKIsTheKStepRun) {
  const SignalNoiseSpec spec = WindowMiddleSpec();
  for (const std::uint64_t seed : {1u, 2u, 3u}) {
    const GramInstance gram = SampleSignalNoiseGram(spec, 0.0, seed);
    const PromptAttentionTrace trace =
        TracePromptAttention(gram, spec, MagenScheduleSA(spec.n, spec.d), 5, seed);
    ASSERT_FALSE(trace.diverged);
    ASSERT_EQ(trace.points.size(), 6u);
    for (const int k : {0, 1, 2, 5}) {
      PromptAttentionRunOptions options;
      options.schedule = MagenScheduleSA(spec.n, spec.d);
      options.steps = k;
      options.engine = EngineChoice::kGram;
      const PromptAttentionRun run = RunPromptAttention(spec, options, seed);
      const TracePoint& point = trace.points[static_cast<std::size_t>(k)];
      EXPECT_EQ(point.step, k);
      EXPECT_EQ(point.train_accuracy, run.train_accuracy) << "seed " << seed << ", k " << k;
      EXPECT_NEAR(point.min_clean_signal_attention, run.min_clean_signal_attention, 1e-12);
      EXPECT_NEAR(point.max_noisy_signal_attention, run.max_noisy_signal_attention, 1e-12);
      EXPECT_NEAR(point.clean_test_accuracy, 1 - ExactCleanTestErrorSignalNoiseT2(run.projections),
                  1e-9);
      // The clean and noisy fits average to the train accuracy.
      int noisy = 0;
      for (const bool b : trace.labels.noisy) noisy += b;
      const double n = trace.labels.n;
      EXPECT_NEAR(((n - noisy) * point.clean_fit + noisy * point.noisy_fit) / n,
                  point.train_accuracy, 1e-12);
    }
    // θ_0 = 0: uniform attention, f = 0 fits nothing and errs on every test sample.
    EXPECT_EQ(trace.points[0].mean_clean_signal_attention, 0.5);
    EXPECT_EQ(trace.points[0].train_accuracy, 0);
    EXPECT_EQ(trace.points[0].clean_test_accuracy, 0);
  }
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
