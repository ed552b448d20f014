#pragma once
// Where does a claim break? Bisection of one parameter to the point where the claim's verdict
// flips (issue 7: threshold finder and constant estimation).
//
// At each probe x the claim runs `instances` instances with the vary-parameter fixed to x (and
// any other fixed parameters), with the same seeds at every probe (common random numbers, so the
// verdict is a deterministic function of x). The bracket [lo, hi] must have different verdicts at
// its ends; each step halves it (geometrically with log_scale). The result carries the bracket,
// the failure counts at both ends and their Clopper–Pearson intervals, so the uncertainty is
// explicit: the flip lies in [lower, upper] for these seeds, and the failure rates at the ends
// are known to the stated binomial precision.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "boa/claim.hpp"
#include "boa/runner.hpp"
#include "boa/stats.hpp"

namespace boa {

// What counts as "holds" at a probe: the runner's verdict (identity: no failure; probabilistic:
// the binomial verdict), or the stricter "no instance failed" used for constant estimation.
enum class FlipCriterion { kVerdict, kNoFailure };

struct BisectionOptions {
  std::string vary;
  double lo = 0;
  double hi = 1;
  bool log_scale = false;
  int steps = 10;
  int instances = 50;
  std::uint64_t seed_base = 1;
  Budget budget = Budget::kQuick;
  Params fixed;
  EngineChoice engine = EngineChoice::kAuto;
  FlipCriterion criterion = FlipCriterion::kVerdict;
  std::function<void(int done, int total)> progress;
};

struct Probe {
  double x = 0;
  int failures = 0;
  int instances = 0;
  bool holds = false;
  double rate_lower = 0;  // two-sided 95% Clopper–Pearson interval on the failure rate
  double rate_upper = 1;
};

struct FlipPoint {
  bool bracketed = false;  // the two ends had different verdicts
  double lower = 0;        // the flip lies in [lower, upper]
  double upper = 0;
  double estimate = 0;       // midpoint (geometric with log_scale)
  bool holds_above = false;  // direction: the claim holds for x ≥ upper (else for x ≤ lower)
  Probe at_lower, at_upper;
  std::vector<Probe> probes;  // every evaluation, in order
};

FlipPoint BisectFlip(const Claim& claim, const BisectionOptions& options);

struct ThresholdCurve {
  std::string over;  // the swept parameter, e.g. "n"
  std::vector<double> over_values;
  std::vector<FlipPoint> flips;
  bool fitted = false;  // ≥ 3 bracketed, positive points
  SlopeFit fit;         // log(flip estimate) against log(over value)
};

// One bisection per value of `over`; fits the scaling exponent when it can.
ThresholdCurve FindThresholdCurve(const Claim& claim, const std::string& over,
                                  const std::vector<double>& over_values,
                                  const BisectionOptions& options);

}  // namespace boa
