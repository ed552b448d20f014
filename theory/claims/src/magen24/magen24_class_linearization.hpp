#pragma once
// The linearised step-2 picture per class (boa/linearized_thresholds.hpp), without the
// "balanced classes, flip rate η" idealisation. Redoing the linearisation with N_c samples of
// true class c, of which a fraction η_c is flipped, gives for every sample of class c the same
// polynomials with r_c = 2N_c·SNR² in place of r and η_c in place of η. With n ≤ 60 and
// Bernoulli flips η_c moves a lot (η = 0.14, N_c = 30: κ_c = 1 − 2η_c has sd 0.13, moving
// r_T = 2/κ_c² by ±35%), so this is what one draw should be compared with.
#include <array>
#include <optional>

#include "boa/sample_labels.hpp"

namespace boa::claims {

struct ClassLinearization {
  double r = 0;    // 2N_c·SNR²
  double eta = 0;  // realised flip fraction of the class
};

// Index 0: true class +1, index 1: true class −1. Empty when a class has no samples or
// η_c ≥ ½ (the linearisation needs κ_c > 0).
std::optional<std::array<ClassLinearization, 2>> RealisedClassLinearization(
    const SampleLabels& labels, double snr);

}  // namespace boa::claims
