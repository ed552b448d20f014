#include "boa_report/figure_catalog.hpp"

#include "boa/snr_threshold.hpp"

namespace boa::report {

Figure GrowthFunctionFigure(Budget budget);
Figure Magen24SignalAttentionFigure(Budget budget);
Figure Magen24DiagonalDominanceFigure(Budget budget);
Figure Magen24GaussianInitFigure(Budget budget);
Figure Magen24TwoStepCalibrationFigure(Budget budget);
Figure Magen24DimensionFigure(Budget budget);
// fixed_d > 0: that d at every n, on the Gram engine; 0: d = max(16, n²) on --engine's choice.
Figure MagenAccuracyHeatmapFigure(ThresholdRoute route, Budget budget, int fixed_d = 0);
Figure MagenSnrThresholdFigure(Budget budget);
Figure Sakamoto24AttentionFigure(int setting_index, Budget budget);
Figure Sakamoto24AccuracyStepsFigure(Budget budget);
Figure Sakamoto24FrakSFigure(Budget budget);
Figure Sakamoto24AccuracyHeatmapFigure(Budget budget);
Figure Sakamoto24AttentionGapFigure(Budget budget);

const std::vector<FigureBuilder>& FigureCatalog() {
  static const std::vector<FigureBuilder> all = {
      {"growth_function", GrowthFunctionFigure},
      {"magen24_signal_attention", Magen24SignalAttentionFigure},
      {"magen24_diagonal_dominance", Magen24DiagonalDominanceFigure},
      {"magen24_gaussian_init", Magen24GaussianInitFigure},
      {"magen24_two_step_calibration", Magen24TwoStepCalibrationFigure},
      {"magen24_dimension", Magen24DimensionFigure},
      {"magen_heatmap_sa",
       [](Budget b) { return MagenAccuracyHeatmapFigure(ThresholdRoute::kScheduleSA, b); }},
      {"magen_heatmap_maxmargin",
       [](Budget b) { return MagenAccuracyHeatmapFigure(ThresholdRoute::kMaxMargin, b); }},
      {"magen_heatmap_sa_d1000000",
       [](Budget b) { return MagenAccuracyHeatmapFigure(ThresholdRoute::kScheduleSA, b, 1000000); }},
      {"magen_heatmap_maxmargin_d1000000",
       [](Budget b) { return MagenAccuracyHeatmapFigure(ThresholdRoute::kMaxMargin, b, 1000000); }},
      {"magen_snr_threshold", MagenSnrThresholdFigure},
      {"sakamoto24_attention_balanced", [](Budget b) { return Sakamoto24AttentionFigure(0, b); }},
      {"sakamoto24_attention_large_noise", [](Budget b) { return Sakamoto24AttentionFigure(1, b); }},
      {"sakamoto24_attention_large_signal", [](Budget b) { return Sakamoto24AttentionFigure(2, b); }},
      {"sakamoto24_accuracy_steps", Sakamoto24AccuracyStepsFigure},
      {"sakamoto24_frak_s", Sakamoto24FrakSFigure},
      {"sakamoto24_accuracy_heatmap", Sakamoto24AccuracyHeatmapFigure},
      {"sakamoto24_attention_gap", Sakamoto24AttentionGapFigure},
  };
  return all;
}

}  // namespace boa::report
