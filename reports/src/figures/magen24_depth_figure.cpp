// [M] depth: train and clean test accuracy of the L-layer attention stack (L = 1 … 4, L = 1 is
// M1) after GD, with M3 self-attention on the same draws beside it, and the first layer's signal
// weights of clean and noisy samples: the sweep magen24_depth.
#include <string>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Magen24DepthFigure(const SweepRun& run) {
  const int seeds = static_cast<int>(run.At(0, "seeds"));
  Figure f;
  f.name = "magen24_depth";
  f.engine = "direct";
  f.title = "Accuracy of a stack of attention layers against its depth L";
  f.caption =
      "Measured here (exploratory, THEORY.md §4.4 Depth): L − 1 residual single-head "
      "self-attention layers X ← X + S(XQXᵀ)XV, then M1's prompt-attention readout (L = 1 is "
      "M1), trained by 200 GD steps on D1 with n = 20, d = 100, η = 0.1, r = n·SNR² = 4.5; Q, V "
      "start at N(0, 0.01/d) entries, p = v = 0. Dashed: M3 self-attention vᵀXᵀS(XWx₁) on the "
      "same draws and steps. Means over " +
      std::to_string(seeds) +
      " seeds. Benign overfitting: train accuracy 1 with clean test accuracy near 1. The first "
      "layer's signal weight of a sample is the mean over its T query rows of S(XQ₁Xᵀ) on its "
      "signal token (magen24.extension.depth_first_layer); at L = 1 the readout is the first "
      "layer.";
  f.columns = {"layers",
               "train_accuracy",
               "clean_test_accuracy",
               "m3_train_accuracy",
               "m3_clean_test_accuracy",
               "noisy_signal_attention",
               "first_layer_clean_signal_attention",
               "first_layer_noisy_signal_attention"};
  f.rows = run.Select(f.columns);
  f.x_column = "layers";
  f.x_label = "depth L (layers)";
  f.y_label = "accuracy / mean softmax weight";
  f.series = {{"train_accuracy", "stack: train accuracy", "linespoints"},
              {"clean_test_accuracy", "stack: clean test accuracy", "linespoints"},
              {"noisy_signal_attention", "stack: noisy samples' signal weight", "linespoints"},
              {"first_layer_clean_signal_attention", "first layer: clean samples' signal weight",
               "linespoints"},
              {"first_layer_noisy_signal_attention", "first layer: noisy samples' signal weight",
               "linespoints"},
              {"m3_train_accuracy", "M3: train accuracy", "lines dt 2"},
              {"m3_clean_test_accuracy", "M3: clean test accuracy", "lines dt 3"}};
  return f;
}

}  // namespace boa::report
