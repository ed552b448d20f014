// core.tokens.permutation — permuting the tokens of every sample leaves f, L and all gradients
// unchanged (softmax attention is a set function of its keys). M3's query is the sample's own
// first token, so there the first token stays put and the others are permuted.
#include <algorithm>
#include <numeric>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/rng.hpp"
#include "boa/tolerances.hpp"
#include "provenance_elements.hpp"
#include "random_instance.hpp"

namespace boa::claims {

Claim CoreTokensPermutation() {
  Claim c;
  c.id = "core.tokens.permutation";
  c.title = "Permuting each sample's tokens leaves f, L and the gradients unchanged";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "THEORY.md §4.1";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §1.1 and §4.1 `core.tokens.permutation`: attention is a set function of its "
       "keys, so permuting tokens (M3: all but the query token) changes nothing"},
      prov::RandomInstanceSetting(),
      {"tolerance 1e-12 of the gradient summand scale", Origin::kDerivation,
       "tolerances.hpp reorder: only the order of T-term sums changes, an error ≤ Tε·cond"},
  };
  c.regime = RandomInstanceRegime();
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const RandomInstance instance = MakeRandomInstance(params, seed);
    const Dataset& data = instance.data;
    Dataset permuted = data;
    Rng rng(seed, kDirection);
    const int first = instance.model->Name() == "m3" ? 1 : 0;
    for (int i = 0; i < data.n; ++i) {
      std::vector<int> order(data.T);
      std::iota(order.begin(), order.end(), 0);
      for (int t = data.T - 1; t > first; --t) std::swap(order[t], order[rng.UniformInt(first, t)]);
      for (int t = 0; t < data.T; ++t) {
        permuted.X.row(i * data.T + t) = data.X.row(i * data.T + order[t]);
        permuted.roles[i * data.T + t] = data.roles[i * data.T + order[t]];
      }
    }
    const Evaluation a = instance.model->Evaluate(data, true);
    const Evaluation b = instance.model->Evaluate(permuted, true);
    const double tol = kTolerances.reorder;
    const double grad_scale = GradientSummandScale(*instance.model, data);
    double worst = GapRatio(b.f, a.f, tol, grad_scale);
    worst = std::max(worst, std::fabs(a.loss - b.loss) / (tol * (a.loss + 1)));
    std::string where = "f or L";
    for (std::size_t k = 0; k < a.gradient.size(); ++k) {
      const double r = GapRatio(b.gradient[k], a.gradient[k], tol, grad_scale);
      if (r > worst) {
        worst = r;
        where = "gradient of " + instance.model->Blocks()[k].name;
      }
    }
    Outcome o;
    o.holds = worst <= 1;
    o.measured = {{"worst_gap_over_allowed", worst}};
    if (!o.holds) o.explanation = where + " changed under a token permutation";
    return o;
  };
  c.violation_score = "worst_gap_over_allowed";
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(CoreTokensPermutation);

}  // namespace boa::claims
