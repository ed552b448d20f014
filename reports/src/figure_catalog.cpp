#include "boa_report/figure_catalog.hpp"

#include "boa/snr_threshold.hpp"

namespace boa::report {

Figure GrowthFunctionFigure(Budget budget);
Figure MagenAccuracyHeatmapFigure(ThresholdRoute route, Budget budget);
Figure MagenSnrThresholdFigure(Budget budget);

const std::vector<FigureBuilder>& FigureCatalog() {
  static const std::vector<FigureBuilder> all = {
      {"growth_function", GrowthFunctionFigure},
      {"magen_heatmap_sa",
       [](Budget b) { return MagenAccuracyHeatmapFigure(ThresholdRoute::kScheduleSA, b); }},
      {"magen_heatmap_maxmargin",
       [](Budget b) { return MagenAccuracyHeatmapFigure(ThresholdRoute::kMaxMargin, b); }},
      {"magen_snr_threshold", MagenSnrThresholdFigure},
  };
  return all;
}

}  // namespace boa::report
