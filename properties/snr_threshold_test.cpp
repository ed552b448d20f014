// snr_threshold (+ fit_regime, route_result): the benign/harmful definition at its edges, the
// clean/noisy attention summary, that no route can be better than chance without signal, and the
// structure of a located threshold (brackets ordered, r* = n·SNR*², band around r*).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "boa/error.hpp"
#include "boa/fit_regime.hpp"
#include "boa/gram_sampling.hpp"
#include "boa/prompt_attention_run.hpp"
#include "boa/route_result.hpp"
#include "boa/snr_threshold.hpp"

namespace boa {
namespace snr_threshold_test {

TEST(FitRegime, FollowsTheDefinitionAtItsEdges) {
  EXPECT_EQ(ClassifyFit(1.0, 0.95), FitRegime::kBenign);
  EXPECT_EQ(ClassifyFit(0.95, 0.99), FitRegime::kNeither);  // not overfitting: train < 1
  EXPECT_EQ(ClassifyFit(1.0, 0.75), FitRegime::kHarmful);
  EXPECT_EQ(ClassifyFit(1.0, 0.80), FitRegime::kNeither);
}

TEST(RouteResult, AveragesSignalAttentionSeparatelyOverCleanAndNoisySamples) {
  Dataset data;
  data.n = 3;
  data.noisy = {false, true, false};
  const RouteResult r = SummarizeRoute(LabelsOf(data), {0.9, 0.2, 0.7}, 1.0, 0.9);
  EXPECT_DOUBLE_EQ(r.clean_signal_attention, 0.8);
  EXPECT_DOUBLE_EQ(r.noisy_signal_attention, 0.2);
}

// Without signal (SNR = 0) the clean label is independent of everything the model sees: clean
// test accuracy is ½ up to sampling error (4000 samples: sd 0.008, so ≤ 0.75 with huge margin).
TEST(SnrThreshold, EveryRouteIsHarmfulWithoutSignal) {
  for (const ThresholdRoute route : {ThresholdRoute::kScheduleSA, ThresholdRoute::kScheduleSB,
                                     ThresholdRoute::kMaxMargin, ThresholdRoute::kCnn}) {
    const RouteResult r = RunThresholdRoute(route, 12, 144, 0.1, 0.0, 4000, 3);
    EXPECT_EQ(ClassifyFit(r.train_accuracy, r.clean_test_accuracy), FitRegime::kHarmful)
        << ToString(route) << ": clean test accuracy " << r.clean_test_accuracy;
  }
}

// Max-margin on the attention grid, the CNN on its own (whose top is r = 16).
TEST(SnrThreshold, LocatedThresholdIsConsistent) {
  for (const ThresholdRoute route : {ThresholdRoute::kMaxMargin, ThresholdRoute::kCnn}) {
    SCOPED_TRACE(ToString(route));
    SnrThresholdOptions options;
    options.route = route;
    options.n = 12;
    options.seeds = 6;
    const SnrThreshold t = LocateSnrThreshold(options);
    ASSERT_TRUE(t.found) << t.why_not;
    EXPECT_LE(t.r_harmful_end, t.r_benign_onset * (1 + options.resolution));
    EXPECT_LT(t.r_threshold, 16);
    EXPECT_NEAR(t.snr_threshold * t.snr_threshold * options.n, t.r_threshold, 1e-12);
    // With monotone fractions the confident band lies around r* (0: no confident point).
    if (t.r_surely_harmful > 0) {
      EXPECT_LE(t.r_surely_harmful, t.r_threshold * (1 + options.resolution));
    }
    if (t.r_surely_benign > 0) {
      EXPECT_GE(t.r_surely_benign, t.r_threshold / (1 + options.resolution));
    }
    EXPECT_GT(t.evaluations, 0);
  }
}

// The located value, not only its structure. At d ≫ n² the noise is nearly orthogonal, where the
// max-margin selection switches per true class c, from all-noise to signal for the clean samples
// of c, at SNR² = 1/|C_c| (max_margin_selection.hpp; |C_c| the clean samples of class c), so a
// seed is benign from r = n/min_c |C_c| on (below, one class is still on its noise tokens and
// near chance). A majority of 5 seeds is benign from the median of those seed thresholds on: the
// located benign onset is that median up to the tolerance (10%, fixed before the first run: the
// locator's 3% resolution plus the noise's departure from orthogonality at d = 10⁶,
// |ξᵢᵀξⱼ|/‖ξ‖² ~ 10⁻³). A constant-factor error in the locator, the route or r = n·SNR² fails it.
// (With balanced clean classes, |C_c| = (1 − η)n/2, that is the figure's reference 2/(1 − η).)
TEST(SnrThreshold, MaxMarginBenignOnsetAtLargeDimensionIsTheMedianSeedsClassBoundary) {
  SnrThresholdOptions options;
  options.route = ThresholdRoute::kMaxMargin;
  options.n = 20;
  options.d = 1000000;
  options.seeds = 5;
  options.engine = EngineChoice::kGram;
  const SnrThreshold t = LocateSnrThreshold(options);
  ASSERT_TRUE(t.found) << t.why_not;
  std::vector<double> seed_thresholds;
  for (int k = 0; k < options.seeds; ++k) {
    SignalNoiseSpec spec;
    spec.n = options.n;
    spec.d = options.d;
    spec.eta = options.eta;
    spec.snr = 0.3;
    spec.flips = FlipRule::kExact;
    const SampleLabels labels =
        LabelsOf(SampleSignalNoiseGram(spec, 0.0, options.seed_base + static_cast<std::uint64_t>(k)));
    int clean_plus = 0, clean_minus = 0;
    for (int i = 0; i < labels.n; ++i) {
      if (labels.noisy[static_cast<std::size_t>(i)]) continue;
      (labels.y_true(i) > 0 ? clean_plus : clean_minus) += 1;
    }
    seed_thresholds.push_back(static_cast<double>(options.n) / std::min(clean_plus, clean_minus));
  }
  std::sort(seed_thresholds.begin(), seed_thresholds.end());
  const double median = seed_thresholds[2];
  EXPECT_NEAR(t.r_benign_onset / median, 1, 0.10)
      << "benign onset " << t.r_benign_onset << ", seed thresholds " << seed_thresholds[0] << " … "
      << seed_thresholds[4];
  EXPECT_GE(t.r_harmful_end, seed_thresholds[0] * 0.9);
}

// Normalised noise with the standard step sizes (the third column of the figure
// magen_snr_threshold_normalised): with every token scaled by c = 1/√d, f(cX; θ) = f(X; cθ), so GD
// with step β on the scaled data is GD with step β·c² = β/d on the standard data, (p, v)·c. The
// route's accuracies and attention equal the standard route's under schedule SA / d on the same
// draw.
TEST(SnrThreshold, NormalisedNoiseWithStandardStepsIsTheStandardRunWithStepsOverD) {
  const int n = 12, d = 144;
  const double eta = 0.1;
  for (const double snr : {0.3, 1.0}) {
    for (const std::uint64_t seed : {1u, 2u}) {
      const RouteResult fixed = RunThresholdRoute(ThresholdRoute::kScheduleSA, n, d, eta, snr, 500,
                                                  seed, EngineChoice::kDirect,
                                                  NoiseScale::kNormalisedFixedSteps);
      SignalNoiseSpec spec;
      spec.n = n;
      spec.d = d;
      spec.eta = eta;
      spec.snr = snr;
      spec.flips = FlipRule::kExact;
      PromptAttentionRunOptions options;
      const StepSchedule sa = MagenScheduleSA(n, d);
      options.schedule = [&](int step, const std::string& block) { return sa(step, block) / d; };
      options.steps = 2;
      options.n_test = 500;
      options.engine = EngineChoice::kDirect;
      const PromptAttentionRun run = RunPromptAttention(spec, options, seed);
      SCOPED_TRACE("snr " + std::to_string(snr) + ", seed " + std::to_string(seed));
      EXPECT_EQ(fixed.train_accuracy, run.train_accuracy);
      EXPECT_EQ(fixed.clean_test_accuracy, 1 - run.test.error.rate);
      const RouteResult standard = SummarizeRoute(run.labels, run.signal_attention,
                                                  run.train_accuracy, 1 - run.test.error.rate);
      EXPECT_NEAR(fixed.clean_signal_attention, standard.clean_signal_attention, 1e-12);
      EXPECT_NEAR(fixed.noisy_signal_attention, standard.noisy_signal_attention, 1e-12);
    }
  }
}

// The CNN route refuses what it does not read: a noise scale (it sets its own, CnnRouteSettings);
// and antipodal data is the CNN route's only.
TEST(SnrThreshold, CnnRouteRefusesOtherRoutesOptions) {
  EXPECT_THROW(RunThresholdRoute(ThresholdRoute::kCnn, 12, 144, 0.1, 0.5, 100, 3,
                                 EngineChoice::kAuto, NoiseScale::kNormalised),
               InvalidInput);
  SnrThresholdOptions options;
  options.route = ThresholdRoute::kScheduleSA;
  options.antipodal = true;
  EXPECT_THROW(LocateSnrThreshold(options), InvalidInput);
}

}  // namespace snr_threshold_test
}  // namespace boa
