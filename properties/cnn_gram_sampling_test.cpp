// cnn_gram_sampling: the CNN's span-engine inputs sampled directly (boa/cnn_gram_sampling.hpp) have
// the distribution of those built from directly generated data and Gaussian filters
// (CnnGramFromDataset, CnnGramTestFromDataset), on D1 and on Kou et al.'s data (antipodal), and
// their deterministic structure is exact (signal–signal and signal–noise inner products, labels,
// roles).
//
// Tests and flake rates (fixed seeds, so a CI run is reproducible; with fresh seeds): two-sample
// Kolmogorov–Smirnov tests at α = 1e-6 each (D ≤ c·√(2/N), c = √(ln(2/α)/2) = 2.69, from the
// Kolmogorov tail P[√(N/2)·D > c] ≤ 2e^{−2c²}), 9 statistics × 2 data models, 18 checks in all:
// the file falsely fails with probability ≤ 1.8e-5. The statistics are functions of each whole draw
// (G, P, the test inner products, and the losses after 20 span-engine GD steps), so they see the
// joint law, not only the marginals. The last is the loss on a test set drawn after training
// against the trained filters (EvaluateFreshCnnGramTest), against the direct test set's loss.
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "boa/cnn_gram.hpp"
#include "boa/cnn_gram_sampling.hpp"
#include "boa/error.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/train.hpp"
#include "boa/two_layer_cnn.hpp"
#include "same_distribution.hpp"

namespace boa {
namespace cnn_gram_sampling_test {

constexpr double kAlpha = 1e-6;

void ExpectSameDistribution(std::vector<double> a, std::vector<double> b, const std::string& what) {
  testing::ExpectSameDistribution(std::move(a), std::move(b), what, kAlpha);
}

constexpr int kStatistics = 9;
const char* const kStatisticName[kStatistics] = {
    "trace G",        "Σ off-diagonal G²", "‖P‖²",           "‖test·train‖²",       "‖test·w⁰‖²",
    "Σ cross·P·init", "train loss (20)",   "test loss (20)", "fresh test loss (20)"};

// `draw`: the sampled draw whose g and t these are (its fresh test set is the last statistic);
// null for the direct data, whose test set t is already fresh.
std::vector<double> Statistics(const CnnGramInstance& g, const CnnGramTest& t,
                               const CnnGramDraw* draw) {
  const double trace = g.G.trace();
  const double off = g.G.squaredNorm() - g.G.diagonal().squaredNorm();
  // Σ_s Σ_{k,f} ⟨z_s, x_k⟩⟨x_k, w_f⟩⟨z_s, w_f⟩: the test products' joint law with the training's.
  const double mixed = (t.cross * g.P).cwiseProduct(t.init).sum();
  TrainOptions options;
  options.steps = 20;
  options.step_size = ConstantSchedule({{"w_plus", 0.5}, {"w_minus", 0.5}});
  CnnSpanState state = CnnSpanStart(g);
  CnnGramGradientDescent(g, state, options);
  const double test_loss = EvaluateCnnGramTest(t, state).loss;
  return {trace,
          off,
          g.P.squaredNorm(),
          t.cross.squaredNorm(),
          t.init.squaredNorm(),
          mixed,
          EvaluateCnnGram(g, state, false).evaluation.loss,
          test_loss,
          draw ? EvaluateFreshCnnGramTest(*draw, state, t.n).evaluation.loss : test_loss};
}

SignalNoiseSpec SmallSpec(bool antipodal) {
  SignalNoiseSpec spec;
  spec.n = 5;
  spec.T = 3;
  spec.d = 20;
  spec.snr = 0.4;
  spec.eta = 0.2;
  spec.position = SignalPosition::kRandom;
  spec.antipodal = antipodal;
  return spec;
}

void CheckAgainstDirect(bool antipodal) {
  const SignalNoiseSpec spec = SmallSpec(antipodal);
  constexpr int kWidth = 2, kTest = 4, kDraws = 4000;
  constexpr double kOmega = 0.3;
  std::vector<std::vector<double>> sampled(kStatistics), direct(kStatistics);
  for (std::uint64_t seed = 1; seed <= kDraws; ++seed) {
    const CnnGramDraw s = SampleSignalNoiseCnnGram(spec, kWidth, kOmega, kTest, seed);
    const Dataset train = GenerateSignalNoise(spec, seed);
    TwoLayerCnn initial(spec.d, kWidth);
    InitGaussian(initial, kOmega, seed);
    const std::vector<double> a = Statistics(s.train, s.test, &s);
    const std::vector<double> b = Statistics(
        CnnGramFromDataset(train, initial),
        CnnGramTestFromDataset(GenerateSignalNoiseTest(spec, kTest, seed), train, initial),
        nullptr);
    for (int k = 0; k < kStatistics; ++k) {
      sampled[k].push_back(a[k]);
      direct[k].push_back(b[k]);
    }
  }
  for (int k = 0; k < kStatistics; ++k)
    ExpectSameDistribution(sampled[k], direct[k],
                           std::string(kStatisticName[k]) + (antipodal ? " (Kou)" : " (D1)"));
}

TEST(CnnGramSampling, KouDataMatchesTheGramFormOfDirectData) { CheckAgainstDirect(true); }

TEST(CnnGramSampling, D1MatchesTheGramFormOfDirectData) { CheckAgainstDirect(false); }

// The sampler's factorisation G = A Aᵀ + Z H Zᵀ, which the descent's steps use, is G: on both data
// models, every step of 20 (per-bank step sizes, weight decay) gives the same pre-activations with
// and without it, to 1e-10 relative.
TEST(CnnGramSampling, TheFactorisedStepIsTheGramStep) {
  for (const bool antipodal : {true, false}) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const CnnGramDraw draw = SampleSignalNoiseCnnGram(SmallSpec(antipodal), 3, 0.3, 0, seed);
      ASSERT_GT(draw.train.noise_gram.size(), 0);
      CnnGramInstance plain = draw.train;
      plain.noise_gram.resize(0, 0);
      TrainOptions options;
      options.steps = 20;
      options.step_size = ConstantSchedule({{"w_plus", 0.5}, {"w_minus", 0.3}});
      options.weight_decay = 0.01;
      CnnSpanState factorised = CnnSpanStart(draw.train), direct = CnnSpanStart(plain);
      for (int step = 0; step <= options.steps; ++step) {
        const RowMatrix a = EvaluateCnnGram(draw.train, factorised, false).pre;
        const RowMatrix b = EvaluateCnnGram(plain, direct, false).pre;
        ASSERT_LE((a - b).norm(), 1e-10 * b.norm()) << "seed " << seed << ", step " << step;
        TrainOptions one = options;
        one.steps = 1;
        CnnGramGradientDescent(draw.train, factorised, one);
        CnnGramGradientDescent(plain, direct, one);
      }
    }
  }
}

// What is not random given the labels and layout is exact: signal tokens' inner products
// (ỹ_iỹ_j‖μ‖² for Kou et al.'s ỹμ; ‖μ‖²·1[ỹ_i = ỹ_j] for D1's orthogonal μ±), zero between signal
// and noise, the labels and flips, and the test signal tokens' products with the training ones.
TEST(CnnGramSampling, SignalInnerProductsAreExact) {
  for (const bool antipodal : {true, false}) {
    SignalNoiseSpec spec = SmallSpec(antipodal);
    spec.n = 8;
    spec.flips = FlipRule::kExact;
    const double mu2 = spec.snr * spec.snr * spec.sigma * spec.sigma * spec.d;
    const CnnGramDraw draw = SampleSignalNoiseCnnGram(spec, 3, 0.5, 6, 11);
    const CnnGramInstance& g = draw.train;
    ASSERT_EQ(g.G.rows(), spec.n * spec.T);
    ASSERT_EQ(g.P.cols(), 6);
    EXPECT_TRUE(g.G.isApprox(g.G.transpose(), 0));
    EXPECT_GE(Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(g.G).eigenvalues().minCoeff(),
              -1e-9 * g.G.trace());
    int flips = 0;
    int test_signals = 0;
    for (const TokenRole role : draw.test.roles) test_signals += role == TokenRole::kSignal;
    EXPECT_EQ(test_signals, 6);
    for (int i = 0; i < spec.n; ++i) {
      flips += g.noisy[i];
      EXPECT_EQ(g.y(i), g.noisy[i] ? -g.y_true(i) : g.y_true(i));
      int signals = 0;
      for (int t = 0; t < spec.T; ++t) signals += g.roles[i * spec.T + t] == TokenRole::kSignal;
      EXPECT_EQ(signals, 1);
    }
    EXPECT_EQ(flips, 2);  // ⌈0.2·8⌉
    const auto signal_of = [&](int i) {
      for (int t = 0; t < spec.T; ++t)
        if (g.roles[i * spec.T + t] == TokenRole::kSignal) return i * spec.T + t;
      return -1;
    };
    for (int i = 0; i < spec.n; ++i) {
      for (int j = 0; j < spec.n; ++j) {
        const double same = g.y_true(i) * g.y_true(j);
        const double expected = antipodal ? same * mu2 : (same > 0 ? mu2 : 0.0);
        EXPECT_NEAR(g.G(signal_of(i), signal_of(j)), expected, 1e-12 * mu2);
      }
      for (int k = 0; k < spec.n * spec.T; ++k) {
        if (g.roles[k] == TokenRole::kNoise) {
          EXPECT_EQ(g.G(signal_of(i), k), 0.0);
        }
      }
    }
    const CnnGramTest& t = draw.test;
    ASSERT_EQ(t.cross.rows(), 6 * spec.T);
    ASSERT_EQ(t.cross.cols(), spec.n * spec.T);
    for (int s = 0; s < 6 * spec.T; ++s) {
      if (t.roles[s] != TokenRole::kSignal) continue;
      const double label = t.y(s / spec.T);  // clean: the true label
      for (int i = 0; i < spec.n; ++i) {
        const double same = label * g.y_true(i);
        const double expected = antipodal ? same * mu2 : (same > 0 ? mu2 : 0.0);
        EXPECT_NEAR(t.cross(s, signal_of(i)), expected, 1e-12 * mu2);
      }
      for (int k = 0; k < spec.n * spec.T; ++k) {
        if (g.roles[k] == TokenRole::kNoise) {
          EXPECT_EQ(t.cross(s, k), 0.0);
        }
      }
    }
  }
  SignalNoiseSpec spec = SmallSpec(true);
  EXPECT_EQ(SampleSignalNoiseCnnGram(spec, 2, 0.1, 0, 3).test.cross.rows(), 0);
  EXPECT_THROW(SampleSignalNoiseCnnGram(spec, 0, 0.1, 4, 3), InvalidInput);
  EXPECT_THROW(SampleSignalNoiseCnnGram(spec, 2, -1, 4, 3), InvalidInput);
  const CnnGramDraw small = SampleSignalNoiseCnnGram(spec, 2, 0.1, 0, 3);
  EXPECT_THROW(EvaluateFreshCnnGramTest(small, CnnSpanStart(small.train), 0), InvalidInput);
  CnnSpanState wrong = CnnSpanStart(small.train);
  wrong.C.conservativeResize(wrong.C.rows() - 1, Eigen::NoChange);
  EXPECT_THROW(EvaluateFreshCnnGramTest(small, wrong, 4), InvalidInput);
  spec.d = 2;
  EXPECT_THROW(SampleSignalNoiseCnnGram(spec, 2, 0.1, 4, 3), InvalidInput);
}

}  // namespace cnn_gram_sampling_test
}  // namespace boa
