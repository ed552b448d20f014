#pragma once
// The setting of the signal-attention and Gaussian-init sweeps: D1 with n = 40, d = 4n², η = 0.1
// and r = n·SNR² = (max(r_C, r_T) + r_N)/2 ≈ 4.85, the middle of the linearised benign window
// (boa/linearized_thresholds.hpp).
#include "boa/signal_noise_data.hpp"

namespace boa {

SignalNoiseSpec WindowMiddleSpec();

}  // namespace boa
