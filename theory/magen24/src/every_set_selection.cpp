#include "boa/every_set_selection.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>

#include "boa/error.hpp"
#include "boa/hard_margin_svm.hpp"
#include "boa/joint_max_margin.hpp"

namespace boa {
namespace {

std::vector<int> TokensOf(unsigned mask, int T) {
  std::vector<int> tokens;
  for (int t = 0; t < T; ++t) {
    if (mask & (1u << t)) tokens.push_back(t);
  }
  return tokens;
}

}  // namespace

EverySetSearch BestSetSelectionInTheLimit(const SampleLabels& labels, const RowMatrix& K) {
  const int n = labels.n, T = labels.T;
  Require(T >= 2 && T <= 8 && K.rows() == static_cast<Eigen::Index>(n) * T,
          "every-set search needs 2 ≤ T ≤ 8 and the (n·T)×(n·T) token Gram matrix");
  const int subsets = (1 << T) - 1;
  // ⟨y_i z_i(a), y_j z_j(b)⟩ for every sample's every subset (mask a = 1 … 2^T − 1), z the mean of
  // the kept tokens: the v-SVM's Gram entries, computed once.
  const int units = n * subsets;
  RowMatrix mean_gram(units, units);
  for (int i = 0; i < n; ++i) {
    for (int a = 1; a <= subsets; ++a) {
      for (int j = 0; j < n; ++j) {
        for (int b = 1; b <= subsets; ++b) {
          double sum = 0;
          for (int s = 0; s < T; ++s) {
            if (!(a & (1 << s))) continue;
            for (int t = 0; t < T; ++t) {
              if (b & (1 << t)) sum += K(i * T + s, j * T + t);
            }
          }
          mean_gram(i * subsets + a - 1, j * subsets + b - 1) =
              labels.y(i) * labels.y(j) * sum /
              (std::popcount(unsigned(a)) * std::popcount(unsigned(b)));
        }
      }
    }
  }
  // Each sample's subsets in the order tried: largest ‖z‖² first (single tokens of large norm).
  std::vector<int> order(subsets);
  std::vector<std::vector<int>> tried(n);
  for (int i = 0; i < n; ++i) {
    for (int a = 0; a < subsets; ++a) order[a] = a + 1;
    const auto norm = [&](int a) { return mean_gram(i * subsets + a - 1, i * subsets + a - 1); };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return norm(a) > norm(b); });
    tried[i] = order;
  }
  EverySetSearch out;
  std::vector<int> mask(n, 0), unit(n, 0);
  const auto margin_of = [&](int k) {  // the v-SVM of samples 0 … k − 1
    RowMatrix gram(k, k);
    for (int r = 0; r < k; ++r) {
      for (int c = 0; c < k; ++c) gram(r, c) = mean_gram(unit[r], unit[c]);
    }
    // On D1 a noisy and a clean sample of its true class that both keep only the shared signal
    // cancel (joint_max_margin.hpp).
    for (int r = 0; r < k; ++r) {
      for (int c = r + 1; c < k; ++c) {
        if (SignedRowsCancel(gram(r, r), gram(c, c), gram(r, c))) return 0.0;
      }
    }
    const HardMarginSvm svm = SolveHardMarginSvm(gram);
    // Not separable (the dual proved unbounded): no v fits these samples, margin 0. Anything
    // else short of the tolerance is the solver's failure, and the search is not certified.
    if (!svm.separable) return 0.0;
    out.converged = out.converged && svm.converged;
    return svm.converged ? 1 / std::sqrt(svm.norm_squared) : 0.0;
  };
  std::function<void(int)> visit = [&](int k) {
    if (k == n) {
      ++out.leaves;
      const double margin = margin_of(n);
      if (margin <= out.best_margin) return;
      TokenSets sets(n);
      for (int i = 0; i < n; ++i) sets[i] = TokensOf(static_cast<unsigned>(mask[i]), T);
      // Every sample keeping every token is attended uniformly at p = 0: feasible, nothing to
      // solve.
      const bool uniform =
          std::all_of(mask.begin(), mask.end(), [&](int m) { return m == subsets; });
      if (!uniform) {
        ++out.p_solves;
        const HardMarginSvm p_svm = SolveSetSelectionSvms(labels, K, sets).p_svm;
        if (!p_svm.converged) {
          // Proved infeasible: no p ranks the sets so. Short of the tolerance otherwise: the
          // solver's failure, and the search is not certified.
          out.converged = out.converged && !p_svm.separable;
          ++out.p_infeasible;
          return;
        }
      }
      out.best = std::move(sets);
      out.best_margin = margin;
      return;
    }
    for (const int a : tried[k]) {
      mask[k] = a;
      unit[k] = k * subsets + a - 1;
      if (k + 1 < n && out.best_margin > 0 && margin_of(k + 1) <= out.best_margin) {
        ++out.cuts;
        continue;
      }
      visit(k + 1);
    }
  };
  visit(0);
  return out;
}

bool CombinesTokens(const TokenSets& sets) {
  return std::any_of(sets.begin(), sets.end(), [](const auto& s) { return s.size() > 1; });
}

}  // namespace boa
