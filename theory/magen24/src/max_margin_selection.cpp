#include "boa/max_margin_selection.hpp"

#include <algorithm>
#include <array>

#include "boa/attention_from_projections.hpp"
#include "boa/error.hpp"
#include "boa/gram_sampling.hpp"
#include "boa/joint_max_margin.hpp"

namespace boa {
namespace {

int SignalIndex(const SampleLabels& labels, int i) {
  for (int t = 0; t < labels.T; ++t) {
    if (labels.Role(i, t) == TokenRole::kSignal) return t;
  }
  throw InvalidInput("sample " + std::to_string(i) + " has no signal token");
}

// The four candidate selections, the smallest feasible ‖v_SVM‖ among them (or among all
// selections), and the training fit of (kHardAttentionScale·p, v): everything but the test
// error, from labels and the token Gram.
MaxMarginSolution SolveFromTokenGram(const SampleLabels& labels, const RowMatrix& K,
                                     SelectionSearch search) {
  Require(labels.T == 2, "max-margin token selection is defined here for T = 2");
  MaxMarginSolution m;
  m.labels = labels;
  m.benign = SolveSelectionSvms(labels, K, SignalForCleanClasses(labels, true, true));
  m.all_noise = SolveSelectionSvms(labels, K, SignalForCleanClasses(labels, false, false));
  const std::array<SelectionSvms, 4> candidates = {
      m.benign, m.all_noise,
      SolveSelectionSvms(labels, K, SignalForCleanClasses(labels, true, false)),
      SolveSelectionSvms(labels, K, SignalForCleanClasses(labels, false, true))};
  const SelectionSvms* best = nullptr;
  for (const SelectionSvms& c : candidates) {
    m.max_kkt_residual = std::max({m.max_kkt_residual, c.v_svm.kkt_residual, c.p_svm.kkt_residual});
    if (c.feasible() && (!best || c.v_svm.norm_squared < best->v_svm.norm_squared)) best = &c;
  }
  Require(best != nullptr, "no candidate token selection is separable");
  m.selected = *best;
  m.search = search;
  if (search == SelectionSearch::kAllSelections) {
    const JointMaxMargin joint = EnumerateJointMaxMargin(labels, K);
    m.max_kkt_residual = std::max(m.max_kkt_residual, joint.max_kkt_residual);
    m.candidate_is_joint = joint.best.choice == best->choice;
    m.selected = joint.best;
  }
  m.selected_benign = m.selected.choice == m.benign.choice;
  m.selected_all_noise = m.selected.choice == m.all_noise.choice;
  const ProjectedAttention fit =
      AttentionFromProjections(kHardAttentionScale * ProjectOnto(K, m.selected.p_coef),
                               ProjectOnto(K, m.selected.v_coef), labels.y);
  int correct = 0;
  for (int i = 0; i < labels.n; ++i) correct += labels.y(i) * fit.f(i) > 0;
  m.train_accuracy = static_cast<double>(correct) / labels.n;
  return m;
}

}  // namespace

RowMatrix ProjectOnto(const RowMatrix& token_gram, const RowMatrix& coef) {
  const Eigen::Map<const Vector> c(coef.data(), coef.size());
  const Vector out = token_gram * c;
  return Eigen::Map<const RowMatrix>(out.data(), coef.rows(), coef.cols());
}

RowMatrix TokenGram(const GramInstance& gram) {
  const int rows = gram.n * gram.T;
  RowMatrix K = gram.token_a * gram.token_a.transpose();
  for (int r = 0; r < rows; ++r) {
    for (int s = 0; s < rows; ++s) {
      if (gram.token_k[r] >= 0 && gram.token_k[s] >= 0)
        K(r, s) += gram.H(gram.token_k[r], gram.token_k[s]);
    }
  }
  return K;
}

TokenChoice SignalForCleanClasses(const SampleLabels& labels, bool plus_class, bool minus_class) {
  Require(labels.T == 2, "max-margin token selection is defined here for T = 2");
  TokenChoice choice(labels.n);
  for (int i = 0; i < labels.n; ++i) {
    const int signal = SignalIndex(labels, i);
    const bool class_selected = labels.y_true(i) > 0 ? plus_class : minus_class;
    choice[i] = !labels.noisy[i] && class_selected ? signal : 1 - signal;
  }
  return choice;
}

SelectionSvms SolveSelectionSvms(const SampleLabels& labels, const RowMatrix& K,
                                 const TokenChoice& choice, const HardMarginSvmOptions& options) {
  Require(labels.T == 2 && static_cast<int>(choice.size()) == labels.n &&
              K.rows() == 2 * labels.n && K.cols() == 2 * labels.n,
          "a T = 2 training set, its token Gram matrix and one token choice per sample are needed");
  const int n = labels.n;
  std::vector<Eigen::Index> chosen(n), other(n);
  for (int i = 0; i < n; ++i) {
    chosen[i] = static_cast<Eigen::Index>(i) * 2 + choice[i];
    other[i] = static_cast<Eigen::Index>(i) * 2 + (1 - choice[i]);
  }
  RowMatrix gram_v(n, n), gram_p(n, n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      gram_v(i, j) = labels.y(i) * labels.y(j) * K(chosen[i], chosen[j]);
      gram_p(i, j) = K(chosen[i], chosen[j]) - K(chosen[i], other[j]) - K(other[i], chosen[j]) +
                     K(other[i], other[j]);
    }
  }
  SelectionSvms s;
  s.choice = choice;
  s.v_svm = SolveHardMarginSvm(gram_v, options);
  s.p_svm = SolveHardMarginSvm(gram_p, options);
  s.v_coef = RowMatrix::Zero(n, 2);
  s.p_coef = RowMatrix::Zero(n, 2);
  for (int i = 0; i < n; ++i) {
    s.v_coef(i, choice[i]) = s.v_svm.alpha(i) * labels.y(i);
    s.p_coef(i, choice[i]) = s.p_svm.alpha(i);
    s.p_coef(i, 1 - choice[i]) = -s.p_svm.alpha(i);
  }
  return s;
}

Vector CombineTokens(const Dataset& data, const RowMatrix& coef) {
  const Eigen::Map<const Vector> c(coef.data(), coef.size());
  return data.X.transpose() * c;
}

MaxMarginSolution SolveMaxMarginSelection(const Dataset& data, const SignalNoiseSpec& spec,
                                          int n_test, std::uint64_t seed, SelectionSearch search) {
  MaxMarginSolution m = SolveFromTokenGram(LabelsOf(data), data.X * data.X.transpose(), search);
  m.engine = Engine::kDirect;
  m.test = ProjectedCleanTestError(kHardAttentionScale * CombineTokens(data, m.selected.p_coef),
                                   CombineTokens(data, m.selected.v_coef), spec, n_test, seed);
  return m;
}

MaxMarginSolution SolveMaxMarginSelection(const GramInstance& gram, const SignalNoiseSpec& spec,
                                          int n_test, std::uint64_t seed, SelectionSearch search) {
  MaxMarginSolution m = SolveFromTokenGram(LabelsOf(gram), TokenGram(gram), search);
  m.engine = Engine::kGram;
  SpanVector p = gram.Combine(m.selected.p_coef);
  p.a *= kHardAttentionScale;
  p.gamma *= kHardAttentionScale;
  m.test = ProjectedCleanTestError(ProjectionsOf(p, gram.Combine(m.selected.v_coef), gram), spec,
                                   n_test, seed);
  return m;
}

MaxMarginSolution SolveMaxMarginSelection(const SignalNoiseSpec& spec, EngineChoice choice,
                                          int n_test, std::uint64_t seed, SelectionSearch search) {
  if (ResolveEngine(choice) == Engine::kGram) {
    return SolveMaxMarginSelection(SampleSignalNoiseGram(spec, 0, seed), spec, n_test, seed,
                                   search);
  }
  return SolveMaxMarginSelection(GenerateSignalNoise(spec, seed), spec, n_test, seed, search);
}

PromptAttentionRunOptions WeightDecayRoute(int n, int d, int n_test, int horizon) {
  Require(horizon >= 1, "the weight-decay route's horizon factor must be at least 1");
  PromptAttentionRunOptions options;
  options.schedule = MagenScheduleSB(n, d);
  options.steps = 1000 * horizon;
  options.weight_decay = 1e-3 * d / (static_cast<double>(n) * horizon);
  options.n_test = n_test;
  return options;
}

}  // namespace boa
