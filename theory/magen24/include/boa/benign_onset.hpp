#pragma once
// The smallest dimension from which on two GD steps (schedule SA) are benign, at fixed n, r and η
// (THEORY.md magen24.dimension.benign_onset).
//
// The [M] two-step lemma asks for d ≫ n²; the rebuttal's experiments are benign at d = 2n. This
// measures where benign overfitting sets in. Per seed (one D1 draw per d, exact flips, the
// setting's r = n·SNR² held fixed as d changes):
//   1. the run at the top dimension d_top = top_over_n2·n² must be benign (fit_regime.hpp); a
//      seed that is not is outside the question (its realised flip fractions put it outside the
//      window at any d, see magen24.gd.two_step_benign) and is counted, not used;
//   2. the onset is bracketed between d_bottom (not benign) and d_top (benign) and bisected in
//      log d to relative width `resolution`; it is the smallest evaluated benign d.
// The onset of the seed set is the geometric mean of the per-seed onsets (they spread over a
// factor of a few, roughly log-normally; the mean of logs uses every seed). Bisection assumes one
// not-benign→benign transition per seed, as the SNR locator (snr_threshold.hpp) assumes one in r.
#include <cstdint>
#include <vector>

#include "boa/budget.hpp"
#include "boa/engine.hpp"

namespace boa {

struct BenignOnsetOptions {
  int n = 20;
  double eta = 0.1;  // exact flips
  double r = 0;      // 0: the middle of the linearised window, (max(r_C, r_T) + r_N)/2
  int seeds = 16;
  std::uint64_t seed_base = 1;
  int n_test = 1000;
  int top_over_n2 = 16;      // d_top = top_over_n2·n²
  double bottom_over_n = 1;  // d_bottom = max(3, bottom_over_n·n)
  double resolution = 0.25;  // relative width of each seed's final bracket in d
  EngineChoice engine = EngineChoice::kAuto;
};

struct BenignOnset {
  bool found = false;            // at least half the seeds are benign at d_top
  int seeds_benign_at_top = 0;   // the seeds whose onset is measured
  double d_onset = 0;            // geometric mean of the per-seed onsets
  std::vector<double> per_seed;  // the measured seeds' onsets, ascending
  int evaluations = 0;           // two-step runs
};

BenignOnset LocateBenignOnset(const BenignOnsetOptions& options);

// The sweep of the benign-onset claim and of its figure: n = n_min·2^k for k = 0..doublings,
// `seeds` seeds per n.
struct BenignOnsetSweepSize {
  int n_min = 20, doublings = 3, seeds = 16;
};
BenignOnsetSweepSize BenignOnsetSweepAt(Budget budget);

// A reference derived in THEORY.md (magen24.dimension.benign_onset), not asserted: the scale at
// which the signed cross sums of the step-2 logits match their diagonal, d ∝ n·z_n², with z_n
// the median of the largest of n independent |N(0, 1)|, z_n = Φ⁻¹((1 + 2^{−1/n})/2).
double SignedSumOnsetLaw(int n);

}  // namespace boa
