// The one registration list of sweeps, each defined in its own file next to its experiment:
// theory/magen24/src, theory/sakamoto24/src, and here (those that run claims). Every figure of
// the report plots the sweep of its name.
#include <string>
#include <vector>

#include "boa/error.hpp"
#include "boa/snr_threshold.hpp"
#include "boa/suggest.hpp"
#include "boa/sweep_catalog.hpp"

namespace boa {
namespace sweeps {
Sweep GrowthFunctionSweep();
Sweep Magen24SignalAttentionSweep();
Sweep Magen24BeyondTwoStepsSweep();
Sweep Magen24StepSizeOscillationSweep();
Sweep Magen24DimensionN500Sweep();
Sweep Magen24DiagonalDominanceSweep();
Sweep Magen24GaussianInitSweep();
Sweep Magen24TwoStepCalibrationSweep();
Sweep Magen24DimensionSweep();
Sweep Magen24SoftmaxBoundSweep();
Sweep MagenHeatmapSweep(ThresholdRoute route, int fixed_d);
Sweep MagenSnrThresholdSweep();
Sweep Sakamoto24AttentionSweep(int setting_index);
Sweep Sakamoto24AccuracyStepsSweep();
Sweep Sakamoto24FrakSSweep();
Sweep Sakamoto24AccuracyHeatmapSweep();
Sweep Sakamoto24AttentionGapSweep();
Sweep Sakamoto24HeadOnlySweep();
Sweep FlakeAuditSweep();
Sweep Magen24BenignOnsetSweep();
Sweep MagenSnrThresholdDimensionSweep();
Sweep MagenSnrThresholdNormalisedSweep();
Sweep Magen24MultiTokenSpreadSweep();
Sweep Sakamoto24FrakSMapMuSweep();
Sweep Sakamoto24FrakSMapDSweep();
Sweep Sakamoto24DigitsSweep();
Sweep Sakamoto24RandomHeadSweep();
Sweep Magen24DepthSweep();
Sweep Sakamoto24EncoderHeatmapSweep();
Sweep Sakamoto24KClassesSweep();
}  // namespace sweeps

const std::vector<Sweep>& SweepCatalog() {
  static const std::vector<Sweep> all = {
      sweeps::GrowthFunctionSweep(),
      sweeps::Magen24SignalAttentionSweep(),
      sweeps::Magen24BeyondTwoStepsSweep(),
      sweeps::Magen24StepSizeOscillationSweep(),
      sweeps::Magen24DimensionN500Sweep(),
      sweeps::Magen24DiagonalDominanceSweep(),
      sweeps::Magen24GaussianInitSweep(),
      sweeps::Magen24TwoStepCalibrationSweep(),
      sweeps::Magen24DimensionSweep(),
      sweeps::MagenHeatmapSweep(ThresholdRoute::kScheduleSA, 0),
      sweeps::MagenHeatmapSweep(ThresholdRoute::kMaxMargin, 0),
      sweeps::MagenHeatmapSweep(ThresholdRoute::kCnn, 0),
      sweeps::MagenHeatmapSweep(ThresholdRoute::kScheduleSA, 1000000),
      sweeps::MagenHeatmapSweep(ThresholdRoute::kMaxMargin, 1000000),
      sweeps::MagenSnrThresholdSweep(),
      sweeps::Sakamoto24AttentionSweep(0),
      sweeps::Sakamoto24AttentionSweep(1),
      sweeps::Sakamoto24AttentionSweep(2),
      sweeps::Sakamoto24AccuracyStepsSweep(),
      sweeps::Sakamoto24FrakSSweep(),
      sweeps::Sakamoto24AccuracyHeatmapSweep(),
      sweeps::Sakamoto24AttentionGapSweep(),
      sweeps::Magen24SoftmaxBoundSweep(),
      sweeps::Sakamoto24HeadOnlySweep(),
      sweeps::FlakeAuditSweep(),
      sweeps::Magen24BenignOnsetSweep(),
      sweeps::MagenSnrThresholdDimensionSweep(),
      sweeps::MagenSnrThresholdNormalisedSweep(),
      sweeps::Magen24MultiTokenSpreadSweep(),
      sweeps::Sakamoto24FrakSMapMuSweep(),
      sweeps::Sakamoto24FrakSMapDSweep(),
      sweeps::Sakamoto24DigitsSweep(),
      sweeps::Sakamoto24RandomHeadSweep(),
      sweeps::Magen24DepthSweep(),
      sweeps::Sakamoto24EncoderHeatmapSweep(),
      sweeps::Sakamoto24KClassesSweep(),
  };
  return all;
}

const Sweep& FindSweep(const std::string& name) {
  std::string known;
  std::vector<std::string> names;
  for (const Sweep& s : SweepCatalog()) {
    if (s.name == name) return s;
    known += (known.empty() ? "" : ", ") + s.name;
    names.push_back(s.name);
  }
  throw InvalidInput("unknown sweep '" + name + "'" + DidYouMean(name, names) +
                     " (known: " + known + ")");
}

}  // namespace boa
