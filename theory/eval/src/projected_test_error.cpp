#include "boa/projected_test_error.hpp"

#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>

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

// noise_scales[t]: token t's noise scale relative to σ (D1's dominant_ratio, THEORY.md §2.1);
// empty: 1 for every token. lengths: empty, or test sample i has only the first lengths[i] tokens
// of `layouts` (its own layout, layouts[i], when there is one per sample; else layouts[0]); the
// rest are padding, masked out (the noise draws of all T tokens are made anyway, so the stream
// does not depend on the lengths).
ProjectedTestResult Estimate(const std::vector<std::vector<TokenPattern>>& layouts,
                             const Eigen::Matrix2d& cov, int n_test, std::uint64_t seed,
                             const std::vector<double>& noise_scales = {},
                             const std::vector<int>& lengths = {}) {
  Require(n_test >= 2, "the test set needs at least two samples");
  // Cholesky factor of the 2×2 covariance (semi-definite: either variance may be 0).
  const double l11 = std::sqrt(std::max(0.0, cov(0, 0)));
  const double l21 = l11 > 0 ? cov(1, 0) / l11 : 0.0;
  const double l22 = std::sqrt(std::max(0.0, cov(1, 1) - l21 * l21));
  Rng rng(seed, kTestData);
  const int T = static_cast<int>(layouts[0].size());
  std::vector<double> score(T), value(T), weight(T);
  ProjectedTestResult result;
  double signal_attention = 0;
  for (int i = 0; i < n_test; ++i) {
    const bool plus = i % 2 == 0;
    const std::vector<TokenPattern>& layout = layouts[layouts.size() == 1 ? 0 : i];
    const int length = lengths.empty() ? T : lengths[i];
    for (int t = 0; t < T; ++t) {
      double z1 = rng.Normal(), z2 = rng.Normal();
      if (!layout[t].noisy) z1 = z2 = 0;  // drawn anyway: the stream does not depend on the layout
      const double c = noise_scales.empty() ? 1.0 : noise_scales[t];
      score[t] = (plus ? layout[t].score_plus : layout[t].score_minus) + c * l11 * z1;
      value[t] = (plus ? layout[t].value_plus : layout[t].value_minus) + c * (l21 * z1 + l22 * z2);
    }
    const auto n_tokens = static_cast<std::size_t>(length);
    StableSoftmax(std::span<const double>(score).first(n_tokens),
                  std::span<double>(weight).first(n_tokens));
    double f = 0;
    for (int t = 0; t < length; ++t) {
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

TestProjections ProjectionsOf(const Vector& q, const Vector& u, double mu_norm, double sigma,
                              bool noise_in_signal_plane) {
  TestProjections p;
  p.q_plus = mu_norm * q(0);
  p.q_minus = mu_norm * q(1);
  p.u_plus = mu_norm * u(0);
  p.u_minus = mu_norm * u(1);
  const Eigen::Index skip = noise_in_signal_plane ? 0 : 2;
  const auto qn = q.tail(q.size() - skip), un = u.tail(u.size() - skip);
  p.noise_cov << qn.squaredNorm(), qn.dot(un), qn.dot(un), un.squaredNorm();
  p.noise_cov *= sigma * sigma;
  return p;
}

TestProjections ProjectionsOf(const Vector& q, const Vector& u, const SignalNoiseSpec& spec) {
  const double mu = spec.snr * spec.sigma * std::sqrt(static_cast<double>(spec.d));
  if (!spec.antipodal) return ProjectionsOf(q, u, mu, spec.sigma, false);
  TestProjections p;
  p.q_plus = mu * q(0);
  p.q_minus = -p.q_plus;
  p.u_plus = mu * u(0);
  p.u_minus = -p.u_plus;
  const auto qn = q.tail(q.size() - 1), un = u.tail(u.size() - 1);
  p.noise_cov << qn.squaredNorm(), qn.dot(un), qn.dot(un), un.squaredNorm();
  p.noise_cov *= spec.sigma * spec.sigma;
  return p;
}

TestProjections ProjectionsOf(const SpanVector& q, const SpanVector& u, const GramInstance& g) {
  TestProjections p;
  p.q_plus = g.mu_plus_a.dot(q.a);
  p.q_minus = g.mu_minus_a.dot(q.a);
  p.u_plus = g.mu_plus_a.dot(u.a);
  p.u_minus = g.mu_minus_a.dot(u.a);
  const Vector hq = g.H * q.gamma, hu = g.H * u.gamma;
  p.noise_cov << q.gamma.dot(hq), q.gamma.dot(hu), u.gamma.dot(hq), u.gamma.dot(hu);
  if (g.noise_in_signal_plane) {
    p.noise_cov +=
        (Eigen::Matrix2d() << q.a.dot(q.a), q.a.dot(u.a), u.a.dot(q.a), u.a.dot(u.a)).finished();
  }
  p.noise_cov *= g.sigma * g.sigma;
  return p;
}

ProjectedTestResult ProjectedCleanTestError(const TestProjections& p, const SignalNoiseSpec& spec,
                                            int n_test, std::uint64_t seed) {
  Validate(spec);
  // Signal μ₊ for class +1, μ₋ for class −1, noise-free; the T − 1 noise tokens have no signal,
  // and noise of scale NoiseTokenScale (σ for the first, σ/κ for the others). The signal's slot
  // does not change the test error (the model is permutation-invariant over tokens).
  std::vector<TokenPattern> layout(spec.T, TokenPattern{0, 0, 0, 0, false, true});
  layout[0] = {p.q_plus, p.u_plus, p.q_minus, p.u_minus, true, false};
  std::vector<double> noise_scales(spec.T, 1.0);
  for (int t = 1; t < spec.T; ++t) noise_scales[t] = NoiseTokenScale(spec, t - 1) / spec.sigma;
  return Estimate({layout}, p.noise_cov, n_test, seed, noise_scales);
}

ProjectedTestResult ProjectedCleanTestError(const TestProjections& p,
                                            const TokenSelectionSpec& spec, int n_test,
                                            std::uint64_t seed) {
  Validate(spec);
  const double r = spec.rho;
  // Class +1's and class −1's projections of each role (a sample of class −1 swaps them).
  const TokenPattern relevant{p.q_plus, p.u_plus, p.q_minus, p.u_minus, true, true};
  const TokenPattern weak_same{r * p.q_plus,  r * p.u_plus, r * p.q_minus,
                               r * p.u_minus, false,        true};
  const TokenPattern weak_opposite{r * p.q_minus, r * p.u_minus, r * p.q_plus,
                                   r * p.u_plus,  false,         true};
  const auto layout_of = [&](int n_relevant, int n_weak_same, int n_weak_opposite) {
    std::vector<TokenPattern> layout;
    layout.insert(layout.end(), n_relevant, relevant);
    layout.insert(layout.end(), n_weak_same, weak_same);
    layout.insert(layout.end(), n_weak_opposite, weak_opposite);
    layout.resize(spec.T, TokenPattern{0, 0, 0, 0, false, true});
    return layout;
  };
  if (spec.T_min == 0) {
    return Estimate({layout_of(spec.relevant, spec.weak_same, spec.weak_opposite)}, p.noise_cov,
                    n_test, seed);
  }
  // Variable token counts: test sample i has the counts GenerateTokenSelectionTest gives it.
  std::vector<std::vector<TokenPattern>> layouts;
  std::vector<int> lengths;
  for (const TokenCounts& c : DrawTokenCounts(spec, n_test, seed, kTestTokenCounts)) {
    layouts.push_back(layout_of(c.relevant, c.weak_same, c.weak_opposite));
    lengths.push_back(c.length);
  }
  return Estimate(layouts, p.noise_cov, n_test, seed, {}, lengths);
}

ProjectedTestResult ProjectedCleanTestError(const Vector& q, const Vector& u,
                                            const SignalNoiseSpec& spec, int n_test,
                                            std::uint64_t seed) {
  return ProjectedCleanTestError(ProjectionsOf(q, u, spec), spec, n_test, seed);
}

ProjectedTestResult ProjectedCleanTestError(const Vector& q, const Vector& u,
                                            const TokenSelectionSpec& spec, int n_test,
                                            std::uint64_t seed) {
  return ProjectedCleanTestError(ProjectionsOf(q, u, spec.mu_norm, spec.sigma, true), spec, n_test,
                                 seed);
}

double ExactCleanTestErrorSignalNoiseT2(const TestProjections& p) {
  const boost::math::normal standard;
  const double var_s = p.noise_cov(0, 0), cov_sw = p.noise_cov(0, 1), var_w = p.noise_cov(1, 1);
  const double sd_s = std::sqrt(std::max(0.0, var_s));
  // w | s ~ N(slope·s, residual): regression of w on s (slope 0 when s is degenerate).
  const double slope = var_s > 0 ? cov_sw / var_s : 0.0;
  const double residual_sd = std::sqrt(std::max(0.0, var_w - slope * cov_sw));
  // P[class-conditional error | s]: f ≤ 0 (class +1) or f ≥ 0 (class −1) ⟺ w vs −b₁e^{a₁ − s}.
  auto error_given_s = [&](double s, double a1, double b1, bool plus) {
    const double boundary = -b1 * std::exp(std::min(a1 - s, 700.0));
    const double mean = slope * s;
    if (residual_sd == 0) return plus ? double(mean <= boundary) : double(mean >= boundary);
    const double z = (boundary - mean) / residual_sd;
    return plus ? boost::math::cdf(standard, z)
                : boost::math::cdf(boost::math::complement(standard, z));
  };
  auto class_error = [&](double a1, double b1, bool plus) {
    if (sd_s == 0) return error_given_s(0.0, a1, b1, plus);
    // ∫ φ(z) P[error | s = sd_s z] dz over |z| ≤ 12 (the tails weigh < 1e-32).
    return boost::math::quadrature::gauss_kronrod<double, 31>::integrate(
        [&](double z) {
          return boost::math::pdf(standard, z) * error_given_s(sd_s * z, a1, b1, plus);
        },
        -12.0, 12.0, 20, 1e-12);
  };
  return 0.5 * class_error(p.q_plus, p.u_plus, true) +
         0.5 * class_error(p.q_minus, p.u_minus, false);
}

}  // namespace boa
