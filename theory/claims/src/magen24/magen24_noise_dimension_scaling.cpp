// magen24.noise.dimension_scaling — derived: the smallest d at which the noise Gram matrix is
// diagonally dominant by half (magen24.noise.diagonal_dominance's conclusion) w.p. ≥ 0.9 grows
// like n².
//
// THEORY.md asks for a fitted exponent whose interval contains 2. That is only the asymptote
// (magen24.noise.dimension_scaling asserts it as stated): row i's off-diagonal sum Σ_{j≠i} |⟨ξ_i,
// ξ_j⟩|/√m is a sum of n − 1 half-normals (mean √(2/π), sd √(1 − 2/π) each), and dominance must
// hold for the worst of n rows, so
//   d*(n) ≈ 2 + (8/π)(n − 1)² (1 + √(π/2 − 1)·z_n/√(n − 1))²,   z_n = Φ⁻¹(0.9^{1/n}),
// whose correction decays like √(log n / n): its local log-log slope is ≈ 1.9 for n ≤ 100 and
// still ≈ 1.94 at n = 1000. magen24.noise.dimension_scaling_finite_n asserts that form: the
// fitted exponent minus the law's is 0 (within the scaling tolerance), and both report d*(n)
// against the law.
//
// Each instance is one replicate sweep (the scaling verdict of README § Verdicts): for n =
// n_min·2^{k/2}, k = 0 .. 2·doublings, draw `replicates` noise sets in dimension 8n² and follow
// ρ(m) = max_i Σ_{j≠i}|G_ij|/G_ii along prefix dimensions m (common random numbers, one pass per
// draw; geometric grid of ratio 1.02 from n²/4). d*(n) is the smallest grid d = m + 2 from which on
// the fraction of draws with ρ ≤ 1/2 stays ≥ 0.9.
#include <cmath>

#include <boost/math/distributions/normal.hpp>
#include <string>
#include <vector>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/noise_gram.hpp"
#include "boa/shared_runs.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/stats.hpp"
#include "provenance_elements.hpp"

namespace boa::claims {
namespace {

constexpr double kRequiredProbability = 0.9;
constexpr double kMaxDimensionOverN2 = 8;

// Geometric prefix grid m = n²/4 · 1.02^k up to 8n² (distinct integers).
std::vector<int> PrefixGrid(int n) {
  std::vector<int> grid;
  const double top = kMaxDimensionOverN2 * n * n;
  for (double m = n * n / 4.0; m <= top; m *= 1.02) {
    const int k = static_cast<int>(std::ceil(m));
    if (grid.empty() || k > grid.back()) grid.push_back(k);
  }
  return grid;
}

// Smallest d (from the grid) from which on ρ ≤ 1/2 holds in ≥ 90% of the draws; 0 if the
// largest grid dimension does not reach 90%.
int ComputeSmallestDominantDimension(int n, int replicates, std::uint64_t seed) {
  const std::vector<int> grid = PrefixGrid(n);
  std::vector<int> dominant(grid.size(), 0);
  SignalNoiseSpec spec;
  spec.n = n;
  spec.T = 2;
  spec.d = grid.back() + 2;
  for (int r = 0; r < replicates; ++r) {
    // Seeds (seed, n, r) are distinct for n < 2^16 and r < 2^16.
    const std::uint64_t draw = (seed << 32) ^ (static_cast<std::uint64_t>(n) << 16) ^ r;
    const RowMatrix noise = NoiseTokens(GenerateSignalNoise(spec, draw)).rightCols(spec.d - 2);
    const std::vector<double> ratio = DominanceRatioAlongPrefixes(noise, grid);
    for (std::size_t k = 0; k < grid.size(); ++k) dominant[k] += ratio[k] <= 0.5;
  }
  int smallest = 0;
  for (std::size_t k = grid.size(); k-- > 0;) {
    if (dominant[k] < kRequiredProbability * replicates) break;
    smallest = grid[k] + 2;
  }
  return smallest;
}

// The same, once per process (shared_runs.hpp): both dimension-scaling claims read these d*.
int SmallestDominantDimension(int n, int replicates, std::uint64_t seed) {
  const Params inputs = {{"n", n}, {"replicates", replicates}};
  return SharedRun<int>(SharedRunKey("SmallestDominantDimension", inputs, seed),
                        [&] { return ComputeSmallestDominantDimension(n, replicates, seed); });
}

// The finite-n law above.
double PredictedDominantDimension(int n) {
  const double z = quantile(boost::math::normal(), std::pow(kRequiredProbability, 1.0 / n));
  const double correction = 1 + std::sqrt(M_PI / 2 - 1) * z / std::sqrt(n - 1.0);
  return 2 + 8 / M_PI * (n - 1.0) * (n - 1.0) * correction * correction;
}

// One replicate sweep: d*(n) for every n, the fitted exponent (as "exponent", minus the
// finite-n law's exponent when `against_law`), and the law's.
Outcome DimensionSweep(const Params& params, std::uint64_t seed, bool against_law) {
  const int n_min = IntParam(params, "n_min"), doublings = IntParam(params, "doublings");
  const int replicates = IntParam(params, "replicates");
  std::vector<double> ns, ds, predicted;
  Outcome o;
  for (int k = 0; k <= 2 * doublings; ++k) {
    const int n = static_cast<int>(std::lround(n_min * std::exp2(k / 2.0)));
    const int d = SmallestDominantDimension(n, replicates, seed);
    if (d == 0) {
      o.holds = false;
      o.explanation =
          "at n = " + std::to_string(n) + " dominance w.p. ≥ 0.9 is not reached by d = 8n²";
      return o;
    }
    ns.push_back(n);
    ds.push_back(d);
    predicted.push_back(PredictedDominantDimension(n));
    o.measured["d_star_n" + std::to_string(n)] = d;
    o.measured["d_star_over_law_n" + std::to_string(n)] = d / predicted.back();
  }
  const double fitted = FitLogLogSlope(ns, ds).slope;
  const double law = FitLogLogSlope(ns, predicted).slope;
  o.measured["fitted_exponent"] = fitted;
  o.measured["finite_n_law_exponent"] = law;
  o.measured["exponent"] = against_law ? fitted - law : fitted;
  o.measured["d_star_over_n2_at_largest_n"] = ds.back() / (ns.back() * ns.back());
  return o;
}

Params DimensionBudgetParams(Budget budget) {
  // CI runs the default sweep, so CI's verdict is the report's; full: more draws per n.
  return {{"n_min", 6}, {"doublings", 3}, {"replicates", budget == Budget::kFull ? 100 : 30}};
}

}  // namespace

Claim Magen24NoiseDimensionScaling() {
  Claim c;
  c.id = "magen24.noise.dimension_scaling";
  c.title = "The smallest d with noise diagonal dominance w.p. ≥ 0.9 grows like n²";
  c.kind = ClaimKind::kScaling;
  c.provenance = Provenance::kDerived;
  c.source = "[M] \"d ≫ n²\" noise lemma, sharpness (THEORY.md §4.2)";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.2 `magen24.noise.dimension_scaling`: the dominance condition is sharp in n — "
       "a row's off-diagonal sum is ≈ (n − 1)√(2m/π) against ‖ξ_i‖²/2 ≈ m/2, so d*(n) ∝ n² "
       "asymptotically"},
      prov::NoiseDimensionSweepSetting(),
      {"probability 0.9", Origin::kConvention, "boa's level for \"dominant w.h.p.\" in d*(n)"},
      prov::ExponentTolerance(),
  };
  c.regime = {};
  c.budget_params = DimensionBudgetParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    return DimensionSweep(params, seed, false);
  };
  c.instances = 9;  // the smallest N planned from σ (exponent_plan.hpp)
  c.predicted_exponent = 2;
  c.deviation = kExponentDeviation;
  // Its finite-n exponent (1.859 over the 100 sweeps below; the law's 1.89) lies just outside
  // 2 ± τ: at N = 8 (the plan at α = 1e-5) a run failed with probability ≈ 1.6e-3 there, which the
  // budget term, computed at κ₀ = 2, does not see.
  c.slow_in_ci = true;  // its CI verdict takes over ~10 s on 2 cores
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24NoiseDimensionScaling);

// The finite-n form: the fitted exponent equals the slope of the finite-n law over the same n.
Claim Magen24NoiseDimensionScalingFiniteN() {
  Claim c;
  c.id = "magen24.noise.dimension_scaling_finite_n";
  c.ci_test_with = "magen24.noise.dimension_scaling";  // the same d* (shared_runs.hpp)
  c.title =
      "The smallest d with noise diagonal dominance w.p. ≥ 0.9 follows the derived finite-n law 2 + (8/π)(n−1)²(1 + √(π/2−1)z_n/√(n−1))² in its n-exponent";
  c.kind = ClaimKind::kScaling;
  c.provenance = Provenance::kDerived;
  c.source = "[M] \"d ≫ n²\" noise lemma with the max-over-rows correction derived here";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.2 `magen24.noise.dimension_scaling_finite_n`: the finite-n law 2 + "
       "(8/π)(n − 1)²(1 + √(π/2 − 1)z_n/√(n − 1))², from half-normal row sums and the worst of n "
       "rows"},
      prov::NoiseDimensionSweepSetting(),
      {"probability 0.9", Origin::kConvention,
       "boa's level for \"dominant w.h.p.\" in d*(n); the law's z_n = Φ⁻¹(0.9^{1/n}) follows it"},
      prov::ExponentTolerance(),
  };
  c.regime = {};
  c.budget_params = DimensionBudgetParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    return DimensionSweep(params, seed, true);
  };
  c.instances = 9;           // the smallest N planned from σ (exponent_plan.hpp)
  c.predicted_exponent = 0;  // the exponent minus the law's
  c.deviation = kExponentDeviation;
  c.slow_in_ci = true;  // its CI verdict takes over ~10 s on 2 cores
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24NoiseDimensionScalingFiniteN);

}  // namespace boa::claims
