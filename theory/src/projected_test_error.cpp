#include "boa/projected_test_error.hpp"

#include <cmath>
#include <vector>

#include "boa/error.hpp"
#include "boa/numerics.hpp"
#include "boa/rng.hpp"
#include "boa/stats.hpp"

namespace boa {
namespace {

// One token of the layout: its signal part's projections for class +1 and for class −1, whether
// it counts as "signal" for the attention statistic, and whether it carries Gaussian noise (D1's
// signal token does not).
struct TokenPattern {
  double score_plus, value_plus, score_minus, value_minus;
  bool signal;
  bool noisy;
};

ProjectedTestResult Estimate(const std::vector<TokenPattern>& layout, const Vector& q_noise,
                             const Vector& u_noise, double sigma, int n_test, std::uint64_t seed) {
  Require(n_test >= 2, "the test set needs at least two samples");
  // Cholesky factor of σ²[[a, b], [b, c]] for the noise projections (a, c ≥ 0; c may be 0).
  const double a = sigma * sigma * q_noise.squaredNorm();
  const double b = sigma * sigma * q_noise.dot(u_noise);
  const double c = sigma * sigma * u_noise.squaredNorm();
  const double l11 = std::sqrt(a);
  const double l21 = l11 > 0 ? b / l11 : 0.0;
  const double l22 = std::sqrt(std::max(0.0, c - l21 * l21));
  Rng rng(seed, kTestData);
  const int T = static_cast<int>(layout.size());
  std::vector<double> score(T), value(T), weight(T);
  ProjectedTestResult result;
  double signal_attention = 0;
  for (int i = 0; i < n_test; ++i) {
    const bool plus = i % 2 == 0;
    for (int t = 0; t < T; ++t) {
      double z1 = rng.Normal(), z2 = rng.Normal();
      if (!layout[t].noisy) z1 = z2 = 0;  // drawn anyway: the stream does not depend on the layout
      score[t] = (plus ? layout[t].score_plus : layout[t].score_minus) + l11 * z1;
      value[t] = (plus ? layout[t].value_plus : layout[t].value_minus) + l21 * z1 + l22 * z2;
    }
    StableSoftmax(score, weight);
    double f = 0;
    for (int t = 0; t < T; ++t) {
      f += weight[t] * value[t];
      if (layout[t].signal) signal_attention += weight[t];
    }
    result.error.errors += (plus ? f : -f) <= 0;
  }
  result.error.trials = n_test;
  result.error.rate = static_cast<double>(result.error.errors) / n_test;
  result.error.lower = ClopperPearsonLower(result.error.errors, n_test, 0.025);
  result.error.upper = ClopperPearsonUpper(result.error.errors, n_test, 0.025);
  result.mean_signal_attention = signal_attention / n_test;
  return result;
}

}  // namespace

ProjectedTestResult ProjectedCleanTestError(const Vector& q, const Vector& u,
                                            const SignalNoiseSpec& spec, int n_test,
                                            std::uint64_t seed) {
  Validate(spec);
  const double mu = spec.snr * spec.sigma * std::sqrt(static_cast<double>(spec.d));
  // Signal μ₊ = ‖μ‖e₁ for class +1, μ₋ = ‖μ‖e₂ for class −1; noise tokens have no signal part.
  std::vector<TokenPattern> layout(spec.T, TokenPattern{0, 0, 0, 0, false, true});
  layout[0] = {mu * q(0), mu * u(0), mu * q(1), mu * u(1), true, false};
  Vector q_noise = q, u_noise = u;
  q_noise.head(2).setZero();
  u_noise.head(2).setZero();
  return Estimate(layout, q_noise, u_noise, spec.sigma, n_test, seed);
}

ProjectedTestResult ProjectedCleanTestError(const Vector& q, const Vector& u,
                                            const TokenSelectionSpec& spec, int n_test,
                                            std::uint64_t seed) {
  Validate(spec);
  const double m = spec.mu_norm, r = spec.rho;
  std::vector<TokenPattern> layout;
  for (int k = 0; k < spec.relevant; ++k) {
    layout.push_back({m * q(0), m * u(0), m * q(1), m * u(1), true, true});
  }
  for (int k = 0; k < spec.weak_same; ++k) {
    layout.push_back({r * m * q(0), r * m * u(0), r * m * q(1), r * m * u(1), false, true});
  }
  for (int k = 0; k < spec.weak_opposite; ++k) {
    layout.push_back({r * m * q(1), r * m * u(1), r * m * q(0), r * m * u(0), false, true});
  }
  layout.resize(spec.T, TokenPattern{0, 0, 0, 0, false, true});
  return Estimate(layout, q, u, spec.sigma, n_test, seed);
}

}  // namespace boa
