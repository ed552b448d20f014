#include "boa/joint_max_margin.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "boa/error.hpp"
#include "boa/gram_descent.hpp"

namespace boa {
namespace {

// Two samples whose signed tokens cancel, y_i x_a + y_j x_b = 0 up to rounding, admit no v:
// y_i vᵀx_a ≥ 1 and y_j vᵀx_b = −y_i vᵀx_a ≥ 1. On D1 these are a noisy sample and a clean sample
// of its true class on the shared signal μ_c (the same token, opposite labels); on Kou et al.'s
// data also a noisy and a clean sample of one label on ±μ (opposite tokens). This is the v-SVM's
// only infeasibility on either (noise tokens are in general position), and the dual solver would
// need its full sweep budget to see it.
bool LabelConflict(const SampleLabels& labels, const RowMatrix& K, const TokenChoice& choice) {
  for (int i = 0; i < labels.n; ++i) {
    for (int j = i + 1; j < labels.n; ++j) {
      const Eigen::Index a = 2 * i + choice[i], b = 2 * j + choice[j];
      if (SignedRowsCancel(K(a, a), K(b, b), labels.y(i) * labels.y(j) * K(a, b))) return true;
    }
  }
  return false;
}

HardMarginSvm SolveVSvm(const SampleLabels& labels, const RowMatrix& K, const TokenChoice& choice) {
  const int n = labels.n;
  RowMatrix gram_v(n, n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      gram_v(i, j) = labels.y(i) * labels.y(j) * K(2 * i + choice[i], 2 * j + choice[j]);
    }
  }
  return SolveHardMarginSvm(gram_v);
}

}  // namespace

JointMaxMargin EnumerateJointMaxMargin(const SampleLabels& labels, const RowMatrix& token_gram) {
  const int n = labels.n;
  Require(labels.T == 2 && n >= 1 && n <= kMaxEnumeratedSamples,
          "the joint max-margin enumeration needs T = 2 and 1 ≤ n ≤ " +
              std::to_string(kMaxEnumeratedSamples));
  Require(token_gram.rows() == 2 * n && token_gram.cols() == 2 * n,
          "the token Gram matrix must be (2n)×(2n)");
  JointMaxMargin m;
  m.selections = 1 << n;
  double best_norm_squared = std::numeric_limits<double>::infinity();
  TokenChoice choice(n);
  for (int mask = 0; mask < m.selections; ++mask) {
    for (int i = 0; i < n; ++i) choice[i] = (mask >> i) & 1;
    if (LabelConflict(labels, token_gram, choice)) {
      ++m.v_infeasible;
      continue;
    }
    const HardMarginSvm v = SolveVSvm(labels, token_gram, choice);
    if (!v.separable) {
      ++m.v_infeasible;
      continue;
    }
    m.max_kkt_residual = std::max(m.max_kkt_residual, v.kkt_residual);
    if (v.norm_squared >= best_norm_squared) continue;
    // Only a selection that would win needs its p-SVM: can p realise it?
    SelectionSvms candidate = SolveSelectionSvms(labels, token_gram, choice);
    if (!candidate.p_svm.separable) {
      ++m.p_infeasible;
      continue;
    }
    m.max_kkt_residual = std::max(m.max_kkt_residual, candidate.p_svm.kkt_residual);
    best_norm_squared = v.norm_squared;
    m.best = std::move(candidate);
  }
  Require(std::isfinite(best_norm_squared), "no token selection is separable by both SVMs");
  return m;
}

double SpanCosine(const GramInstance& gram, const SpanVector& a, const SpanVector& b) {
  const double norms = std::sqrt(gram.Inner(a, a) * gram.Inner(b, b));
  return norms > 0 ? gram.Inner(a, b) / norms : 0.0;
}

NormalisedGdTrace RunNormalisedGd(const GramInstance& gram, const std::vector<int>& checkpoints) {
  Require(!checkpoints.empty() && std::is_sorted(checkpoints.begin(), checkpoints.end()) &&
              checkpoints.front() >= 1,
          "normalised GD needs increasing checkpoints ≥ 1");
  const double eta = kNormalisedGdStep / (gram.sigma * std::sqrt(static_cast<double>(gram.d)));
  const auto step = [&gram, eta](SpanVector& theta, const SpanVector& grad) {
    const double norm = std::sqrt(gram.Inner(grad, grad));
    RequireFinite(std::isfinite(norm), "a normalised-GD gradient became non-finite");
    if (norm == 0) return;
    theta.a -= (eta / norm) * grad.a;
    theta.gamma -= (eta / norm) * grad.gamma;
  };
  GramModel model = GramPromptAttention(gram);
  NormalisedGdTrace trace;
  std::size_t next = 0;
  for (int t = 1; t <= checkpoints.back(); ++t) {
    const GramEvaluation e = EvaluateGram(gram, model);
    RequireFinite(std::isfinite(e.attention.loss),
                  "the loss became non-finite at step " + std::to_string(t - 1));
    step(model.query, e.grad_query);
    step(model.head, e.grad_head);
    if (t == checkpoints[next]) {
      trace.checkpoints.push_back({t, model.query, model.head});
      ++next;
    }
  }
  const GramEvaluation last = EvaluateGram(gram, model);
  trace.final_choice.resize(gram.n);
  int correct = 0;
  for (int i = 0; i < gram.n; ++i) {
    trace.final_choice[i] = last.attention.attention(i, 1) > last.attention.attention(i, 0);
    correct += gram.y(i) * last.attention.f(i) > 0;
  }
  trace.train_accuracy = static_cast<double>(correct) / gram.n;
  return trace;
}

}  // namespace boa
