// every_set_selection: the certified search over every set selection against brute force.
//   - peer: on small draws (n = 2, T = 5: 961 selections; n = 3, T = 3: 343) every set
//     selection's v-SVM and p-SVM solved one by one give the same best v-margin among the
//     p-feasible ones as the search with its cuts;
//   - derivation: no combination's v-margin exceeds the best single-token selection's.
#include <algorithm>
#include <cmath>
#include <functional>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/every_set_selection.hpp"
#include "boa/hard_margin_svm.hpp"
#include "boa/max_margin_selection.hpp"
#include "max_margin_data.hpp"

namespace boa {
namespace every_set_selection_test {
using test_support::ArbitraryMaxMarginSpec;

// Every set selection, one by one: the best v-margin over the p-feasible ones, all of them and
// the single-token ones alone.
struct BruteForce {
  double best = 0, best_single = 0;
};

BruteForce SolveEverySelection(const SampleLabels& labels, const RowMatrix& K) {
  const int n = labels.n, T = labels.T;
  BruteForce out;
  TokenSets sets(n);
  std::function<void(int)> visit = [&](int k) {
    if (k == n) {
      const bool uniform = std::all_of(
          sets.begin(), sets.end(), [T](const auto& s) { return static_cast<int>(s.size()) == T; });
      double margin = 0;
      if (uniform) {  // attended uniformly at p = 0, which needs no p-SVM: the v-SVM of the means
        RowMatrix gram(n, n);
        for (int i = 0; i < n; ++i) {
          for (int j = 0; j < n; ++j)
            gram(i, j) = labels.y(i) * labels.y(j) * K.block(i * T, j * T, T, T).sum() / (T * T);
        }
        const HardMarginSvm v = SolveHardMarginSvm(gram);
        if (!v.converged) return;
        margin = 1 / std::sqrt(v.norm_squared);
      } else {
        const SetSelectionSvms s = SolveSetSelectionSvms(labels, K, sets);
        if (!s.v_svm.converged || !s.p_svm.converged) return;
        margin = 1 / std::sqrt(s.v_svm.norm_squared);
      }
      out.best = std::max(out.best, margin);
      if (!CombinesTokens(sets)) out.best_single = std::max(out.best_single, margin);
      return;
    }
    for (unsigned mask = 1; mask < (1u << T); ++mask) {
      sets[k].clear();
      for (int t = 0; t < T; ++t) {
        if (mask & (1u << t)) sets[k].push_back(t);
      }
      visit(k + 1);
    }
  };
  visit(0);
  return out;
}

RC_GTEST_PROP(EverySetSelection, TheSearchFindsTheBruteForceBestAndItKeepsSingleTokens, ()) {
  const bool three = *rc::gen::arbitrary<bool>();
  SignalNoiseSpec spec = ArbitraryMaxMarginSpec(three ? 3 : 2, three ? 4 : 3, 4, 9, 40);
  spec.T = three ? 3 : 5;
  const Dataset data = GenerateSignalNoise(spec, *rc::gen::arbitrary<std::uint32_t>());
  const SampleLabels labels = LabelsOf(data);
  const RowMatrix K = data.X * data.X.transpose();
  const EverySetSearch search = BestSetSelectionInTheLimit(labels, K);
  RC_ASSERT(search.converged);
  const BruteForce brute = SolveEverySelection(labels, K);
  RC_PRE(brute.best > 0);
  RC_ASSERT(std::abs(search.best_margin - brute.best) <= 1e-9 * brute.best);
  RC_ASSERT(brute.best <= brute.best_single * (1 + 1e-9));
  RC_ASSERT(!CombinesTokens(search.best));
}

}  // namespace every_set_selection_test
}  // namespace boa
