// Real images (issue 16 item 11): token selection with a fixed head on the 8×8 digits, 0 against
// 1, quadrants as tokens — train accuracy, the fitted fraction of the noisy samples, the clean
// test accuracy on the held-out images, and the quadrant that clean and noisy samples attend to
// most, and how many attend to a quadrant relevant for their class (issue 34 item 9), against the
// label-noise rate η (the sweep sakamoto24_digits, the runs of
// sakamoto24.real_data.digits).
#include <algorithm>
#include <string>

#include "boa/digits_token_selection.hpp"
#include "boa/format.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {
namespace {

// "top_left" → "top-left": gnuplot's enhanced text would read the underscore as a subscript.
std::string Label(std::string_view quadrant) {
  std::string label(quadrant);
  std::replace(label.begin(), label.end(), '_', '-');
  return label;
}

}  // namespace

Figure Sakamoto24DigitsFigure(const SweepRun& run) {
  Figure f;
  f.name = "sakamoto24_digits";
  f.engine = ToString(run.engine);
  f.title =
      "Real images: token selection on 8×8 digits (0 vs 1, quadrants as tokens) vs label noise";
  f.columns = {"eta", "train_accuracy", "noisy_fitted", "test_accuracy"};
  f.series = {{"train_accuracy", "train accuracy", "linespoints"},
              {"noisy_fitted", "noisy samples fitted", "linespoints"},
              {"test_accuracy", "clean test accuracy", "linespoints"}};
  f.columns.insert(f.columns.end(), {"clean_relevant", "noisy_relevant"});
  f.series.push_back(
      {"clean_relevant", "clean samples attend a relevant quadrant of their class", "linespoints"});
  f.series.push_back({"noisy_relevant",
                      "noisy samples attend a relevant quadrant of their true class",
                      "linespoints"});
  for (const std::string_view q : kQuadrantNames) {
    const std::string name(q);
    f.columns.push_back("clean_selects_" + name);
    f.series.push_back({"clean_selects_" + name, "clean samples attend " + Label(q), "lines"});
  }
  for (const std::string_view q : kQuadrantNames) {
    const std::string name(q);
    f.columns.push_back("noisy_selects_" + name);
    f.series.push_back({"noisy_selects_" + name, "noisy samples attend " + Label(q), "points"});
  }
  f.rows = run.Select(f.columns);
  f.caption = "Measured here (mean over seeds 1.." +
              std::to_string(static_cast<int>(run.At(0, "seeds"))) +
              "; n = 50, d = 2000, σ = 1, W and p by GD, lr 5e-3, " +
              std::to_string(static_cast<int>(run.At(0, "steps"))) + " steps; " +
              std::to_string(static_cast<int>(run.At(0, "test_count"))) +
              " held-out test images). Attention: the fraction of training samples whose "
              "most-attended token is each quadrant; a quadrant is relevant for a class when its "
              "class-signed mean head score is at least half the class's top one (THEORY.md §4.4, "
              "Token roles on the digits: the 0s' top- and bottom-left, the 1s' top- and "
              "bottom-right).";
  f.x_column = "eta";
  f.x_label = "label noise η";
  f.y_label = "accuracy / fraction of samples";
  f.key = "below";
  return f;
}

}  // namespace boa::report
