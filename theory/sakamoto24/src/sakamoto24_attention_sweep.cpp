// sakamoto24_attention_<setting>: [S] Fig. 3 attention trajectories — the attention on tokens
// x₁..x₈ over GD steps for a clean, a fitted-noisy and an unfitted-noisy training sample (the
// first of each kind), in one of the three settings, seed 1, Sakamoto24FigureProtocol(budget).
// Token order (token_selection_data.hpp): x₁ relevant, x₂ weak same, x₃ weak opposite, x₄..x₈
// irrelevant. A kind of sample the run does not have (no unfitted noisy sample in a benign run)
// has no rows. One row per (step, sample kind, token) at 61 log-spaced steps from step 1, with
// the run's final accuracies beside it. One run, so one cell; direct only (W is trained).
#include <cmath>
#include <vector>

#include "boa/model.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {

Sweep Sakamoto24AttentionSweep(int setting_index) {
  const Sakamoto24Setting& setting = Sakamoto24Settings()[static_cast<std::size_t>(setting_index)];
  Sweep s;
  s.name = "sakamoto24_attention_" + setting.name;
  s.description =
      "[S] Fig. 3 attention on x₁..x₈ over GD steps, " + setting.name + " setting (seed 1)";
  // kind: 0 clean, 1 fitted noisy, 2 unfitted noisy; role: the number of the token's TokenRole.
  s.columns = {"step",
               "kind",
               "token",
               "role",
               "attention",
               "final_train_accuracy",
               "final_test_accuracy",
               "steps",
               "train_W"};
  s.only_engine = Engine::kDirect;
  s.cells = [](Budget, Engine) { return 1; };
  s.run = [setting](int, Budget budget, Engine) {
    TokenSelectionRunOptions options = Sakamoto24FigureProtocol(budget);
    std::vector<int> steps;
    std::vector<RowMatrix> attention;
    options.observer = [&](int step, const Dataset&, const Model&, const Evaluation& e) {
      steps.push_back(step);
      attention.push_back(e.attention);
    };
    const TokenSelectionRun run =
        RunTokenSelection(Sakamoto24Spec(setting.d, setting.mu_norm), options, 1);
    const Dataset& data = run.data;
    const RowMatrix& final_attention = attention.back();
    const Vector head_scores = data.X * DefaultHead(data);
    // The final output f_i = Σ_t s_it νᵀx_it decides whether sample i is fitted.
    auto fitted = [&](int i) {
      return data.y(i) * final_attention.row(i).dot(head_scores.segment(i * data.T, data.T)) > 0;
    };
    int sample_of_kind[3] = {-1, -1, -1};
    for (int i = data.n - 1; i >= 0; --i)
      sample_of_kind[!data.noisy[i] ? 0 : fitted(i) ? 1 : 2] = i;
    Rows rows;
    int last = -1;
    for (int k = 0; k <= 60; ++k) {
      const int step = static_cast<int>(std::lround(std::pow(steps.back(), k / 60.0)));
      if (step == last) continue;
      last = step;
      for (int kind = 0; kind < 3; ++kind) {
        const int i = sample_of_kind[kind];
        if (i < 0) continue;
        for (int t = 0; t < data.T; ++t) {
          rows.push_back({double(step), double(kind), double(t + 1),
                          double(static_cast<int>(data.Role(i, t))), attention[step](i, t),
                          run.train_accuracy, run.test_accuracy, double(options.steps),
                          double(options.train_W)});
        }
      }
    }
    return rows;
  };
  return s;
}

}  // namespace boa::sweeps
