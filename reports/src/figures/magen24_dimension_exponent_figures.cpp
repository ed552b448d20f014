// The figures of the [M] dimension, normalisation and multi-token-spread claims (THEORY.md §5),
// one builder each, from the sweeps of magen24_dimension_exponent_sweeps.cpp (the claims'
// instance with seed 1) and of magen24_extension_multi_token_spread.cpp.
// A threshold or onset the sweep did not locate is stored as 0 and drawn as a gap (NaN).
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "boa/linearized_thresholds.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {
namespace {

double GapIfZero(double value) {
  return value > 0 ? value : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

Figure Magen24BenignOnsetFigure(const SweepRun& run) {
  Figure f;
  f.name = "magen24_benign_onset";
  f.engine = ToString(run.engine);
  f.title = "Smallest d at which two GD steps (SA) are benign, against n";
  f.caption =
      "Measured here (benign_onset.hpp): per seed, the smallest d (bisected in log d to 25%) from "
      "which two SA steps are benign, at r = n·SNR² = 4.85 (the middle of the linearised window) "
      "and η = 0.1; the geometric mean over the seeds benign at d = 16n², with the quartiles. "
      "References through the first mean: the lemma's d ∝ n² and the derived signed-sum scale "
      "d ∝ n·z_n² (THEORY.md, not asserted).";
  f.columns = {"n", "d_onset", "d_onset_q1", "d_onset_q3", "lemma_n2", "signed_sum_law"};
  const double first = GapIfZero(run.At(0, "d_onset"));
  const double lemma0 = run.At(0, "lemma_n2"), law0 = run.At(0, "signed_sum_law");
  for (std::size_t k = 0; k < run.rows.size(); ++k) {
    f.rows.push_back({run.At(k, "n"), GapIfZero(run.At(k, "d_onset")),
                      GapIfZero(run.At(k, "d_onset_q1")), GapIfZero(run.At(k, "d_onset_q3")),
                      first * run.At(k, "lemma_n2") / lemma0,
                      first * run.At(k, "signed_sum_law") / law0});
  }
  f.x_column = "n";
  f.x_label = "n";
  f.y_label = "benign onset d";
  f.log_x = f.log_y = true;
  f.series = {{"d_onset", "geometric-mean onset (measured)", "linespoints pt 7"},
              {"d_onset_q1", "lower quartile", "points pt 2"},
              {"d_onset_q3", "upper quartile", "points pt 2"},
              {"lemma_n2", "d ∝ n² (lemma)", "lines dt 2 lc rgb 'black'"},
              {"signed_sum_law", "d ∝ n·z_n² (signed-sum law, derived)", "lines dt 3"}};
  return f;
}

Figure MagenSnrThresholdDimensionFigure(const SweepRun& run) {
  constexpr double kEta = 0.1;
  const int n = static_cast<int>(run.At(0, "n"));
  Figure f;
  f.name = "magen_snr_threshold_dimension";
  f.engine = ToString(run.engine);
  f.title = "Harmful→benign SNR threshold against d at n = " + std::to_string(n);
  f.caption =
      "Measured here (snr_threshold.hpp: majority over " +
      std::to_string(static_cast<int>(run.At(0, "seeds"))) +
      " seeds, η = 0.1, d = n²·4^k, the same seeds for every route). [M] predicts no "
      "d-dependence for attention (max-margin, two SA steps); Kou et al.'s two-layer ReLU CNN "
      "(boa's CNN route, cnn_run.hpp: m = 10, GD time 5000 in units of the data) is predicted to "
      "fall as d^(−1/4), drawn through its first point. The derived max-margin boundary "
      "√(2/((1−η)n)) is drawn for comparison. A gap is a threshold not located.";
  f.columns = {"d", "snr_threshold_maxmargin", "snr_threshold_sa", "snr_threshold_cnn",
               "maxmargin_boundary", "kou_d_quarter"};
  const double first = GapIfZero(run.At(0, "snr_threshold_cnn")), d0 = run.At(0, "d");
  for (std::size_t k = 0; k < run.rows.size(); ++k) {
    const double d = run.At(k, "d");
    f.rows.push_back({d, GapIfZero(run.At(k, "snr_threshold_maxmargin")),
                      GapIfZero(run.At(k, "snr_threshold_sa")),
                      GapIfZero(run.At(k, "snr_threshold_cnn")),
                      std::sqrt(MaxMarginSnrSquaredThreshold(n, kEta)),
                      first * std::pow(d / d0, -0.25)});
  }
  f.x_column = "d";
  f.x_label = "d";
  f.y_label = "SNR threshold";
  f.log_x = f.log_y = true;
  f.key = "bottom left";
  f.series = {{"snr_threshold_maxmargin", "max-margin (measured)", "linespoints pt 7"},
              {"snr_threshold_sa", "two SA steps (measured)", "linespoints pt 5"},
              {"snr_threshold_cnn", "two-layer ReLU CNN (measured)", "linespoints pt 9"},
              {"maxmargin_boundary", "√(2/((1−η)n)) (derived)", "lines dt 2 lc rgb 'black'"},
              {"kou_d_quarter", "∝ d^(−1/4) (Kou et al., through the CNN's first point)",
               "lines dt 3"}};
  return f;
}

Figure MagenSnrThresholdNormalisedFigure(const SweepRun& run) {
  Figure f;
  f.name = "magen_snr_threshold_normalised";
  f.engine = ToString(run.engine);
  f.title = "SA threshold r* = n·SNR*²: standard against normalised noise";
  f.caption =
      "Measured here (snr_threshold.hpp, schedule SA, η = 0.1, d = n², the same seeds in every "
      "form): standard noise N(0, I); normalised noise N(0, I/d) with ‖μ‖ keeping r and the step "
      "sizes times d (the data scale); normalised noise with the standard step sizes. The first "
      "two coincide by the rescaling identity (magen24.snr.threshold_normalised). A gap is a "
      "threshold not located.";
  f.columns = {"n", "r_threshold_standard", "r_threshold_normalised",
               "r_threshold_normalised_fixed_steps"};
  for (std::size_t k = 0; k < run.rows.size(); ++k) {
    f.rows.push_back({run.At(k, "n"), GapIfZero(run.At(k, "r_threshold_standard")),
                      GapIfZero(run.At(k, "r_threshold_normalised")),
                      GapIfZero(run.At(k, "r_threshold_normalised_fixed_steps"))});
  }
  f.x_column = "n";
  f.x_label = "n";
  f.y_label = "threshold r* = n·SNR*²";
  f.log_x = true;
  f.series = {{"r_threshold_standard", "standard noise", "linespoints pt 7 ps 1.5"},
              {"r_threshold_normalised", "normalised, β·d", "linespoints pt 6 ps 2"},
              {"r_threshold_normalised_fixed_steps", "normalised, standard β", "linespoints pt 5"}};
  return f;
}

Figure Magen24MultiTokenSpreadFigure(const SweepRun& run) {
  Figure f;
  f.name = "magen24_multi_token_spread";
  f.engine = ToString(run.engine);
  f.title = "Attention of noisy samples over their T − 1 noise tokens, against T";
  f.caption =
      "Measured here: two SA steps at n = 20, η = 0.1, r = 4.5, d = 4n² (direct engine), means "
      "over " +
      std::to_string(static_cast<int>(run.At(0, "seeds"))) +
      " seeds. Normalised entropy of a noisy sample's attention restricted to its noise tokens "
      "(1 = uniform); magen24.extension.multi_token_spread asserts a mean ≥ 0.9 at T = 5, 8, 16.";
  f.columns = run.sweep->columns;
  f.rows = run.rows;
  f.x_column = "T";
  f.x_label = "tokens T";
  f.y_label = "mean over seeds";
  f.key = "bottom right";
  f.series = {{"mean_entropy", "mean normalised entropy (noisy samples)", "linespoints pt 7"},
              {"min_entropy", "min normalised entropy (noisy samples)", "linespoints pt 6"},
              {"noisy_signal_attention", "noisy samples' signal attention", "linespoints pt 5"},
              {"clean_signal_attention", "clean samples' signal attention", "linespoints pt 4"},
              {"clean_test_accuracy", "clean test accuracy", "lines dt 2"}};
  return f;
}

}  // namespace boa::report
