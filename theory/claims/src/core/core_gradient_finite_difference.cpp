// core.gradient.finite_difference — the analytic gradients of M1, M2 (p; W and p), M3, M4 (L = 3),
// M5 (the encoder), M2 with K = 3 outputs (softmax cross-entropy), the two-layer ReLU CNN, M2 with
// a learned embedding layer and M2 (W and p) on variable-length data with its padding masked match
// central finite differences, coordinate by coordinate and along a random direction.
#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/finite_difference.hpp"
#include "boa/tolerances.hpp"
#include "random_instance.hpp"

namespace boa::claims {

Claim CoreGradientFiniteDifference() {
  Claim c;
  c.id = "core.gradient.finite_difference";
  c.title =
      "Analytic gradients of M1 … M5, the K-output M2, the CNN, M2 with an embedding and masked M2 match central finite differences (rtol 1e-5)";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "THEORY.md §1.1–1.2 (kernel gradients)";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §1.1–1.2 and §4.1 `core.gradient.finite_difference`: the analytic gradients "
       "of the kernel equal the derivative of the loss"},
      {"setting", Origin::kConvention,
       "boa's random-instance regime (random_instance.hpp, THEORY.md §4.1): models M1 … M5, "
       "the K-output M2, the two-layer ReLU CNN (3 filters a bank), M2 with a learned d×d "
       "embedding and M2 (W and p) on variable-length D2 (padding masked), n ∈ [2, 6], T ∈ [2, 5], "
       "d ∈ [3, 10], parameters N(0, scale²/d), "
       "scale ∈ [0.1, 2]: small enough to check every coordinate, away from the zero point"},
      {"step h = 1e-6·max(1, |θ_j|)", Origin::kConvention,
       "tolerances.hpp fd_step: balances the truncation O(h²) ≈ 1e-12 against the rounding "
       "O(ε|L|/h) ≈ 1e-10·|L|"},
      {"rtol 1e-5", Origin::kConvention,
       "tolerances.hpp fd_rtol, the tolerance THEORY.md §4.1 asks for: five orders above the "
       "derived truncation and rounding errors"},
      {"rounding floor 8ε(|L| + 1)/h", Origin::kDerivation,
       "THEORY.md §4.1: the rounding of a central difference of two loss values"},
  };
  c.regime = RandomInstanceRegime(10);
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const RandomInstance instance = MakeRandomInstance(params, seed);
    const GradientCheck check = CheckGradientByFiniteDifference(
        *instance.model, instance.data, kTolerances.fd_rtol, kTolerances.fd_step, seed);
    Outcome o;
    o.holds = check.ok;
    o.measured = {{"worst_error_over_allowed", check.worst_ratio},
                  {"worst_abs_error", check.worst_error}};
    if (!o.holds) {
      o.explanation = "at " + check.worst_where + ": analytic " +
                      FormatNumber(check.worst_analytic) + ", finite difference " +
                      FormatNumber(check.worst_fd);
    }
    return o;
  };
  c.violation_score = "worst_error_over_allowed";
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(CoreGradientFiniteDifference);

}  // namespace boa::claims
