// [S] Fig. 1 (right): no token selection, only the head trained — train accuracy, the fitted
// fraction of the noisy samples and the clean test accuracy against the sequence length T on the
// Fig. 3a data (the sweep sakamoto24_head_only, the runs of sakamoto24.head_only.no_overfit).
#include <string>

#include "boa/format.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Sakamoto24HeadOnlyFigure(const SweepRun& run) {
  Figure f;
  f.name = "sakamoto24_head_only";
  f.engine = ToString(run.engine);
  f.title = "Head trained, attention uniform: accuracies vs sequence length T (balanced data)";
  f.columns = {"T", "train_accuracy", "noisy_fitted", "test_accuracy"};
  f.rows = run.Select(f.columns);
  f.caption = "Measured here (mean over seeds 1.." +
              std::to_string(static_cast<int>(run.At(0, "seeds"))) + ", v from 0, lr 5e-3, " +
              std::to_string(static_cast<int>(run.At(0, "steps"))) +
              " steps). The token mean's noise-to-signal ratio grows like √T (" +
              FormatNumber(run.At(0, "noise_to_signal")) + " at T = 4).";
  f.x_column = "T";
  f.x_label = "sequence length T";
  f.y_label = "accuracy";
  f.log_x = true;
  f.series = {{"train_accuracy", "train accuracy", "linespoints"},
              {"noisy_fitted", "noisy samples fitted", "linespoints"},
              {"test_accuracy", "clean test accuracy", "linespoints"}};
  return f;
}

}  // namespace boa::report
