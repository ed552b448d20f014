// magen24.noise.norm_concentration — derived (Laurent–Massart + union bound): with m = d − 2,
// σ = 1 and t = log(2n/δ), every noise token satisfies m − 2√(mt) ≤ ‖ξ_i‖² ≤ m + 2√(mt) + 2t,
// w.p. ≥ 1 − δ. Each of the 2n one-sided events has probability ≤ e^{−t} = δ/(2n).
#include <algorithm>
#include <cmath>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/claim.hpp"
#include "boa/noise_gram.hpp"
#include "boa/signal_noise_data.hpp"

namespace boa::claims {
namespace {
// The lemma's δ, also the failure rate the verdict allows. THEORY.md leaves δ free; 0.05 makes
// t = log(2n/δ) a moderate deviation, so the bound is informative and the binomial verdict can
// detect a wrong variance or a missing union bound.
constexpr double kNormLemmaDelta = 0.05;
}  // namespace

Claim Magen24NoiseNormConcentration() {
  Claim c;
  c.id = "magen24.noise.norm_concentration";
  c.title =
      "Noise norms concentrate: m − 2√(mt) ≤ ‖ξ_i‖² ≤ m + 2√(mt) + 2t for all i, t = log(2n/δ)";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kDerived;
  c.source = "[M] noise lemma; Laurent–Massart chi-square bounds + union bound (THEORY.md §4.2)";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.2 `magen24.noise.norm_concentration`: Laurent–Massart χ²_m bounds with a "
       "union bound over 2n one-sided events — boa's finite-sample form of the [M] noise lemma, "
       "whose own constants are not available here"},
      {"setting", Origin::kConvention,
       "boa's: D1 noise with σ = 1 and m = d − 2, n ∈ [2, 64], d ∈ [3, 4000]"},
  };
  c.regime = {{"n", 2, 64}, {"d", 3, 4000}};
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    SignalNoiseSpec spec;
    spec.n = IntParam(params, "n");
    spec.d = IntParam(params, "d");
    spec.T = 2;
    const double m = spec.d - 2.0;
    const double t = std::log(2.0 * spec.n / kNormLemmaDelta);
    const NoiseGramSummary g =
        SummarizeNoiseGram(NoiseGram(NoiseTokens(GenerateSignalNoise(spec, seed))));
    // Fraction of each one-sided bound that the worst token uses; ≤ 1 on both sides ⇔ holds.
    const double lower_usage = (m - g.min_squared_norm) / (2 * std::sqrt(m * t));
    const double upper_usage = (g.max_squared_norm - m) / (2 * std::sqrt(m * t) + 2 * t);
    Outcome o;
    o.measured = {{"lower_bound_usage", lower_usage}, {"upper_bound_usage", upper_usage}};
    o.holds = lower_usage <= 1 && upper_usage <= 1;
    if (!o.holds) {
      o.explanation = "‖ξ‖² ranges over [" + std::to_string(g.min_squared_norm) + ", " +
                      std::to_string(g.max_squared_norm) +
                      "], outside m ∓ bound with m = " + std::to_string(m) +
                      ", t = " + std::to_string(t);
    }
    return o;
  };
  c.delta = kNormLemmaDelta;
  c.delta_alt = 0.15;  // min(3δ, δ + 0.1)
  c.delta_source =
      "THEORY.md §4, row \"lemma\": δ is the lemma's own (0.05, fixed in its statement), δ₁ = min(3δ, δ + 0.1)";
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kCells;
  c.range_note =
      "a lemma for every (n, d); Laurent–Massart's slack runs along d (m = d − 2), so the cells split d (3 … 40, 41 … 400, 401 … 4000)";
  c.cells = CellsAlong(c.regime, "d",
                       {{"d_3_40", 3, 40}, {"d_41_400", 41, 400}, {"d_401_4000", 401, 4000}});
  return c;
}
BOA_REGISTER_CLAIM(Magen24NoiseNormConcentration);

}  // namespace boa::claims
