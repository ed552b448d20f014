// Statistical checks of the generators: noise entries are N(0, σ²), flips and labels are
// Bernoulli with the stated rates.
//
// Each check is an exact two-sided test at level α = 1e-6: the sample mean against
// z_{1−α/2}·σ/√M, the sample variance against χ²_{M−1} quantiles, counts against Binomial
// quantiles (all from Boost.Math). Seeds are fixed, so a CI run is reproducible; with a fresh
// seed each check falsely fails with probability ≤ 1e-6, the file (12 checks in all) with ≤ 1.2e-5.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>

#include "boa/signal_noise_data.hpp"
#include "boa/token_selection_data.hpp"

namespace boa {
namespace data_moments_test {

constexpr double kAlpha = 1e-6;

void ExpectStandardGaussian(const std::vector<double>& x, double sigma) {
  const double M = static_cast<double>(x.size());
  double mean = 0;
  for (double v : x) mean += v / M;
  double ss = 0;
  for (double v : x) ss += (v - mean) * (v - mean);
  const double z = boost::math::quantile(boost::math::normal(), 1 - kAlpha / 2);
  EXPECT_LE(std::fabs(mean), z * sigma / std::sqrt(M)) << "noise mean " << mean;
  const boost::math::chi_squared chi(M - 1);
  const double statistic = ss / (sigma * sigma);
  EXPECT_GE(statistic, boost::math::quantile(chi, kAlpha / 2)) << "noise variance " << ss / (M - 1);
  EXPECT_LE(statistic, boost::math::quantile(chi, 1 - kAlpha / 2))
      << "noise variance " << ss / (M - 1);
}

void ExpectBinomial(int successes, int trials, double p) {
  const boost::math::binomial_distribution<> b(trials, p);
  EXPECT_GE(successes, boost::math::quantile(b, kAlpha / 2)) << successes << " of " << trials;
  EXPECT_LE(successes, boost::math::quantile(boost::math::complement(b, kAlpha / 2)))
      << successes << " of " << trials;
}

TEST(DataMoments, SignalNoiseEntriesAreGaussianWithVarianceSigmaSquared) {
  SignalNoiseSpec spec;
  spec.n = 200;
  spec.d = 300;
  spec.T = 3;
  spec.sigma = 1.5;
  const Dataset data = GenerateSignalNoise(spec, 11);
  std::vector<double> noise;
  for (int i = 0; i < data.n; ++i) {
    for (int t = 0; t < data.T; ++t) {
      if (data.Role(i, t) != TokenRole::kNoise) continue;
      for (int j = 2; j < data.d; ++j) noise.push_back(data.X(i * data.T + t, j));
    }
  }
  ExpectStandardGaussian(noise, spec.sigma);
}

// Jiang et al.'s dominant noise token (THEORY.md §2.1, dominant_ratio κ): per sample, the first
// noise token in slot order is N(0, σ²) and every other noise token N(0, σ²/κ²), whatever slot
// the signal takes; their coordinates 1 and 2 stay 0.
TEST(DataMoments, SignalNoiseDominantTokenKeepsSigmaAndTheOthersSigmaOverKappa) {
  SignalNoiseSpec spec;
  spec.n = 200;
  spec.d = 300;
  spec.T = 4;
  spec.sigma = 1.5;
  spec.dominant_ratio = 4;
  spec.position = SignalPosition::kRandom;
  const Dataset data = GenerateSignalNoise(spec, 17);
  std::vector<double> dominant, others;
  for (int i = 0; i < data.n; ++i) {
    int rank = 0;
    for (int t = 0; t < data.T; ++t) {
      if (data.Role(i, t) != TokenRole::kNoise) continue;
      const auto row = data.X.row(i * data.T + t);
      EXPECT_EQ(row(0), 0.0);
      EXPECT_EQ(row(1), 0.0);
      for (int j = 2; j < data.d; ++j) (rank == 0 ? dominant : others).push_back(row(j));
      ++rank;
    }
    EXPECT_EQ(rank, data.T - 1);
  }
  ExpectStandardGaussian(dominant, spec.sigma);
  ExpectStandardGaussian(others, spec.sigma / spec.dominant_ratio);
}

TEST(DataMoments, SignalNoiseLabelsAndBernoulliFlipsHaveTheirRates) {
  SignalNoiseSpec spec;
  spec.n = 20000;
  spec.d = 3;
  spec.eta = 0.15;
  const Dataset data = GenerateSignalNoise(spec, 12);
  int positive = 0;
  for (int i = 0; i < data.n; ++i) positive += data.y_true(i) > 0;
  ExpectBinomial(positive, data.n, 0.5);
  ExpectBinomial(data.NoisyCount(), data.n, spec.eta);
}

TEST(DataMoments, TokenSelectionNoiseIsGaussianAroundTheSignalParts) {
  TokenSelectionSpec spec;
  spec.n = 100;
  spec.T = 8;
  spec.d = 200;
  spec.rho = 0.3;
  const Dataset data = GenerateTokenSelection(spec, 13);
  std::vector<double> noise;
  for (int i = 0; i < data.n; ++i) {
    const Vector& same = data.y_true(i) > 0 ? data.mu_plus : data.mu_minus;
    const Vector& opposite = data.y_true(i) > 0 ? data.mu_minus : data.mu_plus;
    for (int t = 0; t < data.T; ++t) {
      Vector signal = Vector::Zero(data.d);
      if (data.Role(i, t) == TokenRole::kRelevant) signal = same;
      if (data.Role(i, t) == TokenRole::kWeakSame) signal = spec.rho * same;
      if (data.Role(i, t) == TokenRole::kWeakOpposite) signal = spec.rho * opposite;
      const Vector residual = data.X.row(i * data.T + t).transpose() - signal;
      noise.insert(noise.end(), residual.data(), residual.data() + residual.size());
    }
  }
  ExpectStandardGaussian(noise, spec.sigma);
}

TEST(DataMoments, TokenSelectionRandomLabelsAndBernoulliFlipsHaveTheirRates) {
  TokenSelectionSpec spec;
  spec.n = 20000;
  spec.T = 3;
  spec.d = 3;
  spec.labels = LabelRule::kRandom;
  spec.flips = FlipRule::kBernoulli;
  spec.eta = 0.3;
  const Dataset data = GenerateTokenSelection(spec, 14);
  int positive = 0;
  for (int i = 0; i < data.n; ++i) positive += data.y_true(i) > 0;
  ExpectBinomial(positive, data.n, 0.5);
  ExpectBinomial(data.NoisyCount(), data.n, spec.eta);
}

}  // namespace data_moments_test
}  // namespace boa
