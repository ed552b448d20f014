// [S] Fig. 3 attention trajectories: the attention on tokens x₁..x₈ over GD steps for a clean,
// a fitted-noisy and an unfitted-noisy training sample, in each of the three settings. Token
// order (token_selection_data.hpp): x₁ relevant, x₂ weak same, x₃ weak opposite, x₄..x₈
// irrelevant. Measured here, with Sakamoto24Protocol(budget); a kind of sample the run does
// not have (no unfitted noisy sample in a benign run) is left out and the caption says so.
#include <cmath>
#include <string>
#include <vector>

#include "boa/model.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Sakamoto24AttentionFigure(int setting_index, Budget budget) {
  const Sakamoto24Setting& setting = Sakamoto24Settings()[setting_index];
  const TokenSelectionSpec spec = Sakamoto24Spec(setting.d, setting.mu_norm);
  TokenSelectionRunOptions options = Sakamoto24Protocol(budget);
  if (budget == Budget::kQuick) options.steps = 300;  // quick draws the figure, not the end state
  std::vector<int> steps;
  std::vector<RowMatrix> attention;
  options.observer = [&](int step, const Dataset&, const Model&, const Evaluation& e) {
    steps.push_back(step);
    attention.push_back(e.attention);
  };
  constexpr std::uint64_t kSeed = 1;
  const TokenSelectionRun run = RunTokenSelection(spec, options, kSeed);
  const Dataset& data = run.data;
  const RowMatrix& final_attention = attention.back();
  const Vector head_scores = data.X * DefaultHead(data);
  // The final output f_i = Σ_t s_it νᵀx_it decides whether sample i is fitted.
  auto fitted = [&](int i) {
    return data.y(i) * final_attention.row(i).dot(head_scores.segment(i * data.T, data.T)) > 0;
  };
  struct Pick {
    std::string name, title;
    int sample = -1;
  };
  std::vector<Pick> picks = {{"clean", "clean"}, {"fitted_noisy", "fitted noisy"},
                             {"unfitted_noisy", "unfitted noisy"}};
  for (int i = data.n - 1; i >= 0; --i) {
    if (!data.noisy[i]) picks[0].sample = i;
    else if (fitted(i)) picks[1].sample = i;
    else picks[2].sample = i;
  }
  Figure f;
  f.name = "sakamoto24_attention_" + setting.name;
  f.engine = "direct";
  // gnuplot's enhanced text reads '_' as a subscript: titles say "large noise", not "large_noise".
  auto spaced = [](std::string text) {
    for (char& c : text) c = c == '_' ? ' ' : c;
    return text;
  };
  f.title = "Attention on x_1..x_8 over GD steps, " + spaced(setting.name) + " (d = " +
            std::to_string(setting.d) + ", ‖μ‖ = " + std::to_string(static_cast<int>(setting.mu_norm)) + ")";
  f.columns = {"step"};
  std::string missing;
  int kind = 0;
  for (const Pick& pick : picks) {
    ++kind;
    if (pick.sample < 0) {
      missing += (missing.empty() ? "" : ", ") + pick.title;
      continue;
    }
    for (int t = 0; t < data.T; ++t) {
      const std::string column = pick.name + "_x" + std::to_string(t + 1);
      f.columns.push_back(column);
      f.series.push_back({column, pick.title + " x_" + std::to_string(t + 1) + " (" +
                                      spaced(std::string(RoleName(data.Role(pick.sample, t)))) + ")",
                          "lines dt " + std::to_string(kind) + " lc " + std::to_string(t + 1)});
    }
  }
  // Log-spaced rows from step 1 (the x axis is logarithmic).
  int last = -1;
  for (int k = 0; k <= 60; ++k) {
    const int step = static_cast<int>(std::lround(std::pow(steps.back(), k / 60.0)));
    if (step == last) continue;
    last = step;
    std::vector<double> row = {static_cast<double>(step)};
    for (const Pick& pick : picks) {
      if (pick.sample < 0) continue;
      for (int t = 0; t < data.T; ++t) row.push_back(attention[step](pick.sample, t));
    }
    f.rows.push_back(std::move(row));
  }
  f.caption = "Measured here ([S] Fig. 3 setting, seed 1, " +
              std::string(options.train_W ? "W and p, lr 5e-3" : "p only, lr 1e-3") + ", " +
              std::to_string(options.steps) + " steps): final train accuracy " +
              std::to_string(run.train_accuracy).substr(0, 4) + ", clean test accuracy " +
              std::to_string(run.test_accuracy).substr(0, 5) + "." +
              (missing.empty() ? "" : " No " + missing + " sample in this run.") +
              " Dash type: sample; colour: token.";
  f.x_column = "step";
  f.x_label = "GD step";
  f.y_label = "attention s_{it}";
  f.log_x = true;
  return f;
}

}  // namespace boa::report
