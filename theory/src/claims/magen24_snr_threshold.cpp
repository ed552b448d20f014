// magen24.snr.threshold — [M]: the SNR threshold between harmful and benign overfitting is
// Θ(1/√n), necessary and sufficient (THEORY.md §4.2).
//
// For n = n_min·2^k (k = 0..doublings, so n spans a factor 2^doublings ≥ 8) and d = d_over_n2·n²
// (THEORY asks d ≥ n²), η = 0.1 with exact flips, snr_threshold.hpp locates SNR*(n) for three
// routes side by side: two GD steps with schedule SA, two with SB, and the max-margin solution.
// Each route's log SNR* is fitted against log n (OLS, Student-t 95% interval).
//
// Which "trained model" THEORY means is ambiguous; the claim asserts the route the paper's
// necessary-and-sufficient statement covers — the max-margin solution (Thms 6/8/10) — and reports
// the two GD routes beside it:
// - SB's exponent is ≈ −0.78 with an interval far from −1/2 — its two steps barely move the
//   softmax, so it acts like a linear classifier on averaged tokens, whose threshold also depends
//   on d (∝ n² here). A finding, reported as sb_slope*, sb_contains_minus_half = 0.
// - SA (the two-step theorem's schedule) was asserted at first; the flake audit (50 seed bases at
//   the CI configuration) failed it in 27 of 50: at n = 10–24 a majority of seeds is often benign
//   at no scanned r (the realised flip fractions move the small-n window, see
//   magen24.gd.two_step_benign), and with the remaining points the interval sometimes excludes
//   −1/2 (r* drifts from ≈ 3.6 at n = 10 to ≈ 2.8 at n = 80). A finding, reported as sa_*.
// The max-margin route held in every audited seed base on the direct engine. On the Gram engine
// (the default since issue 6) the same audit (seed bases 1..50, quick budget) fails it in 5 of
// 50 against 1 of 50 direct (seed 27) — within chance of each other (Fisher p ≈ 0.2), with the
// same mean slope: −0.530 (sd 0.028) Gram, −0.526 (sd 0.026) direct. So the finite-n exponent
// sits a little below −1/2 and the 95% interval of four points excludes −1/2 in ~5–10% of seed
// bases; the report's flake audit tracks that rate. Replay (Gram):
//   ./boa check magen24.snr.threshold --params d_over_n2=1,doublings=3,n_min=10,routes=4,seeds=8 --seed 5 --instances 1
// At d = 10⁶ ≫ n² (the threshold figure, Gram engine) max-margin still has a threshold with
// slope ≈ −0.56, while SA has none: at r = 1/32 it is harmful for no n in 10..80 (mean clean
// test accuracy 0.88–0.99 over 16 seeds; the test-time signal grows like r·√(d/n)), so "harmful
// below the threshold" is a d ≈ n² phenomenon for the two-step route.
//
// `routes` selects routes as a bit mask (1 SA, 2 SB, 4 max-margin; 7 = all, the default), so one
// route can be replayed on its own.
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "boa/claim.hpp"
#include "boa/snr_threshold.hpp"
#include "boa/stats.hpp"

namespace boa::claims {

Claim Magen24SnrThreshold() {
  Claim c;
  c.id = "magen24.snr.threshold";
  c.title = "The harmful→benign SNR threshold scales as n^(−1/2) (max-margin; SA and SB reported)";
  c.kind = ClaimKind::kScaling;
  c.provenance = Provenance::kPaper;
  c.source = "[M] SNR threshold Θ(1/√n) (Thms on two-step GD and max-margin; rebuttal Fig. 7)";
  c.regime = {};
  c.budget_params = [](Budget budget) -> Params {
    switch (budget) {
      case Budget::kQuick:  // the default sweep with half the seeds
        return {{"n_min", 10}, {"doublings", 3}, {"seeds", 8}, {"d_over_n2", 1}, {"routes", 7}};
      case Budget::kDefault:
        return {{"n_min", 10}, {"doublings", 3}, {"seeds", 16}, {"d_over_n2", 1}, {"routes", 7}};
      case Budget::kFull:  // twice the seeds and d; n = 160 would cost ~1 s per max-margin Gram
        return {{"n_min", 10}, {"doublings", 3}, {"seeds", 32}, {"d_over_n2", 2}, {"routes", 7}};
    }
    return {};
  };
  c.check = [](const Params& params, std::uint64_t seed) {
    const int n_min = IntParam(params, "n_min"), doublings = IntParam(params, "doublings");
    const int routes = IntParam(params, "routes");
    Outcome o;
    std::string why;
    for (const auto& [bit, route] : {std::pair{1, ThresholdRoute::kScheduleSA},
                                     std::pair{2, ThresholdRoute::kScheduleSB},
                                     std::pair{4, ThresholdRoute::kMaxMargin}}) {
      if ((routes & bit) == 0) continue;
      const bool asserted = route == ThresholdRoute::kMaxMargin;
      const std::string name = ToString(route);
      std::vector<double> ns, thresholds;
      for (int k = 0; k <= doublings; ++k) {
        SnrThresholdOptions options;
        options.route = route;
        options.n = n_min << k;
        options.d_over_n2 = IntParam(params, "d_over_n2");
        options.seeds = IntParam(params, "seeds");
        options.seed_base = seed * 1000;  // seeds of different instances never overlap
        const SnrThreshold t = LocateSnrThreshold(options);
        if (!t.found) {
          if (asserted) {
            why += name + " at n = " + std::to_string(options.n) + ": " + t.why_not + "; ";
          }
          continue;
        }
        const std::string at = name + "_n" + std::to_string(options.n);
        o.measured[at + "_r_threshold"] = t.r_threshold;
        o.measured[at + "_transition_width"] = t.r_benign_onset / t.r_harmful_end;
        // The binomial band around r*: harmful / benign for a majority at 95% confidence.
        if (t.r_surely_harmful > 0) o.measured[at + "_r_surely_harmful"] = t.r_surely_harmful;
        if (t.r_surely_benign > 0) o.measured[at + "_r_surely_benign"] = t.r_surely_benign;
        ns.push_back(options.n);
        thresholds.push_back(t.snr_threshold);
      }
      o.measured[name + "_thresholds_located"] = static_cast<double>(ns.size());
      if (ns.size() < 3) {
        if (asserted) why += name + ": fewer than 3 thresholds to fit; ";
        continue;
      }
      const SlopeFit fit = FitLogLogSlope(ns, thresholds);
      o.measured[name + "_slope"] = fit.slope;
      o.measured[name + "_slope_lower"] = fit.lower;
      o.measured[name + "_slope_upper"] = fit.upper;
      // SNR* = C·n^κ: the constant in r = n·SNR² at κ = −1/2 is C².
      o.measured[name + "_constant"] = std::exp(2 * fit.intercept);
      const bool contains = fit.lower <= -0.5 && -0.5 <= fit.upper;
      o.measured[name + "_contains_minus_half"] = contains;
      if (asserted && !contains) {
        why += name + " slope " + std::to_string(fit.slope) + " with 95% interval [" +
               std::to_string(fit.lower) + ", " + std::to_string(fit.upper) +
               "] excludes −1/2; ";
      }
    }
    o.holds = why.empty();
    o.explanation = why;
    return o;
  };
  c.instances = 1;
  c.gram_form = true;
  return c;
}

}  // namespace boa::claims
