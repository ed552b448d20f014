#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure GrowthFunctionFigure(Budget budget);
Figure Magen24SignalAttentionFigure(Budget budget);
Figure Magen24DiagonalDominanceFigure(Budget budget);
Figure Magen24GaussianInitFigure(Budget budget);
Figure Magen24TwoStepCalibrationFigure(Budget budget);
Figure Magen24DimensionFigure(Budget budget);

const std::vector<FigureBuilder>& FigureCatalog() {
  static const std::vector<FigureBuilder> all = {
      {"growth_function", GrowthFunctionFigure},
      {"magen24_signal_attention", Magen24SignalAttentionFigure},
      {"magen24_diagonal_dominance", Magen24DiagonalDominanceFigure},
      {"magen24_gaussian_init", Magen24GaussianInitFigure},
      {"magen24_two_step_calibration", Magen24TwoStepCalibrationFigure},
      {"magen24_dimension", Magen24DimensionFigure},
  };
  return all;
}

}  // namespace boa::report
