#pragma once
// Benign, harmful or neither: THEORY.md's two-sided definition (magen24.snr.threshold).
//   benign  — train accuracy 1 and clean test accuracy ≥ 0.95
//   harmful — clean test accuracy ≤ 0.75
//   neither — everything else (e.g. an unfitted training set with a good test accuracy, the
//             "not overfitting" regime above r_N, or a transition case)
namespace boa {

enum class FitRegime { kBenign, kHarmful, kNeither };

inline constexpr double kBenignCleanTestAccuracy = 0.95;
inline constexpr double kHarmfulCleanTestAccuracy = 0.75;

inline FitRegime ClassifyFit(double train_accuracy, double clean_test_accuracy) {
  if (clean_test_accuracy >= kBenignCleanTestAccuracy && train_accuracy == 1) {
    return FitRegime::kBenign;
  }
  if (clean_test_accuracy <= kHarmfulCleanTestAccuracy) return FitRegime::kHarmful;
  return FitRegime::kNeither;
}

// A regime as a number, for measured values and sweep columns: benign 1, harmful −1, neither 0.
inline double RegimeCode(FitRegime regime) {
  return regime == FitRegime::kBenign ? 1 : regime == FitRegime::kHarmful ? -1 : 0;
}

}  // namespace boa
