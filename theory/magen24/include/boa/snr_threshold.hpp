#pragma once
// The SNR at which a trained M1 turns from harmful to benign (THEORY.md magen24.snr.threshold).
//
// A route maps D1 data to a model: two GD steps with schedule SA or SB from zero init, or the
// max-margin solution (max_margin_selection.hpp). At one SNR, `seeds` independent data sets give
// the fractions f_h (harmful) and f_b (benign) of fit_regime.hpp. The threshold is located in
// r = n·SNR², where the [M] picture predicts n-independent constants (r_T for SA, 2/(1 − η) for
// max-margin), so SNR* ∝ n^{−1/2}:
//   1. scan r upward over a fixed grid until f_b ≥ ½ (the benign onset is bracketed);
//      the harmful end is bracketed by the last point with f_h ≥ ½ before it;
//   2. bisect both brackets in log r until hi/lo ≤ 1 + resolution;
//   3. r* = √(r_harmful_end · r_benign_onset), SNR* = √(r*/n).
// "Majority" is a point estimate over seeds. Its binomial uncertainty is reported as a band: the
// largest evaluated r that is harmful and the smallest that is benign for a majority with 95%
// confidence (one-sided Clopper–Pearson lower bound on the fraction > ½); across n, the scatter
// of the estimates is what the slope fit's interval sees.
// Monotone fractions between the two brackets are assumed (SA's window closes again above r_N;
// the scan stops at the first benign-majority point, below it).
//
// The CNN route (issue 31) is Kou et al.'s two-layer ReLU CNN (cnn_run.hpp) trained by GD for a
// fixed horizon, located the same way on a grid that reaches lower r (its threshold is predicted
// to fall with d, so r* = n·SNR*² goes below the attention routes' grid at large d).
#include <cstdint>
#include <string>

#include "boa/budget.hpp"
#include "boa/cnn_run.hpp"
#include "boa/engine.hpp"
#include "boa/route_result.hpp"

namespace boa {

enum class ThresholdRoute { kScheduleSA, kScheduleSB, kMaxMargin, kCnn };
std::string ToString(ThresholdRoute route);

// The noise scale of D1 (THEORY.md §4.4, normalised noise). kNormalised: ξ ~ N(0, I/d), i.e.
// σ = 1/√d with SNR = ‖μ‖/σ√d kept, so r = n·SNR² is unchanged and every token is the standard
// one times 1/√d; the GD step sizes follow the data scale, β → β/σ² = β·d, which makes the run
// the standard one with (p, v) scaled by √d. kNormalisedFixedSteps keeps the standard β.
enum class NoiseScale { kStandard, kNormalised, kNormalisedFixedSteps };
std::string ToString(NoiseScale scale);

struct SnrThresholdOptions {
  ThresholdRoute route = ThresholdRoute::kScheduleSA;
  int n = 20;
  int d_over_n2 = 1;  // d = d_over_n2 · n²
  int d = 0;  // > 0: this d at every n instead (e.g. 10⁶ ≫ n², affordable on the Gram engine)
  double eta = 0.1;  // exact flips: ⌈ηn⌉ noisy samples
  int seeds = 16;
  std::uint64_t seed_base = 1;
  int n_test = 2000;
  double resolution = 0.03;  // relative width of the final brackets in r
  EngineChoice engine = EngineChoice::kAuto;
  NoiseScale noise = NoiseScale::kStandard;
  bool antipodal = false;  // Kou et al.'s data (one signal vector ỹμ) instead of D1's μ₊, μ₋
  CnnRouteSettings cnn;    // the CNN route's conventions (read by kCnn only)
};

// The CNN route on one draw (exact flips; D1, or Kou et al.'s data with `antipodal`) at SNR `snr`,
// with CnnRouteSettings' conventions; either engine.
RouteResult RunCnnThresholdRoute(const CnnRouteSettings& settings, bool antipodal, int n, int d,
                                 double eta, double snr, int n_test, std::uint64_t seed,
                                 EngineChoice engine = EngineChoice::kAuto);

// One attention route on one D1 draw (exact flips) at SNR `snr`; every route runs on either
// engine (kCnn: RunCnnThresholdRoute with the default settings on D1).
RouteResult RunThresholdRoute(ThresholdRoute route, int n, int d, double eta, double snr,
                              int n_test, std::uint64_t seed,
                              EngineChoice engine = EngineChoice::kAuto,
                              NoiseScale noise = NoiseScale::kStandard);

// Why a threshold was not located (kLocated: it was).
enum class NotLocated { kLocated, kNoBenignMajority, kSmallestNotHarmful };
// The sentence SnrThreshold::why_not carries (the route names its scan grid's ends).
std::string WhyNotLocated(NotLocated reason, ThresholdRoute route);

struct SnrThreshold {
  bool found = false;  // both the harmful end and the benign onset were bracketed
  NotLocated not_located = NotLocated::kLocated;
  std::string why_not;       // when not found: WhyNotLocated(not_located)
  double r_harmful_end = 0;  // in r = n·SNR²
  double r_benign_onset = 0;
  double r_threshold = 0;       // √(r_harmful_end · r_benign_onset)
  double snr_threshold = 0;     // √(r_threshold / n)
  double r_surely_harmful = 0;  // largest evaluated r ≤ r_benign_onset harmful for a majority
                                // at 95% confidence (0: none)
  double r_surely_benign = 0;   // smallest evaluated r benign for a majority at 95% (0: none)
  int evaluations = 0;          // route runs
};

SnrThreshold LocateSnrThreshold(const SnrThresholdOptions& options);

// The sweep of the magen24.snr.threshold claims and of their figure (magen_snr_threshold): n =
// n_min·2^k for k = 0..doublings, d = d_over_n2·n², `seeds` seeds per point, η = 0.1.
struct SnrThresholdSweepSize {
  int n_min = 10, doublings = 3, seeds = 16, d_over_n2 = 1;
};
SnrThresholdSweepSize SnrThresholdSweepAt(Budget budget);

// One point of that sweep: the threshold at n = n_min·2^k of `route` on seeds seed_base.. (a
// claim instance with seed s uses seed_base = 1000·s); fixed_d > 0 replaces d_over_n2·n².
SnrThreshold LocateSnrThresholdInSweep(ThresholdRoute route, const SnrThresholdSweepSize& size,
                                       int k, int fixed_d, std::uint64_t seed_base,
                                       EngineChoice engine);

// The sweep of the magen24.snr.threshold_dimension claims and of their figure
// (magen_snr_threshold_dimension): n fixed, d = n²·4^k for k = 0..quadruplings, η = 0.1.
struct SnrThresholdDimensionSweepSize {
  int n = 20, quadruplings = 3, seeds = 16;
};
SnrThresholdDimensionSweepSize SnrThresholdDimensionSweepAt(Budget budget);
int SnrThresholdDimensionSweepD(const SnrThresholdDimensionSweepSize& size, int k);

}  // namespace boa
