#include "boa/w_svm.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "boa/attention_kernel.hpp"
#include "boa/error.hpp"

namespace boa {
namespace {

RowMatrix FirstTokens(const Dataset& data) {
  RowMatrix first(data.n, data.d);
  for (int i = 0; i < data.n; ++i) first.row(i) = data.X.row(static_cast<Eigen::Index>(i) * data.T);
  return first;
}

double Cosine(const RowMatrix& first_gram, const FactoredW& w, const FactoredW& target) {
  const double norms =
      std::sqrt(FrobeniusInner(first_gram, w, w) * FrobeniusInner(first_gram, target, target));
  return norms > 0 ? FrobeniusInner(first_gram, w, target) / norms : 0.0;
}

}  // namespace

RowMatrix FirstTokenGram(const Dataset& data) {
  const RowMatrix first = FirstTokens(data);
  return first * first.transpose();
}

double FrobeniusInner(const RowMatrix& first_gram, const FactoredW& w, const FactoredW& w2) {
  return (first_gram.array() * (w.a * w2.a.transpose()).array()).sum();
}

RowMatrix DenseW(const Dataset& data, const FactoredW& w) {
  return w.a.transpose() * FirstTokens(data);
}

WSvm SolveWSvm(const Dataset& data, const TokenChoice& choice,
               const HardMarginSvmOptions& options) {
  Require(data.T == 2 && static_cast<int>(choice.size()) == data.n,
          "the W-SVM needs a T = 2 data set and one token choice per sample");
  RequireFixedLength(data, "the W-SVM");
  RowMatrix delta(data.n, data.d);
  for (int i = 0; i < data.n; ++i) {
    const auto tokens = data.Tokens(i);
    delta.row(i) = tokens.row(choice[i]) - tokens.row(1 - choice[i]);
  }
  const RowMatrix gram =
      ((delta * delta.transpose()).array() * FirstTokenGram(data).array()).matrix();
  WSvm s;
  s.choice = choice;
  s.svm = SolveHardMarginSvm(gram, options);
  s.w.a = s.svm.alpha.asDiagonal() * delta;
  return s;
}

WDirectionTrace RunSelfAttentionDirection(const Dataset& data, double beta_w, double beta_v,
                                          const std::vector<int>& checkpoints) {
  Require(!checkpoints.empty() && std::is_sorted(checkpoints.begin(), checkpoints.end()) &&
              checkpoints.front() >= 1,
          "the W-direction run needs increasing checkpoints ≥ 1");
  RequireFixedLength(data, "M3");
  const RowMatrix first_gram = FirstTokenGram(data);
  WDirectionTrace trace;
  FactoredW w{RowMatrix::Zero(data.n, data.d)};
  trace.v = Vector::Zero(data.d);
  KernelOutput k;
  RowMatrix r(data.n, data.d);
  RowMatrix queries(data.n, data.d);
  std::size_t next = 0;
  for (int step = 1; step <= checkpoints.back(); ++step) {
    queries.noalias() = first_gram * w.a;
    FusedAttentionKernel(data.X, data.T, data.y, queries, trace.v, true, k);
    RequireFinite(std::isfinite(k.loss),
                  "the M3 loss became non-finite at step " + std::to_string(step - 1));
    for (int i = 0; i < data.n; ++i) r.row(i) = k.dloss_dscore.row(i) * data.Tokens(i);
    w.a -= beta_w * r;
    trace.v -= beta_v * k.grad_u;
    if (step == checkpoints[next]) {
      trace.steps.push_back(step);
      trace.iterates.push_back(w);
      ++next;
    }
  }
  queries.noalias() = first_gram * w.a;
  FusedAttentionKernel(data.X, data.T, data.y, queries, trace.v, false, k);
  int correct = 0;
  trace.final_choice.resize(data.n);
  for (int i = 0; i < data.n; ++i) {
    correct += data.y(i) * k.f(i) > 0;
    trace.final_choice[i] = k.attention(i, 1) > k.attention(i, 0);
  }
  trace.train_accuracy = static_cast<double>(correct) / data.n;
  return trace;
}

std::vector<double> DirectionCosines(const Dataset& data, const WDirectionTrace& trace,
                                     const FactoredW& target) {
  const RowMatrix first_gram = FirstTokenGram(data);
  std::vector<double> cosines;
  for (const FactoredW& w : trace.iterates) cosines.push_back(Cosine(first_gram, w, target));
  return cosines;
}

}  // namespace boa
