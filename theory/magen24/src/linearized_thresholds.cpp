#include "boa/linearized_thresholds.hpp"

#include <algorithm>
#include <cmath>

#include "boa/error.hpp"

namespace boa {
namespace {

double Kappa(double eta) {
  Require(eta >= 0 && eta < 0.5, "the linearised thresholds need eta in [0, 0.5)");
  return 1 - 2 * eta;
}

}  // namespace

LinearizedThresholds MagenLinearizedThresholds(double eta) {
  const double k = Kappa(eta), k2 = k * k;
  return {2 * (eta + std::sqrt(eta * eta + k2)) / k2, 2 / k2,
          2 * ((1 - eta) + std::sqrt((1 - eta) * (1 - eta) + k2)) / k2};
}

double CleanTrainLogit(double r, double eta) {
  const double k = Kappa(eta);
  return k * k * r * r / 4 + (k - 1) * r / 2 - 1;
}

double NoisyTrainLogit(double r, double eta) {
  const double k = Kappa(eta);
  return k * k * r * r / 4 - (k + 1) * r / 2 - 1;
}

double TestLogit(double r, double eta) {
  const double k = Kappa(eta);
  return (r / 2) * (k * k * r / 2 - 1);
}

bool InBenignWindow(double r, double eta) {
  const LinearizedThresholds t = MagenLinearizedThresholds(eta);
  return std::max(t.clean, t.test) < r && r < t.noisy;
}

double MaxMarginSnrSquaredThreshold(int n, double eta) {
  Require(n >= 1 && eta >= 0 && eta < 1, "the max-margin threshold needs n ≥ 1 and eta in [0, 1)");
  return 2 / ((1 - eta) * n);
}

std::optional<std::array<ClassLinearization, 2>> RealisedClassLinearization(
    const SampleLabels& labels, double snr) {
  std::array<ClassLinearization, 2> classes;
  for (int k = 0; k < 2; ++k) {
    const double label = k == 0 ? 1.0 : -1.0;
    int members = 0, flipped = 0;
    for (int i = 0; i < labels.n; ++i) {
      if (labels.y_true(i) != label) continue;
      ++members;
      flipped += labels.noisy[i];
    }
    if (members == 0 || 2 * flipped >= members) return std::nullopt;
    classes[k] = {2.0 * members * snr * snr, static_cast<double>(flipped) / members};
  }
  return classes;
}

}  // namespace boa
