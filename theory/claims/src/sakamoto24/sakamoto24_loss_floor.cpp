// sakamoto24.loss.floor — with the head ν fixed, f_i = Σ_t s_it γ_it is a convex combination of
// the token scores γ_it = νᵀx_it, so y_i f_i ≤ max_t y_i γ_it and, ℓ being decreasing,
//   ℓ(y_i f_i) ≥ log(1 + exp(−max_t y_i γ_it)) > 0      for every query q.
// The loss cannot reach 0 by training attention alone: "overfitting" in [S] means train accuracy
// 1, not zero loss. Checked at random queries from tiny to saturating scale (‖q‖ up to 10⁶).
#include <algorithm>
#include <cmath>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/model.hpp"
#include "boa/numerics.hpp"
#include "boa/rng.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/tolerances.hpp"

#include "sakamoto24_protocol.hpp"

namespace boa::claims {

Claim Sakamoto24LossFloor() {
  Claim c;
  c.id = "sakamoto24.loss.floor";
  c.title =
      "With ν fixed, ℓ(y_i f_i) ≥ log(1 + exp(−max_t y_i γ_it)) > 0: the loss has a positive floor";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "[S] model with fixed head; derived here";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.3 loss.floor: f_i is a convex combination of the head scores, so "
       "y_i f_i ≤ max_t y_i γ_it and ℓ(y_i f_i) ≥ log(1 + exp(−max_t y_i γ_it))"},
      {"the paper's statement", Origin::kPaper,
       "[S] discussion, reply on the convergence of model outputs: “The model output is merely "
       "an affine combination of the input sequence … Therefore, the binary cross-entropy ℓ "
       "cannot converge to 0”"},
      {"setting", Origin::kConvention,
       "THEORY.md §4.3, boa's: n ∈ [2, 10], T ∈ [4, 10], d ∈ [3, 40], ‖μ‖ ∈ [1, 40], "
       "ρ ∈ [0, 1], a random query with ‖q‖ = 10^k, k ∈ [−2, 6]"},
      {"rounding slack 4Tε·max|γ| per sample", Origin::kDerivation,
       "tolerances.hpp: f_i is a sum of T rounded products and |ℓ'| ≤ 1"},
  };
  c.regime = {{"n", 2, 10},       {"T", 4, 10},        {"d", 3, 40},
              {"mu_norm", 1, 40}, {"rho", 0, 10, 0.1}, {"log10_q", -2, 6}};
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const TokenSelectionSpec spec = TokenSelectionSpecFromParams(params);
    const Dataset data = GenerateTokenSelection(spec, seed);
    TokenSelection model(spec.d, DefaultHead(data), false);
    Rng rng(seed, kDirection);
    Vector q = Vector::NullaryExpr(spec.d, [&] { return rng.Normal(); });
    model.Block("p") = q * (std::pow(10.0, RealParam(params, "log10_q")) / q.norm());
    const Evaluation e = model.Evaluate(data, false);
    const Vector gamma = data.X * model.Block("nu");

    double worst_violation = 0, min_floor = INFINITY, min_gap = INFINITY, mean_floor = 0;
    for (int i = 0; i < data.n; ++i) {
      const double best_margin = (data.y(i) * gamma.segment(i * data.T, data.T)).maxCoeff();
      const double floor = LogisticLoss(best_margin);
      const double loss = LogisticLoss(data.y(i) * e.f(i));
      // f_i is a sum of T rounded products: |error| ≤ Tε·max|γ|, and |ℓ'| ≤ 1.
      const double slack =
          4 * data.T * kEpsilon * gamma.segment(i * data.T, data.T).cwiseAbs().maxCoeff();
      worst_violation = std::max(worst_violation, (floor - loss) / slack);
      min_floor = std::min(min_floor, floor);
      min_gap = std::min(min_gap, loss - floor);
      mean_floor += floor / data.n;
    }
    Outcome o;
    o.measured = {{"worst_violation_over_slack", worst_violation},
                  {"min_sample_floor", min_floor},
                  {"min_loss_minus_floor", min_gap},
                  {"loss", e.loss},
                  {"mean_floor", mean_floor}};
    o.holds = worst_violation <= 1 && min_floor > 0 && e.loss >= mean_floor - 4 * kEpsilon * e.loss;
    if (!o.holds) {
      o.explanation = "loss below its floor: violation " + std::to_string(worst_violation) +
                      "× slack, min floor " + std::to_string(min_floor) + ", loss " +
                      std::to_string(e.loss) + " vs mean floor " + std::to_string(mean_floor);
    }
    return o;
  };
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24LossFloor);

}  // namespace boa::claims
