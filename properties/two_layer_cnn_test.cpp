// The two-layer ReLU CNN (theory/model two_layer_cnn.hpp): its output is Kou et al.'s definition
// term by term, its activation shares are a distribution, and its gradient is checked by central
// finite differences in core.gradient.finite_difference (random instance model 8) and by the
// PyTorch peer (benchmarks/peers/peer_model.py).
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/error.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/train.hpp"
#include "boa/two_layer_cnn.hpp"

namespace boa {
namespace two_layer_cnn_test {

struct CnnCase {
  Dataset data;
  TwoLayerCnn cnn;
};

CnnCase DrawCase() {
  SignalNoiseSpec spec;
  spec.n = *rc::gen::inRange(2, 8);
  spec.T = *rc::gen::inRange(2, 5);
  spec.d = *rc::gen::inRange(3, 12);
  spec.snr = *rc::gen::inRange(1, 150) / 100.0;
  spec.eta = 0.25;
  spec.antipodal = *rc::gen::arbitrary<bool>();
  spec.position = SignalPosition::kRandom;
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  CnnCase c{GenerateSignalNoise(spec, seed), TwoLayerCnn(spec.d, *rc::gen::inRange(1, 6))};
  InitGaussian(c.cnn, *rc::gen::inRange(1, 100) / 100.0, seed);
  return c;
}

RC_GTEST_PROP(TwoLayerCnn, OutputIsTheSumOfReluFilterResponsesOverPatches, ()) {
  const CnnCase c = DrawCase();
  const int m = c.cnn.Width(), d = c.data.d;
  const Evaluation e = c.cnn.Evaluate(c.data, false);
  double loss = 0;
  for (int i = 0; i < c.data.n; ++i) {
    double f = 0;
    for (int t = 0; t < c.data.T; ++t) {
      const Vector x = c.data.Tokens(i).row(t).transpose();
      for (int r = 0; r < m; ++r) {
        f += std::max(0.0, c.cnn.Block("w_plus").segment(r * d, d).dot(x)) / m;
        f -= std::max(0.0, c.cnn.Block("w_minus").segment(r * d, d).dot(x)) / m;
      }
    }
    RC_ASSERT(std::fabs(e.f(i) - f) <= 1e-12 * (1 + std::fabs(f)));
    loss += std::log1p(std::exp(-c.data.y(i) * f)) / c.data.n;
  }
  RC_ASSERT(std::fabs(e.loss - loss) <= 1e-12 * (1 + loss));
}

RC_GTEST_PROP(TwoLayerCnn, ActivationSharesAreADistributionOverTokens, ()) {
  const CnnCase c = DrawCase();
  const Evaluation e = c.cnn.Evaluate(c.data, false);
  RC_ASSERT(e.attention.rows() == c.data.n);
  RC_ASSERT(e.attention.cols() == c.data.T);
  RC_ASSERT((e.attention.array() >= 0).all());
  for (int i = 0; i < c.data.n; ++i) RC_ASSERT(std::fabs(e.attention.row(i).sum() - 1) <= 1e-12);
}

TEST(TwoLayerCnn, ZeroFiltersGiveZeroOutputAndUniformShares) {
  SignalNoiseSpec spec;
  spec.n = 4;
  spec.d = 10;
  const Dataset data = GenerateSignalNoise(spec, 3);
  const TwoLayerCnn cnn(data.d, 5);
  const Evaluation e = cnn.Evaluate(data, true);
  EXPECT_TRUE(e.f.isZero(0));
  EXPECT_DOUBLE_EQ(e.loss, std::log(2.0));
  EXPECT_TRUE((e.attention.array() == 0.5).all());
  // ReLU'(0) = 0: no filter is active, so no gradient flows.
  EXPECT_TRUE(e.gradient[0].isZero(0) && e.gradient[1].isZero(0));
}

TEST(TwoLayerCnn, RejectsAZeroWidthAndAMismatchedDimension) {
  EXPECT_THROW(TwoLayerCnn(10, 0), InvalidInput);
  SignalNoiseSpec spec;
  spec.d = 10;
  EXPECT_THROW(TwoLayerCnn(11, 2).Evaluate(GenerateSignalNoise(spec, 1), false), InvalidInput);
}

}  // namespace two_layer_cnn_test
}  // namespace boa
