// core.rotation.equivariance — for orthogonal Q, x → Qx with (p, v) → (Qp, Qv) (M2: ν → Qν,
// W → QWQᵀ; M3: W → QWQᵀ) leaves f unchanged, and one GD step commutes with Q. This is why the
// axis-aligned μ± of THEORY.md §2 lose no generality.
#include <algorithm>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/rng.hpp"
#include "boa/tolerances.hpp"
#include "boa/train.hpp"
#include "random_instance.hpp"

namespace boa::claims {
namespace {

RowMatrix RandomOrthogonal(int d, Rng& rng) {
  const RowMatrix G = RowMatrix::NullaryExpr(d, d, [&] { return rng.Normal(); });
  return Eigen::HouseholderQR<RowMatrix>(G).householderQ();
}

// Vectors rotate as Qθ; flat d×d blocks as QWQᵀ (the empty W = I block stays I).
void Rotate(Model& model, const RowMatrix& Q) {
  const int d = model.Dimension();
  for (auto& block : model.Blocks()) {
    if (block.value.size() == d) {
      block.value = Q * block.value;
    } else if (block.value.size() == static_cast<Eigen::Index>(d) * d) {
      const RowMatrix W = AsMatrix(block.value, d);
      AsMatrix(block.value, d) = Q * W * Q.transpose();
    }
  }
}

}  // namespace

Claim CoreRotationEquivariance() {
  Claim c;
  c.id = "core.rotation.equivariance";
  c.title = "Rotating data and parameters together leaves f unchanged and commutes with a GD step";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "THEORY.md §4.1";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §2 and §4.1 `core.rotation.equivariance`: x → Qx with (p, v, ν) → Q·(·) and "
       "W → QWQᵀ leaves f unchanged and commutes with a GD step"},
      {"setting", Origin::kConvention,
       "boa's random-instance regime (random_instance.hpp, THEORY.md §4.1) with a Householder-QR "
       "random orthogonal Q"},
      {"GD step size 0.5 on every block", Origin::kConvention,
       "boa's: an O(1) step, so the commuting of the step is tested away from a zero step"},
      {"tolerance 1e-10", Origin::kDerivation,
       "tolerances.hpp rotation: d rounding errors per coordinate (≈ dε) amplified by one step"},
  };
  c.regime = RandomInstanceRegime();
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    RandomInstance instance = MakeRandomInstance(params, seed);
    const Dataset& data = instance.data;
    Rng rng(seed, kDirection);
    const RowMatrix Q = RandomOrthogonal(data.d, rng);
    Dataset rotated = data;
    rotated.X = data.X * Q.transpose();
    rotated.mu_plus = Q * data.mu_plus;
    rotated.mu_minus = Q * data.mu_minus;
    std::unique_ptr<Model> turned = instance.model->Clone();
    Rotate(*turned, Q);

    const double tol = kTolerances.rotation;
    const double scale = GradientSummandScale(*instance.model, data);
    double worst = GapRatio(turned->Evaluate(rotated, false).f,
                            instance.model->Evaluate(data, false).f, tol, scale);
    // One GD step on each side, then rotate the original's result.
    TrainOptions one_step{1, ConstantSchedule({{"p", 0.5}, {"v", 0.5}, {"W", 0.5}}), 0};
    GradientDescent(*instance.model, data, one_step);
    GradientDescent(*turned, rotated, one_step);
    Rotate(*instance.model, Q);
    for (std::size_t b = 0; b < turned->Blocks().size(); ++b) {
      worst = std::max(
          worst, GapRatio(turned->Blocks()[b].value, instance.model->Blocks()[b].value, tol, 1.0));
    }
    Outcome o;
    o.holds = worst <= 1;
    o.measured = {{"worst_gap_over_allowed", worst}};
    if (!o.holds) o.explanation = "rotation changed f or did not commute with a GD step";
    return o;
  };
  c.violation_score = "worst_gap_over_allowed";
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(CoreRotationEquivariance);

}  // namespace boa::claims
