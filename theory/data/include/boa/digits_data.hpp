#pragma once
// Real data for [S] (THEORY.md §4.4, "Real data"): the bundled 8×8 handwritten digits
// (theory/data/digits/README.md), two classes as a token-selection data set. Each image gives
// T = 4 tokens, its four 4×4 quadrants (top-left, top-right, bottom-left, bottom-right), each
// embedded into ℝ^d by one fixed Gaussian matrix plus token noise:
//
//   x_it = E·(quadrant t of image i)/16 + ε_it,   E ∈ ℝ^{d×16}, E_jk ~ N(0, 1/16),   ε ~ N(0,
//   σ²I_d).
//
// E is drawn from kDigitsEmbeddingSeed, the same for every run, so only the training images, the
// token noise and the test noise change with the seed. Pixels /16 lie in [0, 1], and
// E[‖Ez‖²] = (d/16)‖z‖², so a quadrant with half its 16 pixels lit embeds at norm ≈ √(d/8).
#include <array>
#include <cstdint>
#include <vector>

#include "boa/dataset.hpp"

namespace boa {

struct DigitImage {
  int label = 0;                 // 0..9
  std::array<int, 64> pixels{};  // row-major, 0..16
};

// The 1797 images in the CSV's order.
const std::vector<DigitImage>& DigitImages();

inline constexpr int kDigitsTokens = 4;  // quadrants
inline constexpr int kDigitsQuadrantPixels = 16;
inline constexpr std::uint64_t kDigitsEmbeddingSeed = 1;

struct DigitsSpec {
  int class_plus = 0;   // ỹ = +1
  int class_minus = 1;  // ỹ = −1
  int n = 50;           // training images, n/2 of each class
  int d = 2000;
  double sigma = 1;  // token noise
  double eta = 0;    // balanced-exact flips (label_noise.hpp)
};

// Throws InvalidInput for equal or out-of-range classes, n odd or < 2, more training images than a
// class has, d < 2, σ ≤ 0 or η ∉ [0, 1).
void Validate(const DigitsSpec& spec);

// The fixed embedding E ∈ ℝ^{d×16} (entries N(0, 1/16), drawn from kDigitsEmbeddingSeed).
RowMatrix DigitsEmbedding(int d);

// The 16 pixels (/16) of quadrant t of an image, row-major within the quadrant.
Vector QuadrantPixels(const DigitImage& image, int t);

struct DigitsData {
  Dataset train;  // n samples: the first n/2 have ỹ = +1; roles empty (no D2 roles); balanced flips
  Dataset test;  // every other image of the two classes, clean labels, its own token noise
  // ν = √2 (m₊ − m₋)/‖m₊ − m₋‖², with m± the noiseless embedded quadrant averaged over all
  // images and quadrants of the class — scaled as the [S] default head, νᵀ(m₊ − m₋) = √2. m±
  // are stored as train.mu_plus / mu_minus.
  Vector head;
  std::vector<int> train_images, test_images;  // indices into DigitImages(), sample by sample
};

// The head of GenerateDigits (the DigitsData::head comment): it depends on the classes and d only,
// not on the seed. m± are written to mu_plus and mu_minus when given.
Vector DigitsHead(const DigitsSpec& spec, Vector* mu_plus = nullptr, Vector* mu_minus = nullptr);

// The mean of quadrant t's pixels (/16) over every image of digit `label` (all of the class, not
// only a draw's training images).
Vector MeanQuadrantPixels(int label, int t);

// Per seed: the training images drawn without replacement per class (stream kTrainData), the
// flips, the token noise of the training (kTrainData) and the test images (kTestData).
DigitsData GenerateDigits(const DigitsSpec& spec, std::uint64_t seed);

}  // namespace boa
