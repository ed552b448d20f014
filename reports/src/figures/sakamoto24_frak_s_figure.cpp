// [S] Eqs. (11), (13): the 𝔖 ratios R₊, R₋ and the clean test accuracy against the label-noise
// rate η, in the first 𝔖 setting (d = 6000, ‖μ‖ = 20; p only, 2 + 2 + 2 relevant/weak tokens,
// n = 40). Measured here, seed 1, with the sweep of sakamoto24.frak_s.criterion (FrakSSweepAt), on
// the engine --engine picks (auto: Gram — p only, so GD runs in the span of the tokens: O((nT)²)
// per step instead of O(nTd) at d = 6000). The claim runs on the same engine, over its own finer
// η grid (0.05..0.95) and a regime of four settings; both show R crossing 1 between η = 0.7 and
// 0.9 at seed 1 (Gram, full grid: between 0.7 and 0.8).
#include <string>

#include "boa/engine.hpp"
#include "boa/frak_s.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Sakamoto24FrakSFigure(Budget budget) {
  const FrakSSweep sweep = FrakSSweepAt(budget);
  const Engine engine = ResolveEngine(EngineChoice::kAuto);
  Figure f;
  f.name = "sakamoto24_frak_s";
  f.engine = ToString(engine);
  f.title = "𝔖 ratios and clean test accuracy vs label noise η (d = 6000, ‖μ‖ = 20)";
  f.columns = {"eta", "R_plus", "R_minus", "test_accuracy", "train_accuracy"};
  for (const double eta : sweep.etas) {
    FrakS frak;
    const TokenSelectionRun run =
        FrakSRun(FrakSSpec(0, eta), sweep.lr, sweep.steps, 1, frak, engine);
    f.rows.push_back({eta, frak.RPlus(), frak.RMinus(), run.test_accuracy, run.train_accuracy});
  }
  f.caption = "Measured here (seed 1, p only, lr 1e-3, " + std::to_string(sweep.steps) +
              " steps). R > 1 favours benign overfitting ([S] Eqs. 11, 13); log y axis.";
  f.x_column = "eta";
  f.x_label = "label-noise rate η";
  f.y_label = "R (and accuracy)";
  f.log_y = true;
  f.series = {{"R_plus", "R_+", "linespoints"},
              {"R_minus", "R_-", "linespoints"},
              {"test_accuracy", "clean test accuracy", "linespoints"},
              {"train_accuracy", "train accuracy", "linespoints"}};
  return f;
}

}  // namespace boa::report
