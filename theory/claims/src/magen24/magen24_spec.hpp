#pragma once
// The D1 data spec of a magen24.* claim instance from its regime parameters: n, d, snr and
// eta, plus T and random_position when the regime has them (defaults T = 2, signal first).
#include <cstdint>
#include <string>
#include <vector>

#include "boa/claim.hpp"

#include "boa/engine.hpp"
#include "boa/gram_instance.hpp"
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
// The same instance on Kou et al.'s (Cao et al.'s) data, one signal vector ỹμ, at the same
// distance to its own boundary 1/((1 − η)n), half D1's (THEORY.md
// magen24.maxmargin.selection_antipodal): SNR² halved. The Gram sampler assumes μ₊ ⟂ μ₋, so
// only the direct engine draws it.
MaxMarginInstance AntipodalInstance(MaxMarginInstance instance);

// The max-margin claims' protocol constants (THEORY.md magen24.maxmargin.selection), shared by the
// separate-ball and the joint claims.
inline constexpr double kMaxMarginBandLog2 = 0.4;  // exclusion band half-width in log₂(ratio)
inline constexpr double kMaxMarginKktTolerance =
    1e-8;                                           // margins are O(1); the solver aims at 1e-10
inline constexpr int kMaxMarginTestSamples = 4000;  // §2.3: the max-margin test-set size

// The joint max-margin claims' regime (THEORY.md §4.2): maxmargin.selection's with n ∈ [6, 12],
// the enumeration's range, on one side of the boundary (above ∈ [above_lo, above_hi]).
Regime MaxMarginJointRegime(int above_lo, int above_hi);
// The training set of a max-margin instance in Gram form, on the run's engine: the direct
// engine's ambient draw is mapped to its Gram form (exact up to rounding), so both engines see
// one set.
GramInstance MaxMarginGram(const SignalNoiseSpec& spec, std::uint64_t seed, Engine engine);

// The directional-convergence test of the GD routes (THEORY.md §4.4; joint_gd_direction,
// extension.w_svm_own_selection): at log-spaced checkpoints the cosine to the target increases
// to two decimals (each c_t ≥ c_{t−} − kDirectionCosineSlack) and ends ≥ kDirectionFinalCosine.
inline const std::vector<int> kDirectionCheckpoints = {10, 100, 1000, 10000};
inline constexpr double kDirectionFinalCosine = 0.9;
inline constexpr double kDirectionCosineSlack = 0.01;
// Empty when `cosines` (one per kDirectionCheckpoints entry) pass the test; else why not, naming
// the cosine (`what`).
std::string DirectionFailure(const std::vector<double>& cosines, const std::string& what);

}  // namespace boa::claims
