#include "boa/threshold_finder.hpp"

#include <cmath>

#include "boa/error.hpp"

namespace boa {
namespace {

Probe Evaluate(const Claim& claim, const BisectionOptions& o, double x) {
  RunOptions run;
  run.instances = o.instances;
  run.seed_base = o.seed_base;
  run.budget = o.budget;
  run.fixed = o.fixed;
  run.fixed[o.vary] = x;
  run.engine = o.engine;
  run.shrink = false;
  // "No failure among N instances" needs all N, even where a sequential test would stop early.
  run.run_to_cap = o.criterion == FlipCriterion::kNoFailure;
  const Verdict v = RunClaim(claim, run);
  Probe p;
  p.x = x;
  p.failures = v.failures;
  p.instances = v.instances;
  // An inconclusive verdict is not "holds".
  p.holds = o.criterion == FlipCriterion::kNoFailure
                ? v.failures == 0
                : v.status == Status::kHolds || v.status == Status::kReported;
  p.rate_lower = ClopperPearsonLower(v.failures, v.instances, 0.025);
  p.rate_upper = ClopperPearsonUpper(v.failures, v.instances, 0.025);
  return p;
}

double Midpoint(double a, double b, bool log_scale) {
  return log_scale ? std::sqrt(a * b) : (a + b) / 2;
}

}  // namespace

FlipPoint BisectFlip(const Claim& claim, const BisectionOptions& o) {
  Require(!o.vary.empty(), "bisection needs a parameter to vary");
  bool known = false;
  for (const auto& g : claim.regime) known = known || g.name == o.vary;
  Require(known, "claim " + claim.id + " has no parameter '" + o.vary + "'");
  Require(std::isfinite(o.lo) && std::isfinite(o.hi) && o.lo < o.hi, "bisection needs lo < hi");
  Require(!o.log_scale || o.lo > 0, "a log-scale bisection needs lo > 0");
  Require(o.steps >= 0 && o.steps <= 60 && o.instances >= 1,
          "bisection needs 0 ≤ steps ≤ 60, instances ≥ 1");
  FlipPoint flip;
  const int total = o.steps + 2;
  auto probe = [&](double x) {
    flip.probes.push_back(Evaluate(claim, o, x));
    if (o.progress) o.progress(static_cast<int>(flip.probes.size()), total);
    return flip.probes.back();
  };
  Probe low = probe(o.lo), high = probe(o.hi);
  flip.bracketed = low.holds != high.holds;
  flip.holds_above = high.holds;
  if (flip.bracketed) {
    for (int step = 0; step < o.steps; ++step) {
      const Probe mid = probe(Midpoint(low.x, high.x, o.log_scale));
      (mid.holds == low.holds ? low : high) = mid;
    }
  }
  flip.lower = low.x;
  flip.upper = high.x;
  flip.at_lower = low;
  flip.at_upper = high;
  flip.estimate = Midpoint(low.x, high.x, o.log_scale);
  return flip;
}

ThresholdCurve FindThresholdCurve(const Claim& claim, const std::string& over,
                                  const std::vector<double>& over_values,
                                  const BisectionOptions& options) {
  Require(!over_values.empty(), "a threshold curve needs at least one value to sweep over");
  ThresholdCurve curve;
  curve.over = over;
  curve.over_values = over_values;
  std::vector<double> xs, ys;
  for (double value : over_values) {
    BisectionOptions o = options;
    o.fixed[over] = value;
    curve.flips.push_back(BisectFlip(claim, o));
    const FlipPoint& f = curve.flips.back();
    if (f.bracketed && value > 0 && f.estimate > 0) {
      xs.push_back(value);
      ys.push_back(f.estimate);
    }
  }
  if (xs.size() >= 3) {
    curve.fitted = true;
    curve.fit = FitLogLogSlope(xs, ys);
  }
  return curve;
}

}  // namespace boa
