#include "boa/max_margin_selection.hpp"

#include <algorithm>
#include <array>

#include "boa/error.hpp"
#include "boa/metrics.hpp"
#include "boa/model.hpp"

namespace boa {
namespace {

int SignalIndex(const Dataset& data, int i) {
  for (int t = 0; t < data.T; ++t) {
    if (data.Role(i, t) == TokenRole::kSignal) return t;
  }
  throw InvalidInput("sample " + std::to_string(i) + " has no signal token");
}

// Every SVM of every candidate is built from the token Gram matrix K = X Xᵀ, computed once.
SelectionSvms Solve(const Dataset& data, const RowMatrix& K, const TokenChoice& choice,
                    const HardMarginSvmOptions& options) {
  const int n = data.n;
  std::vector<Eigen::Index> chosen(n), other(n);
  for (int i = 0; i < n; ++i) {
    chosen[i] = static_cast<Eigen::Index>(i) * 2 + choice[i];
    other[i] = static_cast<Eigen::Index>(i) * 2 + (1 - choice[i]);
  }
  RowMatrix gram_v(n, n), gram_p(n, n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      gram_v(i, j) = data.y(i) * data.y(j) * K(chosen[i], chosen[j]);
      gram_p(i, j) = K(chosen[i], chosen[j]) - K(chosen[i], other[j]) - K(other[i], chosen[j]) +
                     K(other[i], other[j]);
    }
  }
  SelectionSvms s;
  s.choice = choice;
  s.v_svm = SolveHardMarginSvm(gram_v, options);
  s.p_svm = SolveHardMarginSvm(gram_p, options);
  s.v = Vector::Zero(data.d);
  s.p = Vector::Zero(data.d);
  for (int i = 0; i < n; ++i) {
    s.v += s.v_svm.alpha(i) * data.y(i) * data.X.row(chosen[i]).transpose();
    s.p += s.p_svm.alpha(i) * (data.X.row(chosen[i]) - data.X.row(other[i])).transpose();
  }
  return s;
}

}  // namespace

TokenChoice SignalForCleanClasses(const Dataset& data, bool plus_class, bool minus_class) {
  Require(data.T == 2, "max-margin token selection is defined here for T = 2");
  TokenChoice choice(data.n);
  for (int i = 0; i < data.n; ++i) {
    const int signal = SignalIndex(data, i);
    const bool class_selected = data.y_true(i) > 0 ? plus_class : minus_class;
    choice[i] = !data.noisy[i] && class_selected ? signal : 1 - signal;
  }
  return choice;
}

SelectionSvms SolveSelectionSvms(const Dataset& data, const TokenChoice& choice,
                                 const HardMarginSvmOptions& options) {
  Require(data.T == 2 && static_cast<int>(choice.size()) == data.n,
          "a T = 2 dataset and one token choice per sample are needed");
  const RowMatrix K = data.X * data.X.transpose();
  return Solve(data, K, choice, options);
}

MaxMarginSolution SolveMaxMarginSelection(const Dataset& data, const SignalNoiseSpec& spec,
                                          int n_test, std::uint64_t seed) {
  Require(data.T == 2, "max-margin token selection is defined here for T = 2");
  const RowMatrix K = data.X * data.X.transpose();
  MaxMarginSolution m;
  m.benign = Solve(data, K, SignalForCleanClasses(data, true, true), {});
  m.all_noise = Solve(data, K, SignalForCleanClasses(data, false, false), {});
  const std::array<SelectionSvms, 4> candidates = {
      m.benign, m.all_noise, Solve(data, K, SignalForCleanClasses(data, true, false), {}),
      Solve(data, K, SignalForCleanClasses(data, false, true), {})};
  const SelectionSvms* best = nullptr;
  for (const SelectionSvms& c : candidates) {
    m.max_kkt_residual =
        std::max({m.max_kkt_residual, c.v_svm.kkt_residual, c.p_svm.kkt_residual});
    if (c.feasible() && (!best || c.v_svm.norm_squared < best->v_svm.norm_squared)) best = &c;
  }
  Require(best != nullptr, "no candidate token selection is separable");
  m.selected = *best;
  m.selected_benign = best->choice == m.benign.choice;
  m.selected_all_noise = best->choice == m.all_noise.choice;
  PromptAttention model(data.d);
  model.Block("p") = kHardAttentionScale * m.selected.p;
  model.Block("v") = m.selected.v;
  m.train_accuracy = TrainAccuracy(model.Evaluate(data, false), data);
  m.test = ProjectedCleanTestError(model.Block("p"), model.Block("v"), spec, n_test, seed);
  return m;
}

PromptAttentionRunOptions WeightDecayRoute(int n, int d, int n_test) {
  PromptAttentionRunOptions options;
  options.schedule = MagenScheduleSB(n, d);
  options.steps = 1000;
  options.weight_decay = 1e-3 * d / n;
  options.n_test = n_test;
  return options;
}

}  // namespace boa
