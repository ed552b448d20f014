// magen24.cls.equivalence — [M]'s reading of prompt attention as self-attention on a prepended
// [CLS] token (THEORY.md §4.4). A shared embedding x_cls is prepended to every sample and the
// [CLS] position reads out f = vᵀ Σ_t S(z)_t x_t with scores z_t = x_tᵀ W x_cls. Then:
//   masked   ([CLS] key hidden, t over the T tokens): f equals M1 with p = W x_cls;
//   unmasked (t over x_cls and the T tokens): f equals M1 with p = W x_cls on T + 1 tokens whose
//            extra token has score x_clsᵀ W x_cls and value vᵀ x_cls — and equals M3, whose
//            query W x_{i1} is W x_cls for the prepended data;
// gradients included: by the chain rule through p = W x_cls, ∇_W L = (∇_p L) x_clsᵀ, ∇_v equal.
// The [CLS] layer is written out below in plain loops, independently of the kernel; its
// gradients are checked by central finite differences against the chained M1 gradients, and
// M3's analytic gradients against M1's at rounding level. Tolerances: kTolerances.equivalence
// (exact algebra, different summation order) and the finite-difference convention
// fd_step/fd_rtol (tolerances.hpp).
#include <algorithm>
#include <cmath>
#include <limits>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/linalg.hpp"
#include "boa/model.hpp"
#include "boa/numerics.hpp"
#include "boa/rng.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/tolerances.hpp"
#include "magen24_spec.hpp"
#include "provenance_elements.hpp"
#include "random_instance.hpp"

namespace boa::claims {
namespace {

struct ClsParameters {
  RowMatrix W;  // d×d
  Vector v;
};

// The [CLS] read-out in plain loops: loss and outputs, with or without the [CLS] key.
struct ClsForward {
  double loss = 0;
  Vector f;
};
ClsForward ClsSelfAttention(const Dataset& data, const Vector& x_cls, const ClsParameters& theta,
                            bool masked) {
  const Vector query = theta.W * x_cls;
  ClsForward out;
  out.f = Vector::Zero(data.n);
  for (int i = 0; i < data.n; ++i) {
    std::vector<Vector> keys;
    if (!masked) keys.push_back(x_cls);
    for (int t = 0; t < data.T; ++t) keys.push_back(data.Tokens(i).row(t).transpose());
    double top = -std::numeric_limits<double>::infinity();
    for (const Vector& x : keys) top = std::max(top, x.dot(query));
    double mass = 0, value = 0;
    for (const Vector& x : keys) {
      const double w = std::exp(x.dot(query) - top);
      mass += w;
      value += w * theta.v.dot(x);
    }
    out.f(i) = value / mass;
    out.loss += LogisticLoss(data.y(i) * out.f(i)) / data.n;
  }
  return out;
}

// Data with x_cls prepended to every sample (T + 1 tokens, x_cls first).
Dataset WithClsToken(const Dataset& data, const Vector& x_cls) {
  Dataset out = data;
  out.T = data.T + 1;
  out.X.resize(static_cast<Eigen::Index>(data.n) * out.T, data.d);
  out.roles.clear();
  for (int i = 0; i < data.n; ++i) {
    out.X.row(static_cast<Eigen::Index>(i) * out.T) = x_cls.transpose();
    out.X.middleRows(static_cast<Eigen::Index>(i) * out.T + 1, data.T) = data.Tokens(i);
    out.roles.push_back(TokenRole::kNoise);  // the [CLS] token carries no signal
    for (int t = 0; t < data.T; ++t) out.roles.push_back(data.Role(i, t));
  }
  return out;
}

// M1 at p = W x_cls and the given v; returns the evaluation with gradients.
Evaluation PromptAttentionAt(const Dataset& data, const Vector& p, const Vector& v) {
  PromptAttention model(data.d);
  model.Block("p") = p;
  model.Block("v") = v;
  return model.Evaluate(data, true);
}

// Flattened (W row-major, v) gradient of the [CLS] layer from M1's: ∇_W = ∇_p x_clsᵀ.
Vector ChainedGradient(const Evaluation& m1, const Vector& x_cls) {
  const int d = static_cast<int>(x_cls.size());
  Vector g(static_cast<Eigen::Index>(d) * d + d);
  AsMatrix(g, d) = RowMatrix(m1.gradient[0] * x_cls.transpose());
  g.tail(d) = m1.gradient[1];
  return g;
}

// max over `directions` random unit Δ in (W, v) of |FD − ∇·Δ| / allowed (≤ 1: agree).
double WorstDirectionalGap(const Dataset& data, const Vector& x_cls, const ClsParameters& theta,
                           bool masked, const Vector& gradient, Rng& rng) {
  const int d = data.d;
  const double h = kTolerances.fd_step;
  double worst = 0;
  for (int k = 0; k < 3; ++k) {
    Vector direction = Vector::NullaryExpr(gradient.size(), [&] { return rng.Normal(); });
    direction.normalize();
    const auto loss_at = [&](double step) {
      ClsParameters moved = theta;
      moved.W += step * AsMatrix(direction, d);
      moved.v += step * direction.tail(d);
      return ClsSelfAttention(data, x_cls, moved, masked).loss;
    };
    const double fd = (loss_at(h) - loss_at(-h)) / (2 * h);
    const double loss = ClsSelfAttention(data, x_cls, theta, masked).loss;
    // THEORY.md §1's finite-difference convention: rtol on the gradient plus the rounding
    // floor of a central difference.
    const double allowed = kTolerances.fd_rtol * gradient.norm() + 8 * kEpsilon * (loss + 1) / h;
    worst = std::max(worst, std::abs(fd - gradient.dot(direction)) / allowed);
  }
  return worst;
}

}  // namespace

Claim Magen24ClsEquivalence() {
  Claim c;
  c.id = "magen24.cls.equivalence";
  c.title =
      "Self-attention at a prepended [CLS] token with query W x_cls is prompt attention with p = W x_cls (masked key: T tokens; unmasked: T + 1), gradients included";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "[M] prompt attention as [CLS] self-attention; settings of THEORY.md §4.4";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.4 [CLS] equivalence: exact identities (masked key: M1 with p = W x_cls; "
       "unmasked: M1 on T + 1 tokens, and M3), gradients included — the exact form of the "
       "discussion's 'Justification of Model Simplification' (\"our setting corresponds to "
       "self-attention where q is a token concatenated to the raw input X\")"},
      {"setting", Origin::kConvention,
       "boa's: D1 with n ∈ [2, 6], T ∈ [2, 5], d ∈ [3, 10], SNR ∈ [0, 2], η ∈ [0, 0.4], either "
       "signal position; x_cls ~ N(0, I), W and v Gaussian at scale ∈ [0.1, 2]"},
      prov::EquivalenceTolerance(),
      {"finite differences h = 1e-6, rtol 1e-5", Origin::kConvention,
       "the convention of core.gradient.finite_difference (tolerances.hpp)"},
  };
  c.regime = {{"n", 2, 6},          {"T", 2, 5},          {"d", 3, 10},
              {"snr", 0, 20, 0.1},  {"eta", 0, 40, 0.01}, {"random_position", 0, 1},
              {"scale", 1, 20, 0.1}};
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const Dataset data = GenerateSignalNoise(SignalNoiseSpecFromParams(params), seed);
    const int d = data.d;
    const double scale = RealParam(params, "scale");
    Rng rng(seed, kInit);
    const auto gaussian = [&](Eigen::Index size, double sd) {
      return Vector(Vector::NullaryExpr(size, [&] { return sd * rng.Normal(); }));
    };
    const Vector x_cls = gaussian(d, 1.0);  // a token of the noise's scale
    ClsParameters theta;
    Vector w_flat = gaussian(static_cast<Eigen::Index>(d) * d, scale / d);
    theta.W = AsMatrix(w_flat, d);
    theta.v = gaussian(d, scale / std::sqrt(d));
    const Vector p = theta.W * x_cls;
    const Dataset with_cls = WithClsToken(data, x_cls);

    // Outputs: |f| ≤ ‖v‖·max‖x‖ sets the rounding scale of every f comparison.
    const double f_scale =
        theta.v.norm() * std::max(x_cls.norm(), data.X.rowwise().norm().maxCoeff());
    const Evaluation masked_m1 = PromptAttentionAt(data, p, theta.v);
    const Evaluation unmasked_m1 = PromptAttentionAt(with_cls, p, theta.v);
    SelfAttention m3(d);
    m3.Block("W") = w_flat;
    m3.Block("v") = theta.v;
    const Evaluation unmasked_m3 = m3.Evaluate(with_cls, true);
    const double f_gap =
        std::max({GapRatio(ClsSelfAttention(data, x_cls, theta, true).f, masked_m1.f,
                           kTolerances.equivalence, f_scale),
                  GapRatio(ClsSelfAttention(data, x_cls, theta, false).f, unmasked_m1.f,
                           kTolerances.equivalence, f_scale),
                  GapRatio(unmasked_m3.f, unmasked_m1.f, kTolerances.equivalence, f_scale)});

    // Gradients: M3's analytic ones against the chained M1 ones, at rounding level.
    const Vector chained_unmasked = ChainedGradient(unmasked_m1, x_cls);
    Vector m3_gradient(chained_unmasked.size());
    m3_gradient << unmasked_m3.gradient[0], unmasked_m3.gradient[1];
    const double m3_gap = GapRatio(m3_gradient, chained_unmasked, kTolerances.equivalence,
                                   GradientSummandScale(m3, with_cls));
    // The plain-loop [CLS] layer's gradients by central differences, masked and unmasked.
    const double fd_gap = std::max(
        WorstDirectionalGap(data, x_cls, theta, true, ChainedGradient(masked_m1, x_cls), rng),
        WorstDirectionalGap(data, x_cls, theta, false, chained_unmasked, rng));

    Outcome o;
    o.measured = {{"output_gap_over_tolerance", f_gap},
                  {"m3_gradient_gap_over_tolerance", m3_gap},
                  {"finite_difference_gap_over_tolerance", fd_gap},
                  {"worst_gap_over_tolerance", std::max({f_gap, m3_gap, fd_gap})}};
    o.holds = f_gap <= 1 && m3_gap <= 1 && fd_gap <= 1;
    if (!o.holds) {
      o.explanation = "gaps over tolerance: outputs " + FormatNumber(f_gap) + ", M3 gradient " +
                      FormatNumber(m3_gap) + ", finite differences " + FormatNumber(fd_gap);
    }
    return o;
  };
  c.violation_score = "worst_gap_over_tolerance";
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24ClsEquivalence);

}  // namespace boa::claims
