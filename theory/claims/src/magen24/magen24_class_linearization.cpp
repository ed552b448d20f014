#include "magen24_class_linearization.hpp"

namespace boa::claims {

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

}  // namespace boa::claims
