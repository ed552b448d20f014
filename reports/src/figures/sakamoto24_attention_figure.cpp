// [S] Fig. 3 attention trajectories: the attention on tokens x₁..x₈ over GD steps for a clean,
// a fitted-noisy and an unfitted-noisy training sample, in one of the three settings — the
// sweeps sakamoto24_attention_<setting> (one row per step, kind of sample and token), drawn one
// column per (kind, token). A kind of sample the run does not have (no unfitted noisy sample in a
// benign run) has no rows; the caption says so.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "boa/dataset.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {
namespace {

// gnuplot's enhanced text reads '_' as a subscript: titles say "large noise", not "large_noise".
std::string Spaced(std::string text) {
  for (char& c : text) c = c == '_' ? ' ' : c;
  return text;
}

const Sakamoto24Setting& SettingOf(const std::string& sweep_name) {
  for (const Sakamoto24Setting& s : Sakamoto24Settings()) {
    if (sweep_name == "sakamoto24_attention_" + s.name) return s;
  }
  throw std::logic_error("no [S] Fig. 3 setting for sweep " + sweep_name);
}

}  // namespace

Figure Sakamoto24AttentionFigure(const SweepRun& run) {
  const Sakamoto24Setting& setting = SettingOf(run.sweep->name);
  const std::vector<std::pair<std::string, std::string>> kinds = {
      {"clean", "clean"}, {"fitted_noisy", "fitted noisy"}, {"unfitted_noisy", "unfitted noisy"}};
  Figure f;
  f.name = run.sweep->name;
  f.engine = "direct";
  f.title = "Attention on x_1..x_8 over GD steps, " + Spaced(setting.name) +
            " (d = " + std::to_string(setting.d) +
            ", ‖μ‖ = " + std::to_string(static_cast<int>(setting.mu_norm)) + ")";
  f.columns = {"step"};
  // A column per (kind, token) in the order of the first step's rows; a row per step.
  std::map<std::pair<int, int>, bool> present;
  const double first_step = run.At(0, "step");
  for (std::size_t k = 0; k < run.rows.size() && run.At(k, "step") == first_step; ++k) {
    const int kind = static_cast<int>(run.At(k, "kind")),
              token = static_cast<int>(run.At(k, "token"));
    present[{kind, token}] = true;
    const std::string column = kinds[kind].first + "_x" + std::to_string(token);
    const auto role = static_cast<TokenRole>(static_cast<int>(run.At(k, "role")));
    f.columns.push_back(column);
    f.series.push_back({column,
                        kinds[kind].second + " x_" + std::to_string(token) + " (" +
                            Spaced(std::string(RoleName(role))) + ")",
                        "lines dt " + std::to_string(kind + 1) + " lc " + std::to_string(token)});
  }
  for (std::size_t k = 0; k < run.rows.size(); ++k) {
    if (k == 0 || run.At(k, "step") != run.At(k - 1, "step")) f.rows.push_back({run.At(k, "step")});
    f.rows.back().push_back(run.At(k, "attention"));
  }
  std::string missing;
  for (int kind = 0; kind < 3; ++kind) {
    if (!present.count({kind, 1})) missing += (missing.empty() ? "" : ", ") + kinds[kind].second;
  }
  f.caption =
      "Measured here ([S] Fig. 3 setting, seed 1, " +
      std::string(run.At(0, "train_W") == 1 ? "W and p, lr 5e-3" : "p only, lr 1e-3") + ", " +
      std::to_string(static_cast<int>(run.At(0, "steps"))) + " steps): final train accuracy " +
      std::to_string(run.At(0, "final_train_accuracy")).substr(0, 4) + ", clean test accuracy " +
      std::to_string(run.At(0, "final_test_accuracy")).substr(0, 5) + "." +
      (missing.empty() ? "" : " No " + missing + " sample in this run.") +
      " Dash type: sample; colour: token.";
  f.x_column = "step";
  f.x_label = "GD step";
  f.y_label = "attention s_{it}";
  f.log_x = true;
  return f;
}

}  // namespace boa::report
