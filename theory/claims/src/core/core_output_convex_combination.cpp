// core.output.convex_combination — f_i = s_iᵀ b_i lies between min_t b_it and max_t b_it.
#include <algorithm>
#include <cmath>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/tolerances.hpp"
#include "provenance_elements.hpp"
#include "random_instance.hpp"

namespace boa::claims {

Claim CoreOutputConvexCombination() {
  Claim c;
  c.id = "core.output.convex_combination";
  c.title = "The output is a convex combination of the token values: min_t b_it ≤ f_i ≤ max_t b_it";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "THEORY.md §1.1 (softmax weights are a probability vector)";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §1.1: f_i = s_iᵀb_i with s_i a probability vector, so min_t b_it ≤ f_i ≤ "
       "max_t b_it"},
      prov::RandomInstanceSetting(),
      {"slack 4Tε·max_t|b_it|", Origin::kDerivation,
       "tolerances.hpp softmax_sum_per_token: f carries ≤ 2Tε·max|b| of rounding and Σ_t s_t = 1 "
       "only to 4Tε"},
  };
  c.regime = RandomInstanceRegime();
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const RandomInstance instance = MakeRandomInstance(params, seed);
    const Evaluation e = instance.model->Evaluate(instance.data, false);
    const Dataset& data = instance.data;
    Outcome o;
    double worst = 0;
    for (int i = 0; i < data.n; ++i) {
      const Vector b = data.Tokens(i) * Head(*instance.model);
      // f = Σ s_t b_t carries ≤ 2Tε·max|b| of rounding, and Σ s_t = 1 only to 4Tε.
      const double slack = kTolerances.softmax_sum_per_token * data.T * b.cwiseAbs().maxCoeff();
      const double below = b.minCoeff() - e.f(i), above = e.f(i) - b.maxCoeff();
      worst = std::max({worst, below, above});
      if (below > slack || above > slack) {
        o.holds = false;
        o.explanation = "sample " + FormatNumber(i) + ": f = " + FormatNumber(e.f(i)) +
                        " outside [" + FormatNumber(b.minCoeff()) + ", " +
                        FormatNumber(b.maxCoeff()) + "]";
      }
    }
    o.measured = {{"worst_excursion", worst}};
    return o;
  };
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(CoreOutputConvexCombination);

}  // namespace boa::claims
