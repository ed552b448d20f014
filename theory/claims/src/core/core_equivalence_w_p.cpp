// core.equivalence.w_p — [S] Lemma A.6 in derived form. M2 depends on (W, p) only through
// q = Wᵀp; p-only GD with orthogonal W moves q exactly as GD on q with the same step; W-only GD
// with fixed p moves q as GD on q with step lr·‖p‖².
//   p-only:  p' = p − β W∇_q  ⇒  Wᵀp' = q − β WᵀW ∇_q = q − β∇_q          (WᵀW = I)
//   W-only:  W' = W − β p∇_qᵀ ⇒  W'ᵀp = q − β ∇_q pᵀp = q − β‖p‖²∇_q
#include <algorithm>
#include <cmath>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/model.hpp"
#include "boa/rng.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/tolerances.hpp"
#include "boa/train.hpp"
#include "provenance_elements.hpp"

namespace boa::claims {
namespace {

constexpr int kSteps = 3;

// GD directly on q with the head fixed: an M1 model whose v block is frozen at ν.
Vector GdOnQuery(const Dataset& data, const Vector& q0, const Vector& head, double beta) {
  PromptAttention direct(data.d);
  direct.Block("p") = q0;
  direct.Block("v") = head;
  direct.Blocks()[1].trained = false;
  GradientDescent(direct, data, {kSteps, ConstantSchedule({{"p", beta}}), 0});
  return direct.Block("p");
}

double EquivalenceGap(const Vector& a, const Vector& b) {
  return (a - b).cwiseAbs().maxCoeff() /
         (kTolerances.equivalence * (b.cwiseAbs().maxCoeff() + 1e-3));
}

}  // namespace

Claim CoreEquivalenceWP() {
  Claim c;
  c.id = "core.equivalence.w_p";
  c.title = "M2 depends on (W, p) only through q = Wᵀp, and p- or W-only GD is GD on q";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "[S] Lemma A.6 (derived form)";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.1 `core.equivalence.w_p`: the derived form of [S] Lemma A.6 — M2 depends on "
       "(W, p) only through q = Wᵀp; p-only GD with orthogonal W and W-only GD are GD on q"},
      {"setting", Origin::kConvention,
       "boa's: D2 with ‖μ‖ = 2, ρ = 0.5, n ∈ [2, 8], T ∈ [2, 6], d ∈ [3, 12], lr ∈ [0.05, 1], "
       "3 steps — small instances on which every block can be trained"},
      prov::EquivalenceTolerance(),
  };
  c.regime = {{"n", 2, 8}, {"T", 2, 6}, {"d", 3, 12}, {"lr", 1, 20, 0.05}};
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    TokenSelectionSpec spec;
    spec.n = IntParam(params, "n");
    spec.T = IntParam(params, "T");
    spec.d = IntParam(params, "d");
    spec.mu_norm = 2;
    spec.rho = 0.5;
    spec.weak_same = spec.T >= 3 ? 1 : 0;
    spec.weak_opposite = spec.T >= 4 ? 1 : 0;
    const double beta = RealParam(params, "lr");
    const Dataset data = GenerateTokenSelection(spec, seed);
    const int d = data.d;
    const Vector head = DefaultHead(data);
    Rng rng(seed, kInit);
    auto gaussian = [&](Eigen::Index size) {
      return Vector(Vector::NullaryExpr(size, [&] { return rng.Normal() / std::sqrt(d); }));
    };

    // (a) Two (W, p) with the same q = Wᵀp give the same f: W' = W + a bᵀ with a ⟂ p.
    TokenSelection model(d, head, true);
    model.Block("W") = gaussian(static_cast<Eigen::Index>(d) * d);
    model.Block("p") = gaussian(d);
    const Vector p = model.Block("p");
    Vector a = gaussian(d);
    a -= (a.dot(p) / p.squaredNorm()) * p;
    TokenSelection other = model;
    AsMatrix(other.Block("W"), d) += a * gaussian(d).transpose();
    double worst = EquivalenceGap(other.Evaluate(data, false).f, model.Evaluate(data, false).f);

    // (b) p-only GD with an orthogonal W is GD on q with the same step.
    const RowMatrix G = RowMatrix::NullaryExpr(d, d, [&] { return rng.Normal(); });
    const RowMatrix orthogonal = Eigen::HouseholderQR<RowMatrix>(G).householderQ();
    TokenSelection p_only(d, head, false);
    p_only.Block("W") =
        Eigen::Map<const Vector>(orthogonal.data(), static_cast<Eigen::Index>(d) * d);
    p_only.Block("p") = p;
    const Vector q0 = p_only.Query();
    GradientDescent(p_only, data, {kSteps, ConstantSchedule({{"p", beta}}), 0});
    worst = std::max(worst, EquivalenceGap(p_only.Query(), GdOnQuery(data, q0, head, beta)));

    // (c) W-only GD with fixed p is GD on q with step β‖p‖² (one step: p stays fixed, so the
    // identity holds step after step).
    TokenSelection w_only = model;
    w_only.Blocks()[0].trained = false;
    const Vector q1 = w_only.Query();
    GradientDescent(w_only, data, {kSteps, ConstantSchedule({{"W", beta}}), 0});
    worst = std::max(
        worst, EquivalenceGap(w_only.Query(), GdOnQuery(data, q1, head, beta * p.squaredNorm())));

    Outcome o;
    o.holds = worst <= 1;
    o.measured = {{"worst_gap_over_allowed", worst}};
    if (!o.holds)
      o.explanation = "q trajectories differ by " + FormatNumber(worst) + "× the tolerance";
    return o;
  };
  c.violation_score = "worst_gap_over_allowed";
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(CoreEquivalenceWP);

}  // namespace boa::claims
