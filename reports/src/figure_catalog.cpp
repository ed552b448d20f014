#include "boa_report/figure_catalog.hpp"

#include "boa/sweep_catalog.hpp"

namespace boa::report {

double SweepRun::At(std::size_t row, const std::string& column) const {
  return rows.at(row).at(ColumnIndex(*sweep, column));
}

Rows SweepRun::Select(const std::vector<std::string>& columns) const {
  std::vector<std::size_t> at;
  for (const auto& c : columns) at.push_back(ColumnIndex(*sweep, c));
  Rows out;
  for (const auto& row : rows) {
    std::vector<double> picked;
    for (const std::size_t k : at) picked.push_back(row.at(k));
    out.push_back(std::move(picked));
  }
  return out;
}

Figure PlotFigure(const FigureBuilder& builder, Budget budget, Engine asked,
                  const SweepPart& every_cell) {
  SweepRun run;
  run.sweep = &FindSweep(builder.name);
  run.budget = budget;
  run.engine = SweepEngine(*run.sweep, asked);
  const int cells = run.sweep->cells(budget, run.engine);
  RequireEveryCell(every_cell, cells, "figure " + builder.name);
  run.rows = Flatten(every_cell);
  return builder.plot(run);
}

Figure GrowthFunctionFigure(const SweepRun& run);
Figure Magen24SignalAttentionFigure(const SweepRun& run);
Figure Magen24BeyondTwoStepsFigure(const SweepRun& run);
Figure Magen24StepSizeOscillationFigure(const SweepRun& run);
Figure Magen24DimensionN500Figure(const SweepRun& run);
Figure Magen24DiagonalDominanceFigure(const SweepRun& run);
Figure Magen24GaussianInitFigure(const SweepRun& run);
Figure Magen24TwoStepCalibrationFigure(const SweepRun& run);
Figure Magen24DimensionFigure(const SweepRun& run);
Figure MagenAccuracyHeatmapFigure(const SweepRun& run);
Figure MagenSnrThresholdFigure(const SweepRun& run);
Figure Sakamoto24AttentionFigure(const SweepRun& run);
Figure Sakamoto24AccuracyStepsFigure(const SweepRun& run);
Figure Sakamoto24FrakSFigure(const SweepRun& run);
Figure Sakamoto24AccuracyHeatmapFigure(const SweepRun& run);
Figure Sakamoto24AttentionGapFigure(const SweepRun& run);
Figure Magen24SoftmaxBoundFigure(const SweepRun& run);
Figure Magen24BenignOnsetFigure(const SweepRun& run);
Figure MagenSnrThresholdDimensionFigure(const SweepRun& run);
Figure MagenSnrThresholdNormalisedFigure(const SweepRun& run);
Figure Magen24MultiTokenSpreadFigure(const SweepRun& run);
Figure Sakamoto24HeadOnlyFigure(const SweepRun& run);
Figure Sakamoto24FrakSMapFigure(const SweepRun& run);
Figure Sakamoto24DigitsFigure(const SweepRun& run);
Figure Sakamoto24RandomHeadFigure(const SweepRun& run);
Figure Magen24DepthFigure(const SweepRun& run);
Figure Sakamoto24EncoderHeatmapFigure(const SweepRun& run);
Figure Sakamoto24KClassesFigure(const SweepRun& run);

const std::vector<FigureBuilder>& FigureCatalog() {
  static const std::vector<FigureBuilder> all = {
      {"growth_function", GrowthFunctionFigure},
      {"magen24_signal_attention", Magen24SignalAttentionFigure},
      {"magen24_beyond_two_steps", Magen24BeyondTwoStepsFigure},
      {"magen24_step_size_oscillation", Magen24StepSizeOscillationFigure},
      {"magen24_dimension_n500", Magen24DimensionN500Figure},
      {"magen24_diagonal_dominance", Magen24DiagonalDominanceFigure},
      {"magen24_gaussian_init", Magen24GaussianInitFigure},
      {"magen24_two_step_calibration", Magen24TwoStepCalibrationFigure},
      {"magen24_dimension", Magen24DimensionFigure},
      {"magen_heatmap_sa", MagenAccuracyHeatmapFigure},
      {"magen_heatmap_maxmargin", MagenAccuracyHeatmapFigure},
      {"magen_heatmap_cnn", MagenAccuracyHeatmapFigure},
      {"magen_heatmap_sa_d1000000", MagenAccuracyHeatmapFigure},
      {"magen_heatmap_maxmargin_d1000000", MagenAccuracyHeatmapFigure},
      {"magen_snr_threshold", MagenSnrThresholdFigure},
      {"sakamoto24_attention_balanced", Sakamoto24AttentionFigure},
      {"sakamoto24_attention_large_noise", Sakamoto24AttentionFigure},
      {"sakamoto24_attention_large_signal", Sakamoto24AttentionFigure},
      {"sakamoto24_accuracy_steps", Sakamoto24AccuracyStepsFigure},
      {"sakamoto24_frak_s", Sakamoto24FrakSFigure},
      {"sakamoto24_accuracy_heatmap", Sakamoto24AccuracyHeatmapFigure},
      {"sakamoto24_attention_gap", Sakamoto24AttentionGapFigure},
      {"magen24_softmax_bound", Magen24SoftmaxBoundFigure},
      {"magen24_benign_onset", Magen24BenignOnsetFigure},
      {"magen_snr_threshold_dimension", MagenSnrThresholdDimensionFigure},
      {"magen_snr_threshold_normalised", MagenSnrThresholdNormalisedFigure},
      {"magen24_multi_token_spread", Magen24MultiTokenSpreadFigure},
      {"sakamoto24_head_only", Sakamoto24HeadOnlyFigure},
      {"sakamoto24_frak_s_map_mu", Sakamoto24FrakSMapFigure},
      {"sakamoto24_frak_s_map_d", Sakamoto24FrakSMapFigure},
      {"sakamoto24_digits", Sakamoto24DigitsFigure},
      {"sakamoto24_random_head", Sakamoto24RandomHeadFigure},
      {"magen24_depth", Magen24DepthFigure},
      {"sakamoto24_encoder_heatmap", Sakamoto24EncoderHeatmapFigure},
      {"sakamoto24_k_classes", Sakamoto24KClassesFigure},
  };
  return all;
}

}  // namespace boa::report
