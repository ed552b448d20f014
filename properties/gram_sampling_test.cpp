// gram_sampling: the Bartlett Wishart draw has the Wishart distribution, the sampled Gram forms of
// D1 and D2 match the Gram forms of directly generated data, and a whole [M] experiment and a whole
// p-only [S] experiment give the same results in distribution on both engines.
//
// Tests and flake rates (fixed seeds, so a CI run is reproducible; with fresh seeds):
// - probability-integral-transform uniformity by a χ² goodness-of-fit test on 20 bins at
//   α = 1e-6 per statistic (B_kk/s² ~ χ²(dof); B_jk/√B_kk ~ N(0, 1) exactly for Wishart(dof, I));
// - two-sample z-tests of means at α = 1e-6 (|Δ| ≤ 4.89 standard errors);
// - a two-sample Kolmogorov–Smirnov test at α = 1e-6 (D ≤ c·√(2/N), c = √(ln(2/α)/2) = 2.69, from
//   the Kolmogorov tail P[√(N/2)·D > c] ≤ 2e^{−2c²}; conservative for discrete values).
// 20 checks in all: the file falsely fails with probability ≤ 2e-5.
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>

#include "boa/gram_instance.hpp"
#include "boa/gram_sampling.hpp"
#include "boa/prompt_attention_run.hpp"
#include "boa/token_selection_run.hpp"
#include "same_distribution.hpp"

namespace boa {
namespace gram_sampling_test {

constexpr double kAlpha = 1e-6;

void ExpectUniform(const std::vector<double>& u, const std::string& what) {
  constexpr int kBins = 20;
  std::vector<double> count(kBins, 0.0);
  for (double x : u) count[std::min(kBins - 1, static_cast<int>(x * kBins))] += 1;
  const double expected = static_cast<double>(u.size()) / kBins;
  double statistic = 0;
  for (double c : count) statistic += (c - expected) * (c - expected) / expected;
  const double limit = boost::math::quantile(boost::math::chi_squared(kBins - 1), 1 - kAlpha);
  EXPECT_LE(statistic, limit) << what << ": χ² = " << statistic;
}

void ExpectSameMean(const std::vector<double>& a, const std::vector<double>& b,
                    const std::string& what) {
  auto moments = [](const std::vector<double>& x) {
    double m = 0, v = 0;
    for (double e : x) m += e / static_cast<double>(x.size());
    for (double e : x) v += (e - m) * (e - m) / static_cast<double>(x.size() - 1);
    return std::pair{m, v / static_cast<double>(x.size())};
  };
  const auto [ma, va] = moments(a);
  const auto [mb, vb] = moments(b);
  const double z = boost::math::quantile(boost::math::normal(), 1 - kAlpha / 2);
  EXPECT_LE(std::fabs(ma - mb), z * std::sqrt(va + vb)) << what << ": " << ma << " vs " << mb;
}

void ExpectSameDistribution(std::vector<double> a, std::vector<double> b, const std::string& what) {
  testing::ExpectSameDistribution(std::move(a), std::move(b), what, kAlpha);
}

void CheckWishart(int K, int dof) {
  Rng rng(17);
  const boost::math::chi_squared chi(dof);
  const boost::math::normal standard;
  std::vector<double> first_diagonal, last_diagonal, early_pair, late_pair;
  for (int r = 0; r < 4000; ++r) {
    const RowMatrix B = SampleWishart(K, dof, rng);
    first_diagonal.push_back(boost::math::cdf(chi, B(0, 0)));
    last_diagonal.push_back(boost::math::cdf(chi, B(K - 1, K - 1)));
    early_pair.push_back(boost::math::cdf(standard, B(1, 0) / std::sqrt(B(0, 0))));
    late_pair.push_back(boost::math::cdf(standard, B(K - 1, K - 2) / std::sqrt(B(K - 2, K - 2))));
  }
  const std::string where = " (K = " + std::to_string(K) + ", dof = " + std::to_string(dof) + ")";
  ExpectUniform(first_diagonal, "B_00" + where);
  ExpectUniform(last_diagonal, "B_KK" + where);
  ExpectUniform(early_pair, "B_10" + where);
  ExpectUniform(late_pair, "B_K,K-1" + where);
}

TEST(GramSampling, BartlettDrawIsWishart) { CheckWishart(5, 9); }

TEST(GramSampling, SingularWishartDrawIsWishart) { CheckWishart(6, 3); }

// ⟨x_a, x_b⟩ for two fixed tokens, from a Gram instance.
double TokenInner(const GramInstance& g, int a, int b) {
  double value = g.token_a.row(a).dot(g.token_a.row(b));
  if (g.token_k[a] >= 0 && g.token_k[b] >= 0) value += g.H(g.token_k[a], g.token_k[b]);
  return value;
}

// Jiang et al.'s dominant noise token (THEORY.md §2.1): the Gram form with dominant_ratio κ is the
// standard one with every non-dominant noise token's ζ scaled by 1/κ, on the same Wishart draw
// (the scales do not enter the random stream), so H_κ = D·H₁·D with D = diag(1 or 1/κ).
TEST(GramSampling, DominantRatioScalesTheOtherNoiseTokensOfTheGramForm) {
  SignalNoiseSpec spec;
  spec.n = 5;
  spec.d = 40;
  spec.T = 4;
  spec.position = SignalPosition::kRandom;
  const GramInstance base = SampleSignalNoiseGram(spec, 0, 9);
  spec.dominant_ratio = 5;
  const GramInstance jiang = SampleSignalNoiseGram(spec, 0, 9);
  ASSERT_EQ(jiang.token_k, base.token_k);
  Vector factor = Vector::Ones(base.K());
  for (int i = 0; i < base.n; ++i) {
    int rank = 0;
    for (int t = 0; t < base.T; ++t) {
      const int k = base.token_k[i * base.T + t];
      if (k >= 0 && rank++ > 0) factor(k) = 1.0 / 5;
    }
  }
  const RowMatrix expected = factor.asDiagonal() * base.H * factor.asDiagonal();
  EXPECT_TRUE(jiang.H.isApprox(expected, 1e-14));
  EXPECT_EQ(jiang.token_a, base.token_a);
}

TEST(GramSampling, TokenSelectionGramMatchesDirectData) {
  TokenSelectionSpec spec;
  spec.n = 4;
  spec.T = 4;
  spec.d = 30;
  spec.mu_norm = 3;
  spec.rho = 0.5;
  std::vector<double> sampled_self, direct_self, sampled_cross, direct_cross;
  for (std::uint64_t seed = 1; seed <= 3000; ++seed) {
    const GramInstance s = SampleTokenSelectionGram(spec, 0, seed);
    const GramInstance d = GramFromDataset(GenerateTokenSelection(spec, seed), spec.sigma).gram;
    // Relevant token of sample 0 with itself, and with the weak-opposite token of sample 3.
    sampled_self.push_back(TokenInner(s, 0, 0));
    direct_self.push_back(TokenInner(d, 0, 0));
    sampled_cross.push_back(TokenInner(s, 0, 3 * 4 + 2));
    direct_cross.push_back(TokenInner(d, 0, 3 * 4 + 2));
  }
  ExpectSameMean(sampled_self, direct_self, "‖x_relevant‖²");
  ExpectSameMean(sampled_cross, direct_cross, "⟨x_relevant, x_weak_opposite⟩");
  auto squares = [](std::vector<double> x) {
    for (double& e : x) e *= e;
    return x;
  };
  ExpectSameMean(squares(sampled_cross), squares(direct_cross), "⟨x_relevant, x_weak_opposite⟩²");
}

TEST(GramSampling, PromptAttentionExperimentIsTheSameOnBothEngines) {
  // Inside the linearised window (r = n·SNR² = 3.6, η = 0.1), where the outcome varies by seed.
  SignalNoiseSpec spec;
  spec.n = 20;
  spec.d = 400;
  spec.snr = std::sqrt(3.6 / 20);
  spec.eta = 0.1;
  spec.flips = FlipRule::kExact;
  PromptAttentionRunOptions options;
  options.schedule = MagenScheduleSA(spec.n, spec.d);
  options.n_test = 1000;
  std::vector<double> error[2], attention[2];
  for (EngineChoice engine : {EngineChoice::kDirect, EngineChoice::kGram}) {
    options.engine = engine;
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
      const PromptAttentionRun run = RunPromptAttention(spec, options, seed);
      error[run.engine == Engine::kGram].push_back(run.test.error.rate);
      attention[run.engine == Engine::kGram].push_back(run.min_clean_signal_attention);
    }
  }
  ExpectSameMean(error[0], error[1], "clean test error");
  ExpectSameMean(attention[0], attention[1], "min clean signal attention");
}

TEST(GramSampling, TokenSelectionExperimentIsTheSameOnBothEngines) {
  // p only at a small size where every summary varies by seed: train accuracy 0.94 ± 0.07, noisy
  // samples fitted 0.78 ± 0.29, clean test accuracy 0.89 ± 0.03 (n = 8, T = 4, d = 60, two flips).
  // Disjoint seeds, so that the two samples are independent (the engines share the seed's streams).
  TokenSelectionSpec spec;
  spec.n = 8;
  spec.T = 4;
  spec.d = 60;
  spec.mu_norm = 4;
  spec.eta = 0.25;
  TokenSelectionRunOptions options;
  options.train_W = false;
  options.lr = 0.05;
  options.steps = 200;
  options.n_test = 500;
  constexpr int kSeeds = 2000;
  std::vector<double> train[2], noisy_fitted[2], label_sign[2], relevant[2], test[2];
  for (Engine engine : {Engine::kDirect, Engine::kGram}) {
    options.engine = engine;
    const int e = engine == Engine::kGram;
    for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
      const TokenSelectionRun run = RunTokenSelection(spec, options, seed + e * 1000000);
      train[e].push_back(run.train_accuracy);
      noisy_fitted[e].push_back(run.noisy_fitted);
      label_sign[e].push_back(run.noisy_select_label_sign);
      relevant[e].push_back(run.clean_selects.at("relevant"));
      test[e].push_back(run.test_accuracy);
    }
  }
  ExpectSameMean(train[0], train[1], "train accuracy");
  ExpectSameMean(noisy_fitted[0], noisy_fitted[1], "noisy samples fitted");
  ExpectSameMean(label_sign[0], label_sign[1],
                 "noisy samples selecting a token of their label's sign");
  ExpectSameMean(relevant[0], relevant[1], "clean samples selecting the relevant token");
  ExpectSameMean(test[0], test[1], "clean test accuracy");
  ExpectSameDistribution(test[0], test[1], "clean test accuracy");
}

}  // namespace gram_sampling_test
}  // namespace boa
