// cnn_gram: the two-layer ReLU CNN trained in span coordinates (boa/cnn_gram.hpp) is the same
// algorithm as the direct CNN (boa/two_layer_cnn.hpp) trained by boa's GradientDescent. On the
// same data and initial filters the two agree, to rounding, step by step: the loss trajectory, the
// training outputs, the filters the span state stands for, and the outputs on a test set computed
// from inner products alone. D1 ([M], μ₊ ⟂ μ₋) and Kou et al.'s data (antipodal: ỹμ), Gaussian
// initial filters, per-bank step sizes and weight decay. No statistics: deterministic agreement.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/cnn_gram.hpp"
#include "boa/error.hpp"
#include "boa/rng.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/train.hpp"
#include "boa/two_layer_cnn.hpp"

namespace boa {
namespace cnn_gram_test {

// Relative agreement to rounding: pre-activations are sums of O(d) products in the direct engine
// and of O(nT) Gram entries in the span engine; over ≤ 30 steps the difference stays near 1e-14.
constexpr double kRounding = 1e-10;

bool Close(double x, double y) { return std::fabs(x - y) <= kRounding * (1 + std::fabs(y)); }

struct Agreement {
  SignalNoiseSpec spec;
  int width = 1;
  double omega = 0.1;
  TrainOptions options;
  std::uint64_t seed = 1;
};

Agreement DrawAgreement() {
  Agreement a;
  a.spec.n = *rc::gen::inRange(2, 9);
  a.spec.T = *rc::gen::inRange(2, 5);
  a.spec.d = *rc::gen::inRange(3, 40);
  a.spec.snr = *rc::gen::inRange(1, 200) / 100.0;
  a.spec.eta = *rc::gen::inRange(0, 40) / 100.0;
  a.spec.antipodal = *rc::gen::arbitrary<bool>();
  a.spec.position = SignalPosition::kRandom;
  a.width = *rc::gen::inRange(1, 6);
  a.omega = *rc::gen::inRange(1, 100) / 100.0;
  const double beta_plus = *rc::gen::inRange(1, 300) / 100.0;
  const double beta_minus = *rc::gen::inRange(1, 300) / 100.0;
  a.options.steps = *rc::gen::inRange(0, 30);
  a.options.step_size = [=](int step, const std::string& block) {
    return (block == "w_plus" ? beta_plus : beta_minus) / (1 + 0.1 * (step - 1));
  };
  a.options.weight_decay = *rc::gen::element(0.0, 0.0, 0.01, 0.2);
  a.seed = *rc::gen::arbitrary<std::uint32_t>();
  return a;
}

RC_GTEST_PROP(CnnGram, OnTheSameDataTheSpanEngineIsDirectGradientDescent, ()) {
  const Agreement a = DrawAgreement();
  const Dataset train = GenerateSignalNoise(a.spec, a.seed);
  const Dataset test = GenerateSignalNoiseTest(a.spec, 7, a.seed);
  TwoLayerCnn initial(a.spec.d, a.width);
  InitGaussian(initial, a.omega, a.seed);

  TwoLayerCnn direct = initial;
  std::vector<double> direct_loss;
  std::vector<Vector> direct_f;
  GradientDescent(direct, train, a.options, [&](int, const Model&, const Evaluation& e) {
    direct_loss.push_back(e.loss);
    direct_f.push_back(e.f);
  });

  const CnnGramInstance gram = CnnGramFromDataset(train, initial);
  CnnSpanState state = CnnSpanStart(gram);
  std::vector<double> span_loss;
  std::vector<Vector> span_f;
  int expected_step = 0;
  CnnGramGradientDescent(gram, state, a.options,
                         [&](int step, const CnnSpanState&, const CnnGramEvaluation& e) {
                           RC_ASSERT(step == expected_step++);
                           span_loss.push_back(e.evaluation.loss);
                           span_f.push_back(e.evaluation.f);
                         });

  RC_ASSERT(span_loss.size() == static_cast<std::size_t>(a.options.steps) + 1);
  RC_ASSERT(direct_loss.size() == span_loss.size());
  for (std::size_t k = 0; k < span_loss.size(); ++k) {
    RC_ASSERT(Close(span_loss[k], direct_loss[k]));
    for (int i = 0; i < train.n; ++i) RC_ASSERT(Close(span_f[k](i), direct_f[k](i)));
  }

  // The filters the span state stands for are the direct filters.
  const TwoLayerCnn mapped = CnnFromSpan(train, initial, state);
  for (const char* bank : {"w_plus", "w_minus"}) {
    const Vector& w = direct.Block(bank);
    RC_ASSERT((mapped.Block(bank) - w).norm() <= kRounding * (1 + w.norm()));
  }

  // Test outputs from inner products alone (test tokens against training tokens and w⁰).
  const CnnGramTest form = CnnGramTestFromDataset(test, train, initial);
  const Evaluation span_test = EvaluateCnnGramTest(form, state);
  const Evaluation direct_test = direct.Evaluate(test, false);
  RC_ASSERT(Close(span_test.loss, direct_test.loss));
  int correct = 0;
  for (int i = 0; i < test.n; ++i) {
    RC_ASSERT(Close(span_test.f(i), direct_test.f(i)));
    correct += test.y(i) * direct_test.f(i) > 0;
  }
  // Accuracy can differ only where an output is within rounding of 0.
  bool near_zero = false;
  for (int i = 0; i < test.n; ++i) near_zero |= std::fabs(direct_test.f(i)) <= 1e-9;
  if (!near_zero)
    RC_ASSERT(CnnGramTestAccuracy(form, state) == static_cast<double>(correct) / test.n);
}

// The span engine's gradient weights are the direct gradient: ∇_{w_{j,r}} L = Σ_k Γ(k,(j,r)) x_k,
// at a state away from w⁰ (random coefficients, decayed scales).
RC_GTEST_PROP(CnnGram, GradientWeightsCombineTokensIntoTheDirectGradient, ()) {
  const Agreement a = DrawAgreement();
  const Dataset train = GenerateSignalNoise(a.spec, a.seed);
  TwoLayerCnn initial(a.spec.d, a.width);
  InitGaussian(initial, a.omega, a.seed);
  const CnnGramInstance gram = CnnGramFromDataset(train, initial);
  CnnSpanState state = CnnSpanStart(gram);
  Rng rng(a.seed, kDirection);
  for (double& c : state.C.reshaped()) c = 0.3 * rng.Normal();
  state.scale = Eigen::Vector2d(rng.Uniform(0.5, 1.0), rng.Uniform(0.5, 1.0));

  const CnnGramEvaluation span = EvaluateCnnGram(gram, state, true);
  const TwoLayerCnn ambient = CnnFromSpan(train, initial, state);
  const Evaluation direct = ambient.Evaluate(train, true);
  RC_ASSERT(Close(span.evaluation.loss, direct.loss));
  RC_ASSERT((span.evaluation.attention - direct.attention).cwiseAbs().maxCoeff() <= kRounding);
  const int m = a.width, d = a.spec.d;
  for (int j = 0; j < 2; ++j) {
    const RowMatrix combined = span.weights.middleCols(j * m, m).transpose() * train.X;  // m×d
    const Vector flat = combined.reshaped<Eigen::RowMajor>();
    RC_ASSERT(flat.size() == static_cast<Eigen::Index>(m) * d);
    RC_ASSERT((flat - direct.gradient[j]).norm() <= kRounding * (1 + direct.gradient[j].norm()));
  }
}

// d ≫ n·T: the span engine's cost does not grow with d, and it still is direct GD (a larger
// instance than the property's, with Kou et al.'s data).
TEST(CnnGram, AgreesWithDirectDescentWhenDFarExceedsTheTokenCount) {
  SignalNoiseSpec spec;
  spec.n = 10;
  spec.T = 2;
  spec.d = 800;
  spec.snr = 0.3;
  spec.eta = 0.1;
  spec.antipodal = true;
  const Dataset train = GenerateSignalNoise(spec, 5);
  TwoLayerCnn initial(spec.d, 4);
  InitGaussian(initial, 0.01, 5);
  TrainOptions options;
  options.steps = 50;
  options.step_size = ConstantSchedule({{"w_plus", 1.0}, {"w_minus", 1.0}});
  TwoLayerCnn direct = initial;
  GradientDescent(direct, train, options);
  const CnnGramInstance gram = CnnGramFromDataset(train, initial);
  CnnSpanState state = CnnSpanStart(gram);
  CnnGramGradientDescent(gram, state, options);
  const Evaluation d_eval = direct.Evaluate(train, false);
  const Evaluation s_eval = EvaluateCnnGram(gram, state, false).evaluation;
  EXPECT_LT(d_eval.loss, std::log(2.0));  // it trained
  EXPECT_NEAR(s_eval.loss, d_eval.loss, kRounding * (1 + d_eval.loss));
  for (int i = 0; i < spec.n; ++i)
    EXPECT_NEAR(s_eval.f(i), d_eval.f(i), kRounding * (1 + std::fabs(d_eval.f(i))));
}

TEST(CnnGram, RejectsInconsistentShapes) {
  SignalNoiseSpec spec;
  spec.n = 4;
  spec.d = 10;
  const Dataset train = GenerateSignalNoise(spec, 2);
  TwoLayerCnn initial(spec.d, 3);
  InitGaussian(initial, 0.1, 2);
  CnnGramInstance gram = CnnGramFromDataset(train, initial);
  CnnSpanState state = CnnSpanStart(gram);
  EXPECT_NO_THROW(EvaluateCnnGram(gram, state, true));
  state.C.resize(3, 6);
  EXPECT_THROW(EvaluateCnnGram(gram, state, true), InvalidInput);
  state = CnnSpanStart(gram);
  gram.P.resize(8, 4);
  EXPECT_THROW(EvaluateCnnGram(gram, state, true), InvalidInput);
  EXPECT_THROW(CnnGramFromDataset(train, TwoLayerCnn(11, 3)), InvalidInput);
  TrainOptions options;
  options.steps = -1;
  options.step_size = ConstantSchedule({{"w_plus", 1.0}, {"w_minus", 1.0}});
  EXPECT_THROW(CnnGramGradientDescent(CnnGramFromDataset(train, initial), state, options),
               InvalidInput);
}

}  // namespace cnn_gram_test
}  // namespace boa
