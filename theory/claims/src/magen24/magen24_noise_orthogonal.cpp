// magen24.noise.orthogonal — [M] D1: every noise token is exactly orthogonal to both signals,
// ⟨ξ, μ±⟩ = 0 (the generator zeroes coordinates 1 and 2, where μ± live), for any n, d, T,
// SNR and signal position.
#include <algorithm>
#include <cmath>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/noise_gram.hpp"
#include "boa/signal_noise_data.hpp"

namespace boa::claims {

Claim Magen24NoiseOrthogonal() {
  Claim c;
  c.id = "magen24.noise.orthogonal";
  c.title = "Noise tokens are exactly orthogonal to both signal vectors: ⟨ξ, μ±⟩ = 0";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kOperationalised;
  c.source = "[M] data model (THEORY.md §2.1)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[M] discussion, 'Signal-Noise Orthogonality': \"there is no vector component along the "
       "direction of μ1 or μ2 in noise vectors and the inner product between signal and noise is "
       "0\" (THEORY.md §2.1: the generator zeroes e₁ and e₂)"},
      {"setting", Origin::kConvention,
       "boa's draws: n ∈ [2, 30], d ∈ [3, 300], T ∈ [2, 6] (every noise token drawn alike, as in "
       "the discussion's multi-token runs), SNR ∈ [0, 2], either signal position"},
      {"exact zero", Origin::kDerivation,
       "each product pairs a zeroed coordinate with a finite one: no tolerance"},
  };
  c.regime = {
      {"n", 2, 30}, {"d", 3, 300}, {"T", 2, 6}, {"snr", 0, 200, 0.01}, {"random_position", 0, 1}};
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    SignalNoiseSpec spec;
    spec.n = IntParam(params, "n");
    spec.d = IntParam(params, "d");
    spec.T = IntParam(params, "T");
    spec.snr = RealParam(params, "snr");
    spec.position =
        IntParam(params, "random_position") ? SignalPosition::kRandom : SignalPosition::kFirst;
    const Dataset data = GenerateSignalNoise(spec, seed);
    const RowMatrix noise = NoiseTokens(data);
    // Exact zero, no tolerance: each product pairs a zero coordinate with a finite one.
    const double worst = std::max((noise * data.mu_plus).cwiseAbs().maxCoeff(),
                                  (noise * data.mu_minus).cwiseAbs().maxCoeff());
    Outcome o;
    o.measured = {{"max_abs_noise_signal_product", worst}};
    o.holds = worst == 0;
    if (!o.holds) o.explanation = "max |⟨ξ, μ±⟩| = " + std::to_string(worst) + " ≠ 0";
    return o;
  };
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24NoiseOrthogonal);

}  // namespace boa::claims
