// projected_test_error: the 2T-Gaussian-draw estimate of the clean test error agrees with direct
// Monte Carlo on full d-dimensional test tokens, for M1 on D1 (and on Kou et al.'s antipodal
// signal–noise data) and M2 on D2.
//
// Both are unbiased estimates of the same probability from independent samples; the check is a
// two-proportion z-test at α = 1e-6 (|p̂₁ − p̂₂| ≤ z_{1−α/2}·√(p̄(1−p̄)(1/N₁ + 1/N₂)), z = 4.89).
// Seeds are fixed; with fresh seeds each check falsely fails with probability ≤ 1e-6. The file
// makes 9 checks in all (five two-proportion tests, four seeds of the exact integral).
#include <cmath>

#include <gtest/gtest.h>
#include <boost/math/distributions/normal.hpp>

#include "boa/metrics.hpp"
#include "boa/model.hpp"
#include "boa/projected_test_error.hpp"
#include "boa/rng.hpp"

namespace boa {
namespace projected_test_error_test {

void ExpectSameProportion(const ErrorEstimate& a, const ErrorEstimate& b) {
  const double z = boost::math::quantile(boost::math::normal(), 1 - 1e-6 / 2);
  const double pooled = static_cast<double>(a.errors + b.errors) / (a.trials + b.trials);
  const double sd = std::sqrt(pooled * (1 - pooled) * (1.0 / a.trials + 1.0 / b.trials));
  EXPECT_LE(std::fabs(a.rate - b.rate), z * sd)
      << "projected " << a.rate << " vs direct " << b.rate;
  EXPECT_GT(pooled, 0.05) << "the setting should have a non-trivial error to test anything";
}

Vector Gaussian(int d, double scale, std::uint64_t seed) {
  Rng rng(seed, kDirection);
  return Vector::NullaryExpr(d, [&] { return scale * rng.Normal(); });
}

// M1 on D1 with a random query plus `plus_signal_score` on μ₊'s coordinate and a random head plus
// (1, −minus_signal_value) on the signal coordinates. With both classes alike (0, 1) the error
// is the same if the classes' patterns were swapped; with class + attending its signal and class
// − reading a weak one (10, 0.2), the projection must keep each class's own score pattern.
void ExpectPromptAttentionProjectionMatchesDirect(double plus_signal_score,
                                                  double minus_signal_value,
                                                  double dominant_ratio = 1,
                                                  bool antipodal = false) {
  SignalNoiseSpec spec;
  spec.antipodal = antipodal;
  spec.n = 10;
  spec.d = 200;
  spec.T = 3;
  spec.snr = 0.08;
  spec.dominant_ratio = dominant_ratio;
  PromptAttention model(spec.d);
  model.Block("p") = Gaussian(spec.d, 0.2, 1);
  model.Block("p")(0) += plus_signal_score;
  model.Block("v") = Gaussian(spec.d, 0.1, 2);
  model.Block("v")(0) += 1.0;  // some signal alignment so the error is below 1/2
  model.Block("v")(1) -= minus_signal_value;
  const Dataset test = GenerateSignalNoiseTest(spec, 20000, 3);
  const ErrorEstimate direct = CleanTestError(model, test);
  const auto projected =
      ProjectedCleanTestError(model.Block("p"), model.Block("v"), spec, 200000, 4);
  ExpectSameProportion(projected.error, direct);
}

TEST(ProjectedTestError, MatchesDirectMonteCarloForPromptAttentionOnSignalNoise) {
  ExpectPromptAttentionProjectionMatchesDirect(0.0, 1.0);
}

TEST(ProjectedTestError, MatchesDirectMonteCarloWhenTheClassesScoreTheirSignalsDifferently) {
  ExpectPromptAttentionProjectionMatchesDirect(10.0, 0.2);
}

// Jiang et al.'s dominant noise token (dominant_ratio κ = 4): the other noise token's projections
// scale by 1/κ.
TEST(ProjectedTestError, MatchesDirectMonteCarloWithADominantNoiseToken) {
  ExpectPromptAttentionProjectionMatchesDirect(0.0, 1.0, 4.0);
}

// Kou et al.'s data: μ₋ = −μ₊ on e₁ and noise on the other d − 1 coordinates (e₂ is noise there),
// with class + scoring its signal so the classes' patterns differ.
TEST(ProjectedTestError, MatchesDirectMonteCarloOnKouEtAlsAntipodalData) {
  ExpectPromptAttentionProjectionMatchesDirect(3.0, 0.5, 1, true);
}

TEST(ProjectedTestError, MatchesDirectMonteCarloForTokenSelectionOnD2) {
  TokenSelectionSpec spec;
  spec.n = 10;
  spec.d = 100;
  spec.T = 6;
  spec.mu_norm = 3;
  spec.rho = 0.4;
  const Dataset test = GenerateTokenSelectionTest(spec, 20000, 5);
  TokenSelection model(spec.d, DefaultHead(test), false);
  model.Block("p") = Gaussian(spec.d, 0.15, 6);
  model.Block("p")(0) += 0.3;
  const ErrorEstimate direct = CleanTestError(model, test);
  const auto projected = ProjectedCleanTestError(model.Query(), model.Block("nu"), spec, 200000, 7);
  ExpectSameProportion(projected.error, direct);
}

}  // namespace projected_test_error_test
}  // namespace boa

namespace boa {
namespace projected_test_error_test {

// The exact T = 2 error against the Monte Carlo estimate on the same sufficient statistics:
// a one-sample z-test at α = 1e-6 (the exact value is the mean of the Monte Carlo draws).
TEST(ProjectedTestError, ExactT2IntegralMatchesMonteCarlo) {
  SignalNoiseSpec spec;
  spec.n = 10;
  spec.d = 200;
  spec.T = 2;
  spec.snr = 0.08;
  const double z = boost::math::quantile(boost::math::normal(), 1 - 1e-6 / 2);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    Vector p = Gaussian(spec.d, 0.3, seed), v = Gaussian(spec.d, 0.1, seed + 10);
    v(0) += 0.8 * static_cast<double>(seed);
    v(1) -= 0.5;
    const double mu = spec.snr * std::sqrt(static_cast<double>(spec.d));
    const TestProjections projections = ProjectionsOf(p, v, mu, spec.sigma, false);
    const double exact = ExactCleanTestErrorSignalNoiseT2(projections);
    const auto mc = ProjectedCleanTestError(projections, spec, 400000, seed);
    const double se = std::sqrt(exact * (1 - exact) / mc.error.trials);
    EXPECT_LE(std::fabs(mc.error.rate - exact), z * se + 1e-12)
        << "seed " << seed << ": exact " << exact;
    EXPECT_GT(exact, 0.01);
    EXPECT_LT(exact, 0.99);
  }
}

TEST(ProjectedTestError, ExactT2HandlesDegenerateNoise) {
  // q and u with no noise component: the error is 0 or 1/2 or 1 exactly.
  TestProjections p;
  p.u_plus = 1;
  p.u_minus = -1;  // both classes on the right side
  EXPECT_EQ(ExactCleanTestErrorSignalNoiseT2(p), 0.0);
  p.u_minus = 1;  // class −1 always wrong
  EXPECT_EQ(ExactCleanTestErrorSignalNoiseT2(p), 0.5);
}

}  // namespace projected_test_error_test
}  // namespace boa
