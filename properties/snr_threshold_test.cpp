// snr_threshold (+ fit_regime, route_result): the benign/harmful definition at its edges, the
// clean/noisy attention summary, that no route can be better than chance without signal, and the
// structure of a located threshold (brackets ordered, r* = n·SNR*², band around r*).
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "boa/error.hpp"
#include "boa/fit_regime.hpp"
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
