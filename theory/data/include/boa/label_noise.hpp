#pragma once
// Which samples get flipped labels, for every flip rule of THEORY.md §2 (shared by the
// generators and the Gram-form samplers so that both draw labels the same way).
//   bernoulli:      each sample independently w.p. η
//   exact:          ⌈ηn⌉ distinct samples, uniformly (partial Fisher–Yates)
//   balanced-exact: m = ⌈ηn⌉; [0, m/2) and [⌊n/2⌋, ⌊n/2⌋ + m/2) — no randomness
#include <vector>

#include "boa/rng.hpp"
#include "boa/signal_noise_data.hpp"  // FlipRule

namespace boa {

std::vector<bool> DrawFlips(FlipRule rule, int n, double eta, Rng& rng);

}  // namespace boa
