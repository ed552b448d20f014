// core.gradient.finite_difference — the analytic gradients of M1, M2 (p; W and p), M3, M4 (L = 3),
// M5 (the encoder) and M2 with K = 3 outputs (softmax cross-entropy) match central finite
// differences, coordinate by coordinate and along a random direction.
#include "boa/claim.hpp"
#include "boa/finite_difference.hpp"
#include "boa/tolerances.hpp"
#include "random_instance.hpp"

namespace boa::claims {

Claim CoreGradientFiniteDifference() {
  Claim c;
  c.id = "core.gradient.finite_difference";
  c.title =
      "Analytic gradients of M1 … M5 and the K-output M2 match central finite differences (rtol 1e-5)";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "THEORY.md §1.1–1.2 (kernel gradients)";
  c.regime = RandomInstanceRegime(7);
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
  return c;
}

}  // namespace boa::claims
