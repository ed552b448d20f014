#include "boa_report/figure_catalog.hpp"

#include "boa/snr_threshold.hpp"

namespace boa::report {

Figure GrowthFunctionFigure(Budget budget);
Figure Magen24SignalAttentionFigure(Budget budget);
Figure Magen24DiagonalDominanceFigure(Budget budget);
Figure Magen24GaussianInitFigure(Budget budget);
Figure Magen24TwoStepCalibrationFigure(Budget budget);
Figure Magen24DimensionFigure(Budget budget);
Figure MagenAccuracyHeatmapFigure(ThresholdRoute route, Budget budget);
Figure MagenSnrThresholdFigure(Budget budget);

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
      {"magen_snr_threshold", MagenSnrThresholdFigure},
  };
  return all;
}

}  // namespace boa::report
