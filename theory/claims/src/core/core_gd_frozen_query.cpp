// core.gd.frozen_query — the query cannot move before the values do: M1 and M3 have ∇ of the
// attention parameters exactly 0 when v = 0 (then b_i = 0 = f_i); M2 has ∇_W L = p(∇_q L)ᵀ = 0
// exactly when p = 0. Exact: zero times a finite number is zero in IEEE arithmetic.
#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "random_instance.hpp"

namespace boa::claims {

Claim CoreGdFrozenQuery() {
  Claim c;
  c.id = "core.gd.frozen_query";
  c.title = "The attention gradient is exactly zero while the values (M1, M3) or p (M2) are zero";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "THEORY.md §4.1; why [M] step 1 leaves p₁ = 0";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.1 `core.gd.frozen_query`: with v = 0 (M1, M3) b_i = 0 = f_i, and with p = 0 "
       "(M2) ∇_W L = p(∇_q L)ᵀ, so the attention gradient vanishes"},
      {"setting", Origin::kConvention,
       "boa's random-instance regime (random_instance.hpp, THEORY.md §4.1): M1, M2 (p; W and "
       "p), M3 with n ∈ [2, 6], T ∈ [2, 5], d ∈ [3, 10]"},
      {"exact zero", Origin::kDerivation, "IEEE arithmetic: 0 × finite = 0, no tolerance"},
  };
  c.regime = RandomInstanceRegime();
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    RandomInstance instance = MakeRandomInstance(params, seed);
    Model& model = *instance.model;
    const char* frozen = "";  // the block whose gradient must vanish
    if (model.Name() == "m2") {
      // M2 with W = I still has ∇_W L = p(∇_q L)ᵀ; train W so the gradient is computed.
      auto& W = model.Blocks()[1];
      if (W.value.size() == 0) {
        W.value = Vector::Zero(static_cast<Eigen::Index>(model.Dimension()) * model.Dimension());
        AsMatrix(W.value, model.Dimension()).setIdentity();
        W.trained = true;
      }
      model.Block("p").setZero();
      frozen = "W";
    } else {
      model.Block("v").setZero();
      frozen = model.Name() == "m1" ? "p" : "W";
    }
    const Evaluation e = model.Evaluate(instance.data, true);
    std::size_t index = 0;
    while (model.Blocks()[index].name != frozen) ++index;
    const double largest = e.gradient[index].cwiseAbs().maxCoeff();
    Outcome o;
    o.holds = largest == 0.0;
    o.measured = {{"largest_frozen_gradient", largest}};
    if (!o.holds)
      o.explanation =
          "∇_" + std::string(frozen) + " L has an entry of size " + FormatNumber(largest);
    return o;
  };
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(CoreGdFrozenQuery);

}  // namespace boa::claims
