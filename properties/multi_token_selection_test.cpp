// multi_token_selection: set selections with T > 2 tokens.
//   - peer: singleton sets of a T = 2 draw are SolveSelectionSvms's selections;
//   - certificate: on the dense data the p-SVM's p scores every kept token equally and ahead of
//     every dropped one by ≥ 1, the v-SVM's v fits the kept sets' means with margin ≥ 1, and both
//     norms are the solvers' (the solvers' KKT residuals certify optimality);
//   - limit: along a combination's ray the margin tends to its v-SVM's.
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/joint_budget.hpp"
#include "boa/max_margin_selection.hpp"
#include "boa/multi_token_selection.hpp"
#include "max_margin_data.hpp"

namespace boa {
namespace multi_token_selection_test {
using test_support::ArbitraryMaxMarginSpec;

Dataset DrawData(int T) {
  SignalNoiseSpec spec = ArbitraryMaxMarginSpec(4, 9, 2, 4, 25);
  spec.T = T;
  return GenerateSignalNoise(spec, *rc::gen::arbitrary<std::uint32_t>());
}

RC_GTEST_PROP(MultiTokenSelection, SingletonSetsAreTheTwoTokenSelections, ()) {
  const Dataset data = DrawData(2);
  const SampleLabels labels = LabelsOf(data);
  const RowMatrix K = data.X * data.X.transpose();
  const bool clean_signal = *rc::gen::arbitrary<bool>();
  const SetSelectionSvms sets =
      SolveSetSelectionSvms(labels, K, NoiseSets(labels, K, clean_signal, false));
  TokenChoice choice(data.n);
  for (int i = 0; i < data.n; ++i) choice[i] = sets.sets[i].front();
  const SelectionSvms pair = SolveSelectionSvms(labels, K, choice);
  RC_ASSERT(sets.feasible() == pair.feasible());
  RC_PRE(pair.feasible());
  RC_ASSERT(std::abs(sets.v_svm.norm_squared - pair.v_svm.norm_squared) <=
            1e-8 * pair.v_svm.norm_squared);
  RC_ASSERT(std::abs(sets.p_svm.norm_squared - pair.p_svm.norm_squared) <=
            1e-8 * pair.p_svm.norm_squared);
}

RC_GTEST_PROP(MultiTokenSelection, TheSolutionsMeetTheirConstraintsOnTheDenseData, ()) {
  const Dataset data = DrawData(*rc::gen::inRange(3, 5));
  const SampleLabels labels = LabelsOf(data);
  const RowMatrix K = data.X * data.X.transpose();
  const SetSelectionSvms s = SolveSetSelectionSvms(
      labels, K, NoiseSets(labels, K, *rc::gen::arbitrary<bool>(), *rc::gen::arbitrary<bool>()));
  RC_PRE(s.feasible());
  const Vector p = CombineTokens(data, s.p_coef), v = CombineTokens(data, s.v_coef);
  RC_ASSERT(std::abs(p.squaredNorm() - s.p_svm.norm_squared) <= 1e-8 * s.p_svm.norm_squared);
  RC_ASSERT(std::abs(v.squaredNorm() - s.v_svm.norm_squared) <= 1e-8 * s.v_svm.norm_squared);
  for (int i = 0; i < data.n; ++i) {
    const Vector scores = data.Tokens(i) * p;
    const std::vector<int>& kept = s.sets[i];
    Vector mean = Vector::Zero(data.d);
    for (int t : kept) {
      RC_ASSERT(std::abs(scores(t) - scores(kept.front())) <= 1e-8 * (1 + std::abs(scores(t))));
      mean += data.Tokens(i).row(t).transpose() / static_cast<double>(kept.size());
    }
    for (int t = 0; t < data.T; ++t) {
      if (std::find(kept.begin(), kept.end(), t) == kept.end())
        RC_ASSERT(scores(kept.front()) - scores(t) >= 1 - 1e-8);
    }
    RC_ASSERT(data.y(i) * v.dot(mean) >= 1 - 1e-8);
  }
}

RC_GTEST_PROP(MultiTokenSelection, ACombinationsRayMarginTendsToItsVMargin, ()) {
  const Dataset data = DrawData(3);
  const SampleLabels labels = LabelsOf(data);
  const RowMatrix K = data.X * data.X.transpose();
  const SetSelectionSvms s = SolveSetSelectionSvms(labels, K, NoiseSets(labels, K, true, true));
  RC_PRE(s.feasible());
  const Ray ray{s.p_coef, std::sqrt(s.p_svm.norm_squared)};
  const double gamma = 1 / std::sqrt(s.v_svm.norm_squared);
  RC_ASSERT(std::abs(RayMargin(labels, K, ray, 40 * ray.p_norm) - gamma) <=
            10 * kRayKktTolerance * gamma);
}

}  // namespace multi_token_selection_test
}  // namespace boa
