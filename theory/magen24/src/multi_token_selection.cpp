#include "boa/multi_token_selection.hpp"

#include <algorithm>
#include <string>

#include "boa/error.hpp"

namespace boa {

SetSelectionSvms SolveSetSelectionSvms(const SampleLabels& labels, const RowMatrix& K,
                                       const TokenSets& sets) {
  const int n = labels.n, T = labels.T;
  const Eigen::Index tokens = static_cast<Eigen::Index>(n) * T;
  Require(static_cast<int>(sets.size()) == n && K.rows() == tokens && K.cols() == tokens,
          "one token set per sample and the (n·T)×(n·T) token Gram matrix are needed");
  // Columns over the tokens: inequality rows A (kept s₀ minus each dropped token), equality
  // directions E (each other kept token minus s₀), and the v-side weights W (mean of the set).
  std::vector<Vector> rows, equalities;
  RowMatrix W = RowMatrix::Zero(tokens, n);
  for (int i = 0; i < n; ++i) {
    const std::vector<int>& kept = sets[i];
    Require(!kept.empty() &&
                std::all_of(kept.begin(), kept.end(), [T](int t) { return t >= 0 && t < T; }),
            "sample " + std::to_string(i) + " needs a non-empty set of tokens in [0, T)");
    const Eigen::Index s0 = static_cast<Eigen::Index>(i) * T + kept.front();
    for (int t = 0; t < T; ++t) {
      const Eigen::Index it = static_cast<Eigen::Index>(i) * T + t;
      Vector e = Vector::Zero(tokens);
      if (std::find(kept.begin(), kept.end(), t) == kept.end()) {
        e(s0) = 1, e(it) = -1;
        rows.push_back(e);
      } else {
        W(it, i) = 1.0 / static_cast<double>(kept.size());
        if (it != s0) e(it) = 1, e(s0) = -1, equalities.push_back(e);
      }
    }
  }
  Require(!rows.empty(), "a set selection that keeps every token leaves p nothing to separate");
  RowMatrix A(tokens, static_cast<Eigen::Index>(rows.size()));
  for (std::size_t r = 0; r < rows.size(); ++r) A.col(static_cast<Eigen::Index>(r)) = rows[r];
  // P aᵣ = aᵣ − E (EᵀKE)⁺ EᵀK aᵣ, in token coefficients.
  RowMatrix PA = A;
  if (!equalities.empty()) {
    RowMatrix E(tokens, static_cast<Eigen::Index>(equalities.size()));
    for (std::size_t q = 0; q < equalities.size(); ++q)
      E.col(static_cast<Eigen::Index>(q)) = equalities[q];
    const RowMatrix EKE = E.transpose() * K * E;
    PA -= E * EKE.completeOrthogonalDecomposition().solve(RowMatrix(E.transpose() * K * A));
  }
  SetSelectionSvms s;
  s.sets = sets;
  s.p_svm = SolveHardMarginSvm(PA.transpose() * K * PA);
  RowMatrix v_gram = W.transpose() * K * W;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) v_gram(i, j) *= labels.y(i) * labels.y(j);
  }
  s.v_svm = SolveHardMarginSvm(v_gram);
  const Vector p = PA * s.p_svm.alpha;
  const Vector v = W * (s.v_svm.alpha.array() * labels.y.array()).matrix();
  s.p_coef = Eigen::Map<const RowMatrix>(p.data(), n, T);
  s.v_coef = Eigen::Map<const RowMatrix>(v.data(), n, T);
  return s;
}

TokenSets NoiseSets(const SampleLabels& labels, const RowMatrix& K, bool clean_signal,
                    bool combine_noise) {
  const int T = labels.T;
  TokenSets sets(labels.n);
  for (int i = 0; i < labels.n; ++i) {
    int signal = -1, largest = -1;
    std::vector<int> noise;
    for (int t = 0; t < T; ++t) {
      const Eigen::Index it = static_cast<Eigen::Index>(i) * T + t;
      if (labels.Role(i, t) == TokenRole::kSignal) {
        signal = t;
        continue;
      }
      noise.push_back(t);
      if (largest < 0 || K(it, it) > K(i * T + largest, i * T + largest)) largest = t;
    }
    Require(signal >= 0 && !noise.empty(), "every sample needs a signal and a noise token");
    if (clean_signal && !labels.noisy[i]) {
      sets[i] = {signal};
    } else {
      sets[i] = combine_noise ? noise : std::vector<int>{largest};
    }
  }
  return sets;
}

}  // namespace boa
