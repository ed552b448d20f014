// The bundled 8×8 digits (theory/data/digits/README.md) and their token-selection form
// (digits_data.hpp, THEORY.md §4.4): the compiled-in CSV's size, classes and golden first row;
// quadrants that tile the image; the split, flips, head scale and determinism of GenerateDigits;
// and a short run's summaries (digits_token_selection.hpp).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

#include "boa/digits_data.hpp"
#include "boa/digits_token_roles.hpp"
#include "boa/digits_token_selection.hpp"
#include "boa/error.hpp"

namespace boa {
namespace digits_data_test {

TEST(DigitsData, HasTheScikitLearnCountsAndGoldenFirstImage) {
  const std::vector<DigitImage>& images = DigitImages();
  ASSERT_EQ(images.size(), 1797u);
  std::array<int, 10> per_class{};
  for (const DigitImage& image : images) {
    ASSERT_GE(image.label, 0);
    ASSERT_LE(image.label, 9);
    ++per_class[static_cast<std::size_t>(image.label)];
    for (const int p : image.pixels) {
      ASSERT_GE(p, 0);
      ASSERT_LE(p, 16);
    }
  }
  // load_digits(): 178, 182, 177, 183, 181, 182, 181, 179, 174, 180 images of 0..9.
  EXPECT_EQ(per_class, (std::array<int, 10>{178, 182, 177, 183, 181, 182, 181, 179, 174, 180}));
  // The first line of the CSV: a 0 whose top row is 0 0 5 13 9 1 0 0.
  EXPECT_EQ(images[0].label, 0);
  const std::array<int, 8> top_row = {0, 0, 5, 13, 9, 1, 0, 0};
  for (std::size_t k = 0; k < top_row.size(); ++k) EXPECT_EQ(images[0].pixels[k], top_row[k]);
  EXPECT_EQ(images[1796].label, 8);
}

TEST(DigitsData, QuadrantsTileTheImage) {
  for (const std::size_t index : {0u, 1u, 1000u, 1796u}) {
    const DigitImage& image = DigitImages()[index];
    for (int row = 0; row < 8; ++row) {
      for (int col = 0; col < 8; ++col) {
        const int t = 2 * (row / 4) + col / 4;
        const double pixel = QuadrantPixels(image, t)(4 * (row % 4) + col % 4);
        EXPECT_EQ(pixel * 16, image.pixels[static_cast<std::size_t>(8 * row + col)])
            << "image " << index << " row " << row << " col " << col;
      }
    }
  }
  EXPECT_THROW(QuadrantPixels(DigitImages()[0], 4), InvalidInput);
}

TEST(DigitsData, SplitsFlipsAndScalesTheHeadAsSpecified) {
  DigitsSpec spec;
  spec.eta = 0.2;  // m = 10: 5 flips per class, balanced-exact
  const DigitsData data = GenerateDigits(spec, 7);
  ASSERT_EQ(data.train.n, 50);
  ASSERT_EQ(data.train.T, kDigitsTokens);
  ASSERT_EQ(data.train.X.rows(), 50 * kDigitsTokens);
  ASSERT_EQ(data.train.X.cols(), spec.d);
  EXPECT_EQ(data.test.n, 178 + 182 - 50);  // every other image of digits 0 and 1
  for (int i = 0; i < 50; ++i) EXPECT_EQ(data.train.y_true(i), i < 25 ? 1.0 : -1.0);
  for (int i = 0; i < data.test.n; ++i) EXPECT_FALSE(data.test.noisy[static_cast<std::size_t>(i)]);
  EXPECT_EQ(data.train.NoisyCount(), 10);
  for (int i = 0; i < 50; ++i) {
    const bool flipped = (i < 5) || (i >= 25 && i < 30);
    EXPECT_EQ(data.train.noisy[static_cast<std::size_t>(i)], flipped) << "sample " << i;
    EXPECT_EQ(data.train.y(i), flipped ? -data.train.y_true(i) : data.train.y_true(i));
  }
  // Scaled as the [S] default head: νᵀ(m₊ − m₋) = √2.
  EXPECT_NEAR(data.head.dot(data.train.mu_plus - data.train.mu_minus), std::sqrt(2.0), 1e-12);
  EXPECT_TRUE(data.train.X.allFinite());
  EXPECT_TRUE(data.test.X.allFinite());
}

TEST(DigitsData, TheSeedSetsImagesAndNoiseButNotTheEmbedding) {
  const DigitsSpec spec;
  const DigitsData a = GenerateDigits(spec, 3), b = GenerateDigits(spec, 3),
                   c = GenerateDigits(spec, 4);
  EXPECT_EQ(a.train.X, b.train.X);
  EXPECT_EQ(a.test.X, b.test.X);
  EXPECT_NE(a.train.X, c.train.X);
  // E and the class means are fixed (kDigitsEmbeddingSeed), so the head is the same.
  EXPECT_EQ(a.head, c.head);
}

// Every token's residual x_it − E z_it (train, then test), z_it its image's quadrant t.
std::vector<Vector> TokenResiduals(const DigitsData& data) {
  const RowMatrix E = DigitsEmbedding(data.train.d);
  std::vector<Vector> residuals;
  for (const Dataset* set : {&data.train, &data.test}) {
    const std::vector<int>& images = set == &data.train ? data.train_images : data.test_images;
    for (int i = 0; i < set->n; ++i) {
      const DigitImage& image =
          DigitImages()[static_cast<std::size_t>(images[static_cast<std::size_t>(i)])];
      for (int t = 0; t < kDigitsTokens; ++t) {
        residuals.push_back(
            set->X.row(static_cast<Eigen::Index>(i) * kDigitsTokens + t).transpose() -
            E * QuadrantPixels(image, t));
      }
    }
  }
  return residuals;
}

TEST(DigitsData, TokensAreEmbeddedQuadrantsPlusNoiseOfVarianceSigmaSquared) {
  DigitsSpec spec;
  spec.sigma = 0.5;
  const DigitsData data = GenerateDigits(spec, 5);
  // Every image once, of the declared class.
  std::vector<int> seen(DigitImages().size(), 0);
  for (const Dataset* set : {&data.train, &data.test}) {
    const std::vector<int>& images = set == &data.train ? data.train_images : data.test_images;
    ASSERT_EQ(static_cast<int>(images.size()), set->n);
    for (int i = 0; i < set->n; ++i) {
      const DigitImage& image =
          DigitImages()[static_cast<std::size_t>(images[static_cast<std::size_t>(i)])];
      EXPECT_EQ(image.label, set->y_true(i) > 0 ? spec.class_plus : spec.class_minus);
      ++seen[static_cast<std::size_t>(images[static_cast<std::size_t>(i)])];
    }
  }
  for (std::size_t k = 0; k < seen.size(); ++k) {
    const int label = DigitImages()[k].label;
    EXPECT_EQ(seen[k], label == spec.class_plus || label == spec.class_minus ? 1 : 0);
  }
  // The residual x_it − E z_it is the token noise: its mean square estimates σ² = 0.25 from
  // N = 1440·2000 entries, with standard error σ²√(2/N) ≈ 2.1e-4; 2e-3 is ≈ 10 standard errors.
  double square = 0;
  long count = 0;
  for (const Vector& residual : TokenResiduals(data)) {
    square += residual.squaredNorm();
    count += residual.size();
  }
  EXPECT_NEAR(square / static_cast<double>(count), 0.25, 2e-3);
}

// noise_sd (the digits_roles claim's head_noise_sd) is the sd of a token's head-score noise
// νᵀ(x_it − E z_it), measured over the 1440 tokens of one draw at σ = 0.5: the sample sd's
// relative standard error is 1/√2880 ≈ 1.9%, so 10% is over five standard errors.
TEST(DigitsTokenRoles, NoiseSdIsTheMeasuredSdOfATokensHeadScoreNoise) {
  DigitsSpec spec = DigitsSpecAt(0);
  spec.sigma = 0.5;
  const DigitsQuadrantRoles roles = DigitsRoles(spec);
  const DigitsData data = GenerateDigits(spec, 4);
  double square = 0;
  int count = 0;
  for (const Vector& residual : TokenResiduals(data)) {
    square += std::pow(data.head.dot(residual), 2);
    ++count;
  }
  ASSERT_EQ(count, 1440);
  EXPECT_NEAR(std::sqrt(square / count) / roles.noise_sd, 1, 0.10);
}

TEST(DigitsData, RejectsSettingsOutsideTheData) {
  DigitsSpec spec;
  spec.class_minus = spec.class_plus;
  EXPECT_THROW(GenerateDigits(spec, 1), InvalidInput);
  spec = DigitsSpec{};
  spec.n = 51;
  EXPECT_THROW(GenerateDigits(spec, 1), InvalidInput);
  spec.n = 2 * 178;  // leaves no test image of digit 0
  EXPECT_THROW(GenerateDigits(spec, 1), InvalidInput);
  spec = DigitsSpec{};
  spec.eta = 1;
  EXPECT_THROW(GenerateDigits(spec, 1), InvalidInput);
}

TEST(DigitsTokenSelection, SelectionFractionsAreDistributionsOverQuadrants) {
  TokenSelectionRunOptions options;
  options.steps = 20;
  const DigitsRun run = RunDigitsTokenSelection(DigitsSpecAt(0.2), options, 1);
  const auto sum = [](const std::array<double, kDigitsTokens>& f) {
    return std::accumulate(f.begin(), f.end(), 0.0);
  };
  EXPECT_NEAR(sum(run.clean_selects), 1, 1e-12);
  EXPECT_NEAR(sum(run.noisy_selects), 1, 1e-12);
  EXPECT_NEAR(sum(run.test_selects), 1, 1e-12);
  EXPECT_EQ(run.test_count, 310);
  for (const double a : {run.train_accuracy, run.noisy_fitted, run.test_accuracy}) {
    EXPECT_GE(a, 0);
    EXPECT_LE(a, 1);
  }
}

// What a digits run prints, by hand. f_i = Σ_t s_it γ_it with γ_it = νᵀx_it and s_i = softmax(X_i q).
struct HandDigits {
  double train_accuracy = 0, noisy_fitted = 0, test_accuracy = 0;
  std::vector<int> train_selected;
};

HandDigits Evaluate(const DigitsData& data, const Vector& q) {
  HandDigits hand;
  const auto fit = [&](const Dataset& set, std::vector<int>* selected) {
    std::vector<bool> fitted;
    for (int i = 0; i < set.n; ++i) {
      const Vector scores = set.Tokens(i) * q;
      const Vector s = (scores.array() - scores.maxCoeff()).exp().matrix();
      const double f = (s / s.sum()).dot(set.Tokens(i) * data.head);
      fitted.push_back(set.y(i) * f > 0);
      if (selected) {
        int best = 0;  // the first on ties
        for (int t = 1; t < set.T; ++t) best = scores(t) > scores(best) ? t : best;
        selected->push_back(best);
      }
    }
    return fitted;
  };
  const std::vector<bool> train = fit(data.train, &hand.train_selected);
  const std::vector<bool> test = fit(data.test, nullptr);
  int fitted = 0, noisy = 0, noisy_fitted = 0;
  for (int i = 0; i < data.train.n; ++i) {
    fitted += train[i];
    noisy += data.train.noisy[i];
    noisy_fitted += data.train.noisy[i] && train[i];
  }
  hand.train_accuracy = static_cast<double>(fitted) / data.train.n;
  hand.noisy_fitted = static_cast<double>(noisy_fitted) / noisy;
  hand.test_accuracy = static_cast<double>(std::count(test.begin(), test.end(), true)) / data.test.n;
  return hand;
}

// Before any step (p = 0, any W) the attention is uniform: every sample's most-attended quadrant
// is the first (ties), and the accuracies are the token-mean classifier νᵀx̄'s. After one step of
// p alone (W = I) from 0, p₁ = (lr/n) Σᵢ yᵢ σ(−yᵢ fᵢ) Σ_t (γ_it − fᵢ) x_it / T: the argmax, fits
// and accuracies are the hand-made ones of that p₁.
TEST(DigitsTokenSelection, SelectionsAndAccuraciesMatchAHandMadeRun) {
  const DigitsSpec spec = DigitsSpecAt(0.2);
  const DigitsData data = GenerateDigits(spec, 3);
  TokenSelectionRunOptions options;
  options.steps = 0;
  const DigitsRun before = RunDigitsTokenSelection(spec, options, 3);
  const HandDigits uniform = Evaluate(data, Vector::Zero(spec.d));
  EXPECT_EQ(before.train_selected, std::vector<int>(data.train.n, 0));
  EXPECT_EQ(before.test_selects[0], 1.0);
  EXPECT_DOUBLE_EQ(before.train_accuracy, uniform.train_accuracy);
  EXPECT_DOUBLE_EQ(before.noisy_fitted, uniform.noisy_fitted);
  EXPECT_DOUBLE_EQ(before.test_accuracy, uniform.test_accuracy);

  options.steps = 1;
  options.train_W = false;
  Vector p = Vector::Zero(spec.d);
  for (int i = 0; i < data.train.n; ++i) {
    const Vector gamma = data.train.Tokens(i) * data.head;
    const double f = gamma.mean(), y = data.train.y(i);
    const Vector df = data.train.Tokens(i).transpose() * (gamma.array() - f).matrix() /
                      data.train.T;
    p += options.lr / data.train.n * y / (1 + std::exp(y * f)) * df;
  }
  const DigitsRun run = RunDigitsTokenSelection(spec, options, 3);
  const HandDigits hand = Evaluate(data, p);
  EXPECT_EQ(run.train_selected, hand.train_selected);
  EXPECT_DOUBLE_EQ(run.train_accuracy, hand.train_accuracy);
  EXPECT_DOUBLE_EQ(run.noisy_fitted, hand.noisy_fitted);
  EXPECT_DOUBLE_EQ(run.test_accuracy, hand.test_accuracy);
  // The hand-made selections are not all the first quadrant: the argmax is exercised.
  EXPECT_NE(hand.train_selected, std::vector<int>(data.train.n, 0));
}

}  // namespace digits_data_test
}  // namespace boa
