// transformer_encoder: M5 (boa/transformer_encoder.hpp), the [S] one-layer encoder. Its
// hand-derived gradients match central finite differences for every block, and its output is a
// function of the set of tokens (the [CLS] query attends to keys without positions).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "boa/finite_difference.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/tolerances.hpp"
#include "boa/train.hpp"
#include "boa/transformer_encoder.hpp"

namespace boa {
namespace transformer_encoder_test {

Dataset SmallData(int T, int d, std::uint64_t seed) {
  TokenSelectionSpec spec;
  spec.n = 4;
  spec.T = T;
  spec.d = d;
  spec.mu_norm = 2;
  spec.eta = 0.25;
  spec.weak_same = T >= 3 ? 1 : 0;
  return GenerateTokenSelection(spec, seed);
}

TEST(TransformerEncoder, GradientsMatchFiniteDifferences) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const int T = 2 + static_cast<int>(seed % 3), d = 4 + static_cast<int>(seed % 4);
    const Dataset data = SmallData(T, d, seed);
    TransformerEncoder model(d, 2 * d);
    InitGaussian(model, 0.6, seed);  // LayerNorm γ, β random too: every block away from its start
    const GradientCheck check = CheckGradientByFiniteDifference(model, data, kTolerances.fd_rtol,
                                                                kTolerances.fd_step, seed);
    EXPECT_TRUE(check.ok) << "seed " << seed << " (T = " << T << ", d = " << d << "): at "
                          << check.worst_where << " analytic " << check.worst_analytic
                          << ", finite difference " << check.worst_fd;
  }
}

TEST(TransformerEncoder, OutputIgnoresTheOrderOfTheTokens) {
  const Dataset data = SmallData(4, 6, 7);
  TransformerEncoder model(data.d, 12);
  InitGaussian(model, 0.6, 7);
  Dataset shuffled = data;
  std::vector<int> order(static_cast<std::size_t>(data.T));
  std::iota(order.begin(), order.end(), 0);
  std::rotate(order.begin(), order.begin() + 1, order.end());
  for (int i = 0; i < data.n; ++i) {
    for (int t = 0; t < data.T; ++t) {
      shuffled.X.row(static_cast<Eigen::Index>(i) * data.T + t) =
          data.X.row(static_cast<Eigen::Index>(i) * data.T + order[static_cast<std::size_t>(t)]);
    }
  }
  const Evaluation a = model.Evaluate(data, false), b = model.Evaluate(shuffled, false);
  // Only the summation order changes: agreement to a few ulps of the output scale.
  EXPECT_LE((a.f - b.f).cwiseAbs().maxCoeff(), 1e-12 * (1 + a.f.cwiseAbs().maxCoeff()));
}

}  // namespace transformer_encoder_test
}  // namespace boa
