#include "boa/digits_data.hpp"

#include <cmath>
#include <string>
#include <utility>

#include "boa/error.hpp"
#include "boa/label_noise.hpp"
#include "boa/rng.hpp"
#include "digits_values.hpp"

namespace boa {
namespace {

constexpr int kValuesPerImage = 65;  // 64 pixels, then the label

}  // namespace

RowMatrix DigitsEmbedding(int d) {
  Rng rng(kDigitsEmbeddingSeed);
  RowMatrix E(d, kDigitsQuadrantPixels);
  for (int j = 0; j < d; ++j) {
    for (int k = 0; k < kDigitsQuadrantPixels; ++k) E(j, k) = rng.Normal() / 4;  // N(0, 1/16)
  }
  return E;
}

namespace {

// The images of one class, in the CSV's order.
std::vector<const DigitImage*> ImagesOf(int label) {
  std::vector<const DigitImage*> out;
  for (const DigitImage& image : DigitImages()) {
    if (image.label == label) out.push_back(&image);
  }
  return out;
}

// The noiseless embedded quadrants of a class, averaged over its images and quadrants.
Vector ClassMean(const RowMatrix& E, int label) {
  Vector pixels = Vector::Zero(kDigitsQuadrantPixels);
  const std::vector<const DigitImage*> images = ImagesOf(label);
  for (const DigitImage* image : images) {
    for (int t = 0; t < kDigitsTokens; ++t) pixels += QuadrantPixels(*image, t);
  }
  return E * pixels / (static_cast<double>(images.size()) * kDigitsTokens);
}

Dataset Tokens(const std::vector<const DigitImage*>& images, const Vector& y_true,
               const RowMatrix& E, double sigma, Rng& rng) {
  Dataset data;
  data.n = static_cast<int>(images.size());
  data.T = kDigitsTokens;
  data.d = static_cast<int>(E.rows());
  data.X.resize(static_cast<Eigen::Index>(data.n) * data.T, data.d);
  for (int i = 0; i < data.n; ++i) {
    for (int t = 0; t < data.T; ++t) {
      auto row = data.X.row(static_cast<Eigen::Index>(i) * data.T + t);
      row = (E * QuadrantPixels(*images[static_cast<std::size_t>(i)], t)).transpose();
      for (int j = 0; j < data.d; ++j) row(j) += sigma * rng.Normal();
    }
  }
  data.y_true = y_true;
  data.y = y_true;
  data.noisy.assign(static_cast<std::size_t>(data.n), false);
  return data;
}

}  // namespace

const std::vector<DigitImage>& DigitImages() {
  static const std::vector<DigitImage> images = [] {
    Require(digits_csv::kValueCount % kValuesPerImage == 0,
            "the compiled-in digits CSV is not rows of 64 pixels and a label");
    std::vector<DigitImage> out(digits_csv::kValueCount / kValuesPerImage);
    for (std::size_t i = 0; i < out.size(); ++i) {
      const unsigned char* row = digits_csv::kValues + i * kValuesPerImage;
      for (int k = 0; k < 64; ++k) out[i].pixels[static_cast<std::size_t>(k)] = row[k];
      out[i].label = row[64];
    }
    return out;
  }();
  return images;
}

Vector QuadrantPixels(const DigitImage& image, int t) {
  Require(t >= 0 && t < kDigitsTokens, "a digit image has quadrants 0..3");
  const int row0 = 4 * (t / 2), col0 = 4 * (t % 2);
  Vector z(kDigitsQuadrantPixels);
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) {
      z(4 * r + c) = image.pixels[static_cast<std::size_t>(8 * (row0 + r) + col0 + c)] / 16.0;
    }
  }
  return z;
}

void Validate(const DigitsSpec& spec) {
  const auto in_range = [](int label) { return label >= 0 && label <= 9; };
  Require(in_range(spec.class_plus) && in_range(spec.class_minus) &&
              spec.class_plus != spec.class_minus,
          "the two digit classes must be different digits 0..9");
  Require(spec.n >= 2 && spec.n % 2 == 0, "n must be even and at least 2 (half per class)");
  const std::size_t per_class = static_cast<std::size_t>(spec.n / 2);
  Require(
      per_class < ImagesOf(spec.class_plus).size() && per_class < ImagesOf(spec.class_minus).size(),
      "n/2 must leave test images in both classes (n = " + std::to_string(spec.n) + ")");
  Require(spec.d >= 2, "d must be at least 2 (got " + std::to_string(spec.d) + ")");
  Require(std::isfinite(spec.sigma) && spec.sigma > 0, "sigma must be finite and positive");
  Require(std::isfinite(spec.eta) && spec.eta >= 0 && spec.eta < 1, "eta must be in [0, 1)");
}

DigitsData GenerateDigits(const DigitsSpec& spec, std::uint64_t seed) {
  Validate(spec);
  const RowMatrix E = DigitsEmbedding(spec.d);
  Rng train_rng(seed, kTrainData), test_rng(seed, kTestData);
  std::vector<const DigitImage*> train, test;
  std::vector<double> train_y, test_y;
  const std::pair<int, double> classes[] = {{spec.class_plus, 1.0}, {spec.class_minus, -1.0}};
  for (const auto& [label, y] : classes) {
    std::vector<const DigitImage*> images = ImagesOf(label);
    // Partial Fisher–Yates: the first n/2 are the training images.
    const int k = spec.n / 2, size = static_cast<int>(images.size());
    for (int i = 0; i < k; ++i) std::swap(images[i], images[train_rng.UniformInt(i, size - 1)]);
    train.insert(train.end(), images.begin(), images.begin() + k);
    test.insert(test.end(), images.begin() + k, images.end());
    train_y.insert(train_y.end(), static_cast<std::size_t>(k), y);
    test_y.insert(test_y.end(), images.size() - static_cast<std::size_t>(k), y);
  }
  DigitsData out;
  out.train =
      Tokens(train, Eigen::Map<const Vector>(train_y.data(), spec.n), E, spec.sigma, train_rng);
  out.test = Tokens(
      test, Eigen::Map<const Vector>(test_y.data(), static_cast<Eigen::Index>(test_y.size())), E,
      spec.sigma, test_rng);
  out.train.noisy = DrawFlips(FlipRule::kBalancedExact, spec.n, spec.eta, train_rng);
  for (int i = 0; i < spec.n; ++i) {
    if (out.train.noisy[static_cast<std::size_t>(i)]) out.train.y(i) = -out.train.y_true(i);
  }
  const auto index = [](const DigitImage* image) {
    return static_cast<int>(image - DigitImages().data());
  };
  for (const DigitImage* image : train) out.train_images.push_back(index(image));
  for (const DigitImage* image : test) out.test_images.push_back(index(image));
  out.head = DigitsHead(spec, &out.train.mu_plus, &out.train.mu_minus);
  return out;
}

Vector DigitsHead(const DigitsSpec& spec, Vector* mu_plus, Vector* mu_minus) {
  Validate(spec);
  const RowMatrix E = DigitsEmbedding(spec.d);
  const Vector plus = ClassMean(E, spec.class_plus), minus = ClassMean(E, spec.class_minus);
  const Vector diff = plus - minus;
  if (mu_plus != nullptr) *mu_plus = plus;
  if (mu_minus != nullptr) *mu_minus = minus;
  return std::sqrt(2.0) * diff / diff.squaredNorm();
}

Vector MeanQuadrantPixels(int label, int t) {
  const std::vector<const DigitImage*> images = ImagesOf(label);
  Require(!images.empty(), "no image has label " + std::to_string(label));
  Vector pixels = Vector::Zero(kDigitsQuadrantPixels);
  for (const DigitImage* image : images) pixels += QuadrantPixels(*image, t);
  return pixels / static_cast<double>(images.size());
}

}  // namespace boa
