// max_margin_selection: on a hand-built D1 set with exactly orthogonal noise tokens the SVM norms
// have closed forms, so the idealised heuristic of THEORY.md holds exactly:
//   ‖v(benign)‖² = k/‖μ‖² + Σ_{i∈N} 1/‖ξ_i‖²,  ‖v(all noise)‖² = Σ_i 1/‖ξ_i‖²,
// and with balanced classes the max-margin selection switches from all-noise to benign at
// ‖μ‖² = 2/|C|·‖ξ‖² (SNR² = 2/|C| when ‖ξ‖² = d).
#include <cmath>
#include <limits>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/gram_instance.hpp"
#include "boa/joint_max_margin.hpp"
#include "boa/max_margin_selection.hpp"
#include "max_margin_data.hpp"

namespace boa {
namespace max_margin_selection_test {
using test_support::ArbitraryMaxMarginSpec;
using test_support::OrthogonalSignalNoise;

// The D1 spec that OrthogonalSignalNoise's data stand for (σ = 1 per coordinate, ‖μ‖ = mu).
SignalNoiseSpec SpecOf(const Dataset& data, double mu) {
  SignalNoiseSpec spec;
  spec.n = data.n;
  spec.d = data.d;
  spec.snr = mu / std::sqrt(static_cast<double>(data.d));
  return spec;
}

TEST(MaxMarginSelection, NormsMatchTheClosedFormsOnOrthogonalNoise) {
  const double mu = 3, xi = 5;
  const Dataset data = OrthogonalSignalNoise(10, 1, mu, xi);
  const SampleLabels labels = LabelsOf(data);
  const RowMatrix K = data.X * data.X.transpose();
  const SelectionSvms benign =
      SolveSelectionSvms(labels, K, SignalForCleanClasses(labels, true, true));
  const SelectionSvms noise =
      SolveSelectionSvms(labels, K, SignalForCleanClasses(labels, false, false));
  EXPECT_NEAR(benign.v_svm.norm_squared, 2 / (mu * mu) + 2 / (xi * xi), 1e-12);
  EXPECT_NEAR(noise.v_svm.norm_squared, 10 / (xi * xi), 1e-12);
  EXPECT_LE(benign.v_svm.kkt_residual, 1e-10);
  EXPECT_LE(benign.p_svm.kkt_residual, 1e-10);
  // The p-SVM really selects: every chosen token outscores the other one by ≥ 1.
  const Vector p = CombineTokens(data, benign.p_coef);
  for (int i = 0; i < data.n; ++i) {
    const int t = benign.choice[i];
    EXPECT_GE(p.dot(data.X.row(2 * i + t)) - p.dot(data.X.row(2 * i + 1 - t)), 1 - 1e-9);
  }
}

// |C| = 8 clean samples, 4 per class: the switch is at ‖μ‖² = 2‖ξ‖²/|C| = ‖ξ‖²/4.
TEST(MaxMarginSelection, SelectionSwitchesAtTheIdealisedBoundary) {
  const double xi = 4, boundary_mu = xi / 2;
  for (const double factor : {0.9, 1.1}) {
    const Dataset data = OrthogonalSignalNoise(10, 1, factor * boundary_mu, xi);
    const SignalNoiseSpec spec = SpecOf(data, factor * boundary_mu);
    const MaxMarginSolution m = SolveMaxMarginSelection(data, spec, 200, 1);
    EXPECT_EQ(m.selected_benign, factor > 1) << "factor " << factor;
    EXPECT_EQ(m.selected_all_noise, factor < 1) << "factor " << factor;
    EXPECT_EQ(m.train_accuracy, 1.0);
  }
}

// The exhaustive joint solver agrees with the closed forms on both sides of the idealised boundary,
// and its minimiser is the per-class candidates' one.
TEST(JointMaxMargin, EnumerationFindsTheClosedFormWinner) {
  const double xi = 4, boundary_mu = xi / 2;
  for (const double factor : {0.9, 1.1}) {
    const Dataset data = OrthogonalSignalNoise(10, 1, factor * boundary_mu, xi);
    const SignalNoiseSpec spec = SpecOf(data, factor * boundary_mu);
    const MaxMarginSolution m =
        SolveMaxMarginSelection(data, spec, 200, 1, SelectionSearch::kAllSelections);
    EXPECT_EQ(m.selected_benign, factor > 1) << "factor " << factor;
    EXPECT_EQ(m.selected_all_noise, factor < 1) << "factor " << factor;
    EXPECT_TRUE(m.candidate_is_joint) << "factor " << factor;
    EXPECT_LE(m.selected.v_svm.norm_squared, m.benign.v_svm.norm_squared);
    EXPECT_LE(m.selected.v_svm.norm_squared, m.all_noise.v_svm.norm_squared);
    EXPECT_LE(m.max_kkt_residual, 1e-10);
  }
}

// The enumeration's shortcuts (the label-conflict test, the p-SVM solved only for a selection
// that would win) change nothing: on random D1 sets it returns the selection a plain loop over
// every selection's two SVMs finds (the smallest ‖v_SVM‖ among those with both SVMs converged).
RC_GTEST_PROP(JointMaxMargin, EnumerationMatchesAPlainLoopOverEverySelection, ()) {
  const SignalNoiseSpec spec = ArbitraryMaxMarginSpec(2, 6, 2, 5, 41);
  const auto seed = *rc::gen::inRange<std::uint64_t>(1, 1000000);
  const Dataset data = GenerateSignalNoise(spec, seed);
  const SampleLabels labels = LabelsOf(data);
  const RowMatrix K = data.X * data.X.transpose();
  const JointMaxMargin joint = EnumerateJointMaxMargin(labels, K);
  double best = std::numeric_limits<double>::infinity();
  TokenChoice best_choice;
  for (int mask = 0; mask < (1 << spec.n); ++mask) {
    TokenChoice choice(spec.n);
    for (int i = 0; i < spec.n; ++i) choice[i] = (mask >> i) & 1;
    const SelectionSvms s = SolveSelectionSvms(labels, K, choice);
    if (s.feasible() && s.v_svm.norm_squared < best) {
      best = s.v_svm.norm_squared;
      best_choice = choice;
    }
  }
  RC_ASSERT(joint.selections == (1 << spec.n));
  RC_ASSERT(joint.best.choice == best_choice);
  RC_ASSERT(std::fabs(joint.best.v_svm.norm_squared - best) <= 1e-9 * best);
}

// On Kou et al.'s data (one signal ỹμ) a noisy sample's signed signal token y·ỹμ = −μ cancels a
// clean sample's +μ, so exactly the selections with a noisy and a clean sample both on the signal
// are v-infeasible, (2^noisy − 1)(2^clean − 1) of them, and the enumeration finds each by the
// label-conflict test: every SVM it solves meets the KKT tolerance.
RC_GTEST_PROP(JointMaxMargin, OnAntipodalDataTheConflictsAreTheCancellingPairs, ()) {
  SignalNoiseSpec spec = ArbitraryMaxMarginSpec(2, 9, 2, 5, 41);
  spec.antipodal = true;
  const auto seed = *rc::gen::inRange<std::uint64_t>(1, 1000000);
  const Dataset data = GenerateSignalNoise(spec, seed);
  const SampleLabels labels = LabelsOf(data);
  const JointMaxMargin joint = EnumerateJointMaxMargin(labels, data.X * data.X.transpose());
  int noisy = 0;
  for (int i = 0; i < spec.n; ++i) noisy += labels.noisy[i] ? 1 : 0;
  RC_ASSERT(joint.v_infeasible == ((1 << noisy) - 1) * ((1 << (spec.n - noisy)) - 1));
  RC_ASSERT(joint.max_kkt_residual <= 1e-8);
}

// Identity (issue 6): the Gram engine's max-margin solution on the Gram form of a directly drawn
// D1 set is the direct one — same selection, norms, training fit and test-time projections, so
// the same projected test error.
RC_GTEST_PROP(MaxMarginSelection, GramFormGivesTheDirectSolution, ()) {
  const SignalNoiseSpec spec = ArbitraryMaxMarginSpec(4, 17, 1, 4, 21);
  const auto seed = *rc::gen::inRange<std::uint64_t>(1, 1000000);
  const Dataset data = GenerateSignalNoise(spec, seed);
  const MaxMarginSolution direct = SolveMaxMarginSelection(data, spec, 500, seed);
  const MaxMarginSolution gram =
      SolveMaxMarginSelection(GramFromDataset(data, spec.sigma).gram, spec, 500, seed);
  RC_ASSERT(gram.engine == Engine::kGram);
  RC_ASSERT(gram.selected.choice == direct.selected.choice);
  const double scale = direct.selected.v_svm.norm_squared;
  RC_ASSERT(std::fabs(gram.selected.v_svm.norm_squared - scale) <= 1e-8 * scale);
  RC_ASSERT(std::fabs(gram.benign.v_svm.norm_squared - direct.benign.v_svm.norm_squared) <=
            1e-8 * direct.benign.v_svm.norm_squared);
  RC_ASSERT(gram.train_accuracy == direct.train_accuracy);
  // Identical test draws (same seed); at most one sample may sit on the decision boundary.
  RC_ASSERT(std::fabs(gram.test.error.rate - direct.test.error.rate) <= 1.0 / 500 + 1e-12);
}

}  // namespace max_margin_selection_test
}  // namespace boa
