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

// The max-margin claims' D1 instance (THEORY.md magen24.maxmargin.selection): T = 2, exact
// flips, n, d = d_over_n2·n², η = eta_percent/100, and SNR² = ratio·2/((1 − η)n) with
// log₂ ratio = ±log2_ratio (+ when above = 1): `ratio` is the distance to the boundary.
struct MaxMarginInstance {
  SignalNoiseSpec spec;
  double ratio = 1;
  double snr_squared = 0;  // spec.snr² before the square root
};
MaxMarginInstance MaxMarginInstanceFromParams(const Params& params);

// The max-margin claims' protocol constants (THEORY.md magen24.maxmargin.selection), shared by the
// separate-ball and the joint claims.
inline constexpr double kMaxMarginBandLog2 = 0.4;  // exclusion band half-width in log₂(ratio)
inline constexpr double kMaxMarginKktTolerance =
    1e-8;                                           // margins are O(1); the solver aims at 1e-10
inline constexpr int kMaxMarginTestSamples = 4000;  // §2.3: the max-margin test-set size

}  // namespace boa::claims
