// magen24.noise.near_orthogonality — derived: with m = d − 2, σ = 1 and L = log(n²/δ) ≤ m/2,
// max_{i≠j} |⟨ξ_i, ξ_j⟩| ≤ 2√(mL) w.p. ≥ 1 − δ. (⟨ξ_i, ξ_j⟩ = (A − B)/2 with A, B ~ χ²_m
// independent; its Chernoff bound at 2√(mL) is ≤ (δ/n²)^{1.3} while L ≤ m/2, and there are
// n(n − 1) one-sided events.)
//
// Regime: the dimension is the precondition's smallest m times a factor 2^k, k ∈ [0, 8] in
// halves, so every drawn instance satisfies the precondition and shrinking ends at its edge.
#include <cmath>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/claim.hpp"
#include "boa/noise_gram.hpp"
#include "boa/signal_noise_data.hpp"

namespace boa::claims {
namespace {
// The lemma's δ, also the failure rate the verdict allows (THEORY.md leaves δ free).
constexpr double kOrthogonalityLemmaDelta = 0.05;
}  // namespace

Claim Magen24NoiseNearOrthogonality() {
  Claim c;
  c.id = "magen24.noise.near_orthogonality";
  c.title =
      "Noise tokens are nearly orthogonal: every ⟨ξ_i, ξ_j⟩ (i ≠ j) lies within ±2√(m log(n²/δ)) when log(n²/δ) ≤ m/2";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kDerived;
  c.source = "[M] noise lemma; sub-exponential Chernoff bound + union bound (THEORY.md §4.2)";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.2 `magen24.noise.near_orthogonality`: a Chernoff bound at 2√(mL) with a "
       "union bound over n(n − 1) events, for the near-orthogonality the discussion's 'Neglect "
       "Cross Term' attributes to d ≫ n²"},
      {"setting", Origin::kConvention,
       "boa's: n ∈ [2, 48], m = 2L·2^k with k ∈ [0, 8] in halves, so every draw meets the "
       "precondition L ≤ m/2 and shrinking ends at its edge"},
  };
  c.regime = {{"n", 2, 48}, {"log2_factor", 0, 16, 0.5}};
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    SignalNoiseSpec spec;
    spec.n = IntParam(params, "n");
    spec.T = 2;
    const double L = std::log(static_cast<double>(spec.n) * spec.n / kOrthogonalityLemmaDelta);
    const double m = std::ceil(std::exp2(RealParam(params, "log2_factor")) * 2 * L);
    spec.d = static_cast<int>(m) + 2;
    const NoiseGramSummary g =
        SummarizeNoiseGram(NoiseGram(NoiseTokens(GenerateSignalNoise(spec, seed))));
    const double bound = 2 * std::sqrt(m * L);
    Outcome o;
    o.measured = {{"d", spec.d}, {"bound_usage", g.max_abs_off_diagonal / bound}};
    o.holds = g.max_abs_off_diagonal <= bound;
    if (!o.holds) {
      o.explanation = "max |⟨ξ_i, ξ_j⟩| = " + std::to_string(g.max_abs_off_diagonal) +
                      " > 2√(mL) = " + std::to_string(bound) + " at d = " + std::to_string(spec.d);
    }
    return o;
  };
  c.delta = kOrthogonalityLemmaDelta;
  c.delta_alt = 0.15;  // min(3δ, δ + 0.1)
  c.delta_source =
      "THEORY.md §4, row \"lemma\": δ is the lemma's own (0.05, fixed in its statement), δ₁ = min(3δ, δ + 0.1)";
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kCells;
  c.range_note =
      "a lemma for every (n, m) with L ≤ m/2; the Chernoff bound's slack runs along m, so the cells split m's factor over its smallest value (2^0 … 2^1.5, 2^2 … 2^4.5, 2^5 … 2^8)";
  c.cells = CellsAlong(c.regime, "log2_factor",
                       {{"m_small", 0, 3}, {"m_mid", 4, 9}, {"m_large", 10, 16}});
  return c;
}
BOA_REGISTER_CLAIM(Magen24NoiseNearOrthogonality);

}  // namespace boa::claims
