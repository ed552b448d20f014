#pragma once
// The D1 data spec of a magen24.* claim instance from its regime parameters: n, d, snr and
// eta, plus T and random_position when the regime has them (defaults T = 2, signal first).
#include <string>
#include "boa/claim.hpp"

#include "boa/signal_noise_data.hpp"

namespace boa::claims {

SignalNoiseSpec SignalNoiseSpecFromParams(const Params& params);

// A size computed from parameters (d = d_factor·n², n = n_min·2^k), checked in double precision:
// throws InvalidInput naming `what` unless it is an integer-valued int, so a --params value
// that would overflow int is bad input rather than undefined behaviour.
int SizeFromParams(double value, const std::string& what);

}  // namespace boa::claims
