#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure GrowthFunctionFigure(Budget budget);
Figure Sakamoto24AttentionFigure(int setting_index, Budget budget);
Figure Sakamoto24AccuracyStepsFigure(Budget budget);
Figure Sakamoto24FrakSFigure(Budget budget);
Figure Sakamoto24AccuracyHeatmapFigure(Budget budget);
Figure Sakamoto24AttentionGapFigure(Budget budget);

const std::vector<FigureBuilder>& FigureCatalog() {
  static const std::vector<FigureBuilder> all = {
      {"growth_function", GrowthFunctionFigure},
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
