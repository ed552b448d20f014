// sakamoto24.model.not_homogeneous — the [S] discussion's reason that NN/CNN analyses do not carry
// over ("Challenges in Adapting …", 2.): the property ⟨∇_W f(W), W⟩ = f(W) they exploit holds for
// a two-layer ReLU network, whose output is homogeneous of degree 1 in its first-layer weights
// (f(λW) = λ f(W) for λ > 0: scaling a filter never changes a pre-activation's sign), and fails for
// softmax attention, where scaling W only changes the softmax temperature.
//
// ⟨∇_W f(W), W⟩ = d/dλ f(λW) at λ = 1, read off the models' own forward passes by a central
// difference with relative step h = 1e-4. For f smooth in λ its error is h²/6·|f'''|, below
// 1e-7 of the outputs' scale here; the ReLU network is piecewise linear along the ray, so its
// quotient is exact up to rounding. Checked per instance on every sample of a drawn data set:
//   ReLU CNN (Kou et al.'s two-layer model, Gaussian filters):  ‖D − f‖ ≤ 1e-6·‖f‖;
//   attention (the [S] model with W and p, W₀ ~ U(±1/√d) scaled):  ‖D − f‖ ≥ 1e-3·‖f‖,
// where D and f are the n-vectors of d/dλ f_i(λW) and f_i(W). The gap is generic: per sample,
// D_i − f_i = Cov_s(γ, z) − E_s[γ] under the softmax weights s (scores z, head scores γ), which
// vanishes on all n ≥ 4 samples at once only by coincidence.
#include <algorithm>
#include <cmath>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/model.hpp"
#include "boa/rng.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/train.hpp"
#include "boa/two_layer_cnn.hpp"

#include "sakamoto24_protocol.hpp"

namespace boa::claims {
namespace {

constexpr double kStep = 1e-4;        // relative step of the central difference
constexpr double kEulerHolds = 1e-6;  // ‖D − f‖/‖f‖ at most this where the identity holds
constexpr double kEulerFails = 1e-3;  // … at least this where it fails

// The outputs f_i at λW: `scaled` names the blocks that W is (every other block kept).
Vector OutputsAt(const Model& model, const Dataset& data, const std::vector<std::string>& scaled,
                 double lambda) {
  const std::unique_ptr<Model> copy = model.Clone();
  for (const std::string& name : scaled) copy->Block(name) *= lambda;
  return copy->Evaluate(data, false).f;
}

// ‖D − f‖/‖f‖ with D_i = d/dλ f_i(λW) at λ = 1 by the central difference.
double EulerGap(const Model& model, const Dataset& data, const std::vector<std::string>& scaled) {
  const Vector f = OutputsAt(model, data, scaled, 1);
  const Vector derivative =
      (OutputsAt(model, data, scaled, 1 + kStep) - OutputsAt(model, data, scaled, 1 - kStep)) /
      (2 * kStep);
  return (derivative - f).norm() / f.norm();
}

}  // namespace

Claim Sakamoto24ModelNotHomogeneous() {
  Claim c;
  c.id = "sakamoto24.model.not_homogeneous";
  c.title = "⟨∇_W f(W), W⟩ = f(W) holds for a two-layer ReLU CNN and fails for softmax attention";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] discussion, 'Challenges in Adapting Existing Benign Overfitting Analyses', 2.";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion: “the homogeneous property ⟨∇_W f(W), W⟩ = f(W), which is often "
       "exploited in these analyses, cannot apply to attention models due to the "
       "non-homogeneous properties of softmax (the output shape changes with the softmax "
       "temperature)”"},
      {"the two models", Origin::kConvention,
       "boa's: attention is the [S] model with W and p (W₀ ~ U(±1/√d) times 10^k, p a random "
       "direction of norm 10^j); the ReLU network is Kou et al.'s two-layer CNN of width 10 "
       "with N(0, 1/d) filters (the [M] discussion's CNN), on the same tokens"},
      {"setting", Origin::kConvention,
       "boa's: the [S] data model, n ∈ [4, 10], T ∈ [4, 8], d ∈ [4, 60], ‖μ‖ ∈ [1, 20], "
       "ρ = 0.1"},
      {"central difference, h = 1e-4; holds ≤ 1e-6, fails ≥ 1e-3 (relative to ‖f‖)",
       Origin::kConvention,
       "boa's tolerances: the difference quotient's error is far below both (the file's "
       "comment)"},
  };
  c.regime = {{"n", 4, 10},       {"T", 4, 8},        {"d", 4, 60},
              {"mu_norm", 1, 20}, {"log10_w", -2, 2}, {"log10_p", -1, 1}};
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    TokenSelectionSpec spec = TokenSelectionSpecFromParams(params);
    spec.rho = 0.1;
    const Dataset data = GenerateTokenSelection(spec, seed);

    TokenSelection attention(spec.d, DefaultHead(data), true);
    InitTokenSelectionW(attention, seed);
    attention.Block("W") *= std::pow(10.0, RealParam(params, "log10_w"));
    Rng rng(seed, kDirection);
    Vector p = Vector::NullaryExpr(spec.d, [&] { return rng.Normal(); });
    attention.Block("p") = p * (std::pow(10.0, RealParam(params, "log10_p")) / p.norm());
    const double attention_gap = EulerGap(attention, data, {"W"});

    TwoLayerCnn cnn(spec.d, 10);
    InitGaussian(cnn, 1 / std::sqrt(static_cast<double>(spec.d)), seed);
    std::vector<std::string> filters;
    for (const ParameterBlock& block : cnn.Blocks()) filters.push_back(block.name);
    const double cnn_gap = EulerGap(cnn, data, filters);

    Outcome o;
    o.measured = {{"attention_euler_gap", attention_gap}, {"cnn_euler_gap", cnn_gap}};
    o.holds = std::isfinite(attention_gap) && std::isfinite(cnn_gap) &&
              attention_gap >= kEulerFails && cnn_gap <= kEulerHolds;
    if (!o.holds) {
      o.explanation = "‖⟨∇f, W⟩ − f‖/‖f‖: attention " + std::to_string(attention_gap) +
                      " (should be ≥ 1e-3), ReLU CNN " + std::to_string(cnn_gap) +
                      " (should be ≤ 1e-6)";
    }
    return o;
  };
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24ModelNotHomogeneous);

}  // namespace boa::claims
