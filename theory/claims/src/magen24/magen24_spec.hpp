#pragma once
// The D1 data spec of a magen24.* claim instance from its regime parameters: n, d, snr and
// eta, plus T and random_position when the regime has them (defaults T = 2, signal first).
#include "boa/claim.hpp"
#include "boa/signal_noise_data.hpp"

namespace boa::claims {

SignalNoiseSpec SignalNoiseSpecFromParams(const Params& params);

}  // namespace boa::claims
