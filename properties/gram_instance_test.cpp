// gram_instance: the Gram form of a generated dataset is exact. A span vector (a, γ) stands for
// a₁e₁ + a₂e₂ + Σ γ_k ζ_k, so every operation of the Gram engine must agree, to rounding, with the
// same operation on the ambient vectors it stands for: inner products (H carries ⟨ζ_k, ζ_l⟩),
// token projections, token combinations, and the initial vectors p₀, v₀ booked into the span.
// This is the bookkeeping that lets GD run without d-dimensional vectors (docs/THEORY.md, the
// Gram engine); the experiment-level tests in gram_sampling_test only see it in distribution.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/gram_instance.hpp"
#include "boa/linear_baseline.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/rng.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/token_selection_data.hpp"

namespace boa {
namespace gram_instance_test {

// Relative agreement to rounding: the values are sums of O(d) products of O(1) entries.
constexpr double kRounding = 1e-10;

bool Close(double x, double y, double scale) { return std::fabs(x - y) <= kRounding * scale; }

Vector Gaussian(int size, Rng& rng) {
  Vector v(size);
  for (double& x : v) x = rng.Normal();
  return v;
}

SpanVector RandomSpan(const GramInstance& g, Rng& rng) {
  SpanVector v = g.Zero();
  v.a = Eigen::Vector2d(rng.Normal(), rng.Normal());
  v.gamma = Gaussian(g.K(), rng);
  return v;
}

// D1 ([M]: noise orthogonal to the signals, signal tokens with no ζ part) or D2 ([S]: noise on
// every coordinate), small enough for exact ambient arithmetic.
Dataset SmallDataset(bool token_selection, std::uint64_t seed) {
  if (token_selection) {
    TokenSelectionSpec spec;
    spec.n = *rc::gen::inRange(2, 7);
    spec.T = *rc::gen::inRange(3, 6);
    spec.d = *rc::gen::inRange(8, 40);
    spec.mu_norm = 3;
    spec.rho = 0.5;
    return GenerateTokenSelection(spec, seed);
  }
  SignalNoiseSpec spec;
  spec.n = *rc::gen::inRange(2, 7);
  spec.T = *rc::gen::inRange(2, 5);
  spec.d = *rc::gen::inRange(8, 40);
  return GenerateSignalNoise(spec, seed);
}

RC_GTEST_PROP(GramInstance, EveryOperationAgreesWithTheAmbientVectorsItStandsFor, ()) {
  const bool token_selection = *rc::gen::arbitrary<bool>();
  const auto seed = *rc::gen::inRange<std::uint64_t>(1, 1u << 20);
  const Dataset data = SmallDataset(token_selection, seed);
  Rng rng(seed, kInit);
  const std::vector<Vector> initial = {Gaussian(data.d, rng), Gaussian(data.d, rng)};
  const GramFromData form = GramFromDataset(data, 1.0, initial);
  const GramInstance& g = form.gram;
  const double scale = data.d + data.X.squaredNorm();

  const SpanVector u = RandomSpan(g, rng), v = RandomSpan(g, rng);
  const Vector U = ToAmbient(u, form.basis), V = ToAmbient(v, form.basis);
  RC_ASSERT(Close(g.Inner(u, v), U.dot(V), scale));

  const RowMatrix projected = g.Project(v);
  for (int r = 0; r < data.n * data.T; ++r)
    RC_ASSERT(Close(projected(r / data.T, r % data.T), data.X.row(r).dot(V), scale));

  RowMatrix c(data.n, data.T);
  for (int i = 0; i < data.n; ++i) {
    for (int t = 0; t < data.T; ++t) c(i, t) = rng.Normal();
  }
  const Vector combined = ToAmbient(g.Combine(c), form.basis);
  const Vector expected = data.X.transpose() * c.reshaped<Eigen::RowMajor>();
  RC_ASSERT((combined - expected).norm() <= kRounding * scale);

  RC_ASSERT(g.initial.size() == initial.size());
  for (std::size_t j = 0; j < initial.size(); ++j)
    RC_ASSERT((ToAmbient(g.initial[j], form.basis) - initial[j]).norm() <= kRounding * scale);
}

// The linear baseline of magen24.extension.vs_linear in Gram form against ℝ^d: the minimum-norm
// interpolator of the averaged tokens is Zᵀ(ZZᵀ)⁻¹y (and interpolates), and its signal share is
// the share of ‖v‖² on e₁, e₂ (D1's μ₊ = ‖μ‖e₁, μ₋ = ‖μ‖e₂, noise off both).
TEST(GramInstance, MinNormLinearInterpolatorAndSignalShareAreTheAmbientOnes) {
  SignalNoiseSpec spec;
  spec.n = 8;
  spec.d = 100;
  spec.snr = 0.4;
  spec.flips = FlipRule::kExact;
  const Dataset data = GenerateSignalNoise(spec, 7);
  const GramFromData form = GramFromDataset(data, spec.sigma);
  const Vector v = ToAmbient(MinNormLinearInterpolator(form.gram), form.basis);
  RowMatrix Z(spec.n, spec.d);
  for (int i = 0; i < spec.n; ++i) Z.row(i) = data.Tokens(i).colwise().mean();
  const Vector expected = Z.transpose() * (Z * Z.transpose()).ldlt().solve(data.y);
  EXPECT_LE((v - expected).norm(), 1e-9 * expected.norm());
  EXPECT_LE((Z * v - data.y).cwiseAbs().maxCoeff(), 1e-9);
  const double mu_norm = spec.snr * spec.sigma * std::sqrt(static_cast<double>(spec.d));
  const double share =
      SignalShare(ProjectionsOf(form.gram.Zero(), MinNormLinearInterpolator(form.gram), form.gram),
                  mu_norm, spec.sigma);
  EXPECT_NEAR(share, (v(0) * v(0) + v(1) * v(1)) / v.squaredNorm(), 1e-9);
  EXPECT_GT(share, 0.01);  // both parts present: the check is not 0 = 0 or 1 = 1
  EXPECT_LT(share, 0.99);
}

}  // namespace gram_instance_test
}  // namespace boa
