#pragma once
// The measured block shared by the magen24 extension claims (exploratory: reported, never
// asserted; a throw or a non-finite number still fails the instance in the runner).
#include <cmath>

#include "boa/claim.hpp"
#include "boa/route_result.hpp"
#include "boa/signal_noise_data.hpp"

namespace boa::claims {

inline Outcome ReportRoute(const RouteResult& r) {
  Outcome o;
  o.measured = {{"train_accuracy", r.train_accuracy},
                {"clean_test_accuracy", r.clean_test_accuracy},
                {"clean_signal_attention", r.clean_signal_attention},
                {"noisy_signal_attention", r.noisy_signal_attention}};
  return o;
}

// The extensions' common D1 setting: n = 20, η = 0.1 (exact flips), r = n·SNR² = 4.5, inside the
// SA benign window (r_T = 3.125, r_N = 6.58 at η = 0.1) and above the max-margin boundary 2.22.
inline SignalNoiseSpec ExtensionSpec(int d, int T = 2) {
  SignalNoiseSpec spec;
  spec.n = 20;
  spec.d = d;
  spec.T = T;
  spec.eta = 0.1;
  spec.snr = std::sqrt(4.5 / spec.n);
  spec.flips = FlipRule::kExact;
  return spec;
}

}  // namespace boa::claims
