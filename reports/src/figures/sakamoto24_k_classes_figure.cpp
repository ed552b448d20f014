// [S] Section F: K classes with K signals — train accuracy and clean test accuracy against the
// label-noise rate η for K = 2, 3, 5 (the sweep sakamoto24_k_classes).
#include <string>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Sakamoto24KClassesFigure(const SweepRun& run) {
  Figure f;
  f.name = "sakamoto24_k_classes";
  f.engine = ToString(run.engine);
  f.title = "Token selection with K fixed class heads under label noise (K = 2, 3, 5)";
  f.columns = {"eta",
               "train_accuracy_k2",
               "test_accuracy_k2",
               "train_accuracy_k3",
               "test_accuracy_k3",
               "train_accuracy_k5",
               "test_accuracy_k5"};
  f.rows = run.Select(f.columns);
  f.caption = "Measured here (mean over seeds 1.." +
              std::to_string(static_cast<int>(run.At(0, "seeds"))) +
              "; p by GD from 0 with W = I, lr 5e-3, " +
              std::to_string(static_cast<int>(run.At(0, "steps"))) +
              " steps; heads ν_k = μ_k/(√2‖μ‖²); n = 30, d = 2000, ‖μ‖ = 20, T = 8; a noisy label "
              "is a uniformly drawn other class, w.p. η). Train accuracy 1 with clean test "
              "accuracy near 1 is benign overfitting.";
  f.x_column = "eta";
  f.x_label = "label-noise rate η";
  f.y_label = "accuracy";
  f.key = "bottom left";
  f.series = {{"train_accuracy_k2", "train, K = 2", "linespoints"},
              {"test_accuracy_k2", "clean test, K = 2", "linespoints"},
              {"train_accuracy_k3", "train, K = 3", "linespoints"},
              {"test_accuracy_k3", "clean test, K = 3", "linespoints"},
              {"train_accuracy_k5", "train, K = 5", "linespoints"},
              {"test_accuracy_k5", "clean test, K = 5", "linespoints"}};
  return f;
}

}  // namespace boa::report
