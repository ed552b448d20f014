// M2 with W trained: GradientDescent steps W in factored form (boa/factored_query_weights.hpp)
// and must follow the dense update W ← (1 − βλ)W − βp∇_qᵀ, p ← (1 − βλ)p − βW∇_q step for step.
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/rng.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/train.hpp"

namespace boa {
namespace factored_query_weights_test {

// The factored and the dense update compute the same sums in another order over ≤ 40 steps:
// relative rounding differences stay ≈ 1e-14·steps, far below the 1e-10 asked for (issue 5).
constexpr double kTrajectoryRtol = 1e-10;

double RelativeGap(const Vector& ours, const Vector& dense) {
  return (ours - dense).cwiseAbs().maxCoeff() / std::max(dense.cwiseAbs().maxCoeff(), 1e-300);
}

// θ ← θ − β(∇L + λθ) on dense blocks, written out here so it shares no code with the trainer.
void DenseSteps(TokenSelection& model, const Dataset& data, int steps, double beta_p, double beta_W,
                double decay, std::vector<double>& losses) {
  for (int k = 0; k < steps; ++k) {
    const Evaluation e = model.Evaluate(data, true);
    losses.push_back(e.loss);
    Vector& p = model.Block("p");
    Vector& W = model.Block("W");
    if (beta_p > 0) p -= beta_p * (e.gradient[0] + decay * p);
    W -= beta_W * (e.gradient[1] + decay * W);
  }
}

struct Case {
  Dataset data;
  int steps = 0;
  double beta_p = 0, beta_W = 0, decay = 0;
  TokenSelection model{3, Vector::Zero(3), true};
};

// n·T < d, so GradientDescent takes the factored path.
Case DrawCase() {
  TokenSelectionSpec spec;
  spec.n = *rc::gen::inRange(2, 5);
  spec.T = *rc::gen::inRange(2, 4);
  spec.d = spec.n * spec.T + *rc::gen::inRange(1, 12);
  spec.mu_norm = *rc::gen::inRange(1, 6);
  spec.weak_same = spec.T >= 3 ? 1 : 0;
  spec.weak_opposite = 0;
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  Case c;
  c.data = GenerateTokenSelection(spec, seed);
  c.steps = *rc::gen::inRange(1, 40);
  c.beta_W = *rc::gen::inRange(1, 50) / 100.0;
  c.beta_p = *rc::gen::element(0.0, c.beta_W);  // W only, or W and p
  c.decay = *rc::gen::inRange(0, 30) / 100.0;
  c.model = TokenSelection(spec.d, DefaultHead(c.data), true);
  InitTokenSelectionW(c.model, seed);
  Rng rng(seed, kInit);
  for (double& x : c.model.Block("p")) x = rng.Normal();
  return c;
}

RC_GTEST_PROP(FactoredQueryWeights, TrajectoryEqualsTheDenseUpdateIncludingWeightDecay, ()) {
  Case c = DrawCase();
  TokenSelection dense = c.model;
  std::vector<double> dense_losses;
  DenseSteps(dense, c.data, c.steps, c.beta_p, c.beta_W, c.decay, dense_losses);

  std::vector<double> losses;
  bool gradients_left_out = true;
  GradientDescent(c.model, c.data,
                  {c.steps, ConstantSchedule({{"p", c.beta_p}, {"W", c.beta_W}}), c.decay},
                  [&](int step, const Model&, const Evaluation& e) {
                    if (step < c.steps) gradients_left_out &= e.gradient.empty();
                    losses.push_back(e.loss);
                  });
  RC_ASSERT(gradients_left_out);  // the evaluations came from the factored path
  for (int k = 0; k < c.steps; ++k)
    RC_ASSERT(std::fabs(losses[k] - dense_losses[k]) <= kTrajectoryRtol * dense_losses[k]);
  RC_ASSERT(RelativeGap(c.model.Query(), dense.Query()) <= kTrajectoryRtol);
  RC_ASSERT(RelativeGap(c.model.Block("p"), dense.Block("p")) <= kTrajectoryRtol);
  RC_ASSERT(RelativeGap(c.model.Block("W"), dense.Block("W")) <= kTrajectoryRtol);
}

RC_GTEST_PROP(FactoredQueryWeights, ReadingWMidwayOrSplittingTheRunChangesNothing, ()) {
  Case c = DrawCase();
  const TrainOptions options{c.steps, ConstantSchedule({{"p", c.beta_p}, {"W", c.beta_W}}),
                             c.decay};
  TokenSelection whole = c.model;
  GradientDescent(whole, c.data, options);

  // Two GradientDescent calls, and an observer that reads W (forming it ends the factored form).
  const int first = *rc::gen::inRange(0, c.steps + 1), peek = *rc::gen::inRange(0, c.steps);
  GradientDescent(c.model, c.data, {first, options.step_size, c.decay});
  double w_sum = 0;
  GradientDescent(c.model, c.data, {c.steps - first, options.step_size, c.decay},
                  [&](int step, const Model& model, const Evaluation&) {
                    if (step == peek) w_sum = model.Block("W").sum();
                  });
  RC_ASSERT(std::isfinite(w_sum));
  RC_ASSERT(RelativeGap(c.model.Block("p"), whole.Block("p")) <= kTrajectoryRtol);
  RC_ASSERT(RelativeGap(c.model.Block("W"), whole.Block("W")) <= kTrajectoryRtol);
}

TEST(FactoredQueryWeights, NewDataRestartsTheFactorisation) {
  TokenSelectionSpec spec;
  spec.n = 3;
  spec.T = 2;
  spec.d = 12;
  spec.weak_same = spec.weak_opposite = 0;
  const Dataset first = GenerateTokenSelection(spec, 1), second = GenerateTokenSelection(spec, 2);
  TokenSelection model(spec.d, DefaultHead(first), true);
  InitTokenSelectionW(model, 1);
  const TrainOptions options{4, ConstantSchedule({{"p", 0.3}, {"W", 0.3}}), 0.1};
  GradientDescent(model, first, options);
  TokenSelection dense = model;
  dense.Block("W");  // a non-const read: dense is now plain d×d storage
  GradientDescent(model, second, options);
  std::vector<double> unused;
  DenseSteps(dense, second, options.steps, 0.3, 0.3, 0.1, unused);
  EXPECT_LE(RelativeGap(model.Block("W"), dense.Block("W")), kTrajectoryRtol);
  EXPECT_LE(RelativeGap(model.Block("p"), dense.Block("p")), kTrajectoryRtol);
}

}  // namespace factored_query_weights_test
}  // namespace boa
