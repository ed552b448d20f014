#include "random_instance.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "boa/deep_attention.hpp"
#include "boa/embedded_token_selection.hpp"
#include "boa/error.hpp"
#include "boa/rng.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/transformer_encoder.hpp"
#include "boa/two_layer_cnn.hpp"

namespace boa::claims {
namespace {

bool NearReluKink(const Model& cnn, const Dataset& data) {
  for (const auto& block : cnn.Blocks()) {
    const Eigen::Map<const RowMatrix> filters(block.value.data(), block.value.size() / data.d,
                                              data.d);
    const RowMatrix pre = data.X * filters.transpose();
    for (Eigen::Index r = 0; r < pre.rows(); ++r) {
      if ((pre.row(r).array().abs() < 1e-4 * data.X.row(r).norm()).any()) return true;
    }
  }
  return false;
}

}  // namespace

Regime RandomInstanceRegime(int last_model) {
  return {{"model", 1, last_model}, {"n", 2, 6}, {"T", 2, 5}, {"d", 3, 10}, {"scale", 1, 20, 0.1}};
}

std::unique_ptr<Model> MakeZeroModel(int model_kind, const Dataset& data) {
  switch (model_kind) {
    case 1: return std::make_unique<PromptAttention>(data.d);
    case 2: return std::make_unique<TokenSelection>(data.d, DefaultHead(data), false);
    case 3: return std::make_unique<TokenSelection>(data.d, DefaultHead(data), true);
    case 4: return std::make_unique<SelfAttention>(data.d);
    case 5: return std::make_unique<DeepAttention>(data.d, kRandomInstanceLayers);
    case 6: return std::make_unique<TransformerEncoder>(data.d, 2 * data.d);
    case 7: return std::make_unique<TokenSelectionK>(data.d, DefaultHeadsK(data));
    case 8: return std::make_unique<TwoLayerCnn>(data.d, kRandomInstanceCnnWidth);
    case 9: return std::make_unique<EmbeddedTokenSelection>(data.d, DefaultHead(data));
    case 10: return std::make_unique<TokenSelection>(data.d, DefaultHead(data), true);
  }
  throw InvalidInput(
      "model must be 1 (M1), 2 (M2 p only), 3 (M2 W and p), 4 (M3), 5 (M4), 6 (M5), 7 (M2, K = 3), "
      "8 (the CNN), 9 (M2 with a learned embedding E) or 10 (M2 W and p, variable-length data)");
}

RandomInstance MakeRandomInstance(const Params& params, std::uint64_t seed) {
  const int kind = IntParam(params, "model");
  const int n = IntParam(params, "n"), T = IntParam(params, "T"), d = IntParam(params, "d");
  const double scale = RealParam(params, "scale");
  RandomInstance instance;
  if (kind == 2 || kind == 3 || kind == 6 || kind == 7 || kind == 9 || kind == 10) {
    TokenSelectionSpec spec;
    spec.n = n;
    spec.T = T;
    spec.d = d;
    spec.mu_norm = 2;
    spec.rho = 0.5;
    spec.eta = 0.25;
    spec.weak_same = T >= 3 ? 1 : 0;
    spec.weak_opposite = T >= 4 ? 1 : 0;
    if (kind == 7) {  // three classes: the weak-opposite tokens come in two groups
      spec.classes = 3;
      spec.flips = FlipRule::kBernoulli;
    }
    if (kind == 10) {  // variable token counts: lengths in [3, T + 2], so most samples are padded
      spec.T = T + 2;
      spec.T_min = 3;
      spec.weak_same = spec.weak_opposite = 1;
    }
    instance.data = GenerateTokenSelection(spec, seed);
  } else {
    SignalNoiseSpec spec;
    spec.n = n;
    spec.T = T;
    spec.d = std::max(d, 3);
    spec.snr = 1;
    spec.eta = 0.25;
    spec.position = SignalPosition::kRandom;
    spec.antipodal = kind == 8;  // the CNN on its own paper's data (Kou et al.: signal ỹμ)
    instance.data = GenerateSignalNoise(spec, seed);
  }
  instance.model = MakeZeroModel(kind, instance.data);
  Rng rng(seed, kInit);
  const double sd = scale / std::sqrt(static_cast<double>(d));
  const auto draw = [&] {
    for (auto& block : instance.model->Blocks()) {
      if (block.name == "nu" || block.value.size() == 0) continue;
      for (double& x : block.value) x = sd * rng.Normal();
    }
  };
  draw();
  // The CNN's loss has kinks where a pre-activation ⟨w_r, x_t⟩ is 0, and a finite difference across
  // one is no derivative. A finite-difference step moves a pre-activation by at most ≈ 3e-6·‖x_t‖
  // (h = 1e-6·max(1, |θ_j|)), so filters are redrawn until every one is ≥ 1e-4·‖x_t‖ from a kink
  // (a redraw is needed for under half of the instances).
  for (int tries = 0; kind == 8 && NearReluKink(*instance.model, instance.data); ++tries) {
    Require(tries < 1000, "no CNN filters away from the ReLU kinks in 1000 draws");
    draw();
  }
  return instance;
}

}  // namespace boa::claims

namespace boa::claims {

const Vector& Head(const Model& model) {
  return model.Name() == "m2" || model.Name() == "m2e" ? model.Block("nu") : model.Block("v");
}

double GradientSummandScale(const Model& model, const Dataset& data) {
  const double x_max = data.X.cwiseAbs().maxCoeff();
  double b_max = 0;
  for (int i = 0; i < data.n; ++i)
    b_max = std::max(b_max, (data.Tokens(i) * Head(model)).cwiseAbs().maxCoeff());
  double extra = std::max(1.0, x_max);
  for (const auto& block : model.Blocks()) {
    if (block.name == "W" && block.value.size() > 0) {
      extra = std::max(extra, data.d * block.value.cwiseAbs().maxCoeff());
    }
  }
  return data.T * std::max(1.0, x_max) * std::max(1.0, 2 * b_max) * extra;
}

double GapRatio(const Vector& a, const Vector& b, double rtol, double scale) {
  if (a.size() != b.size()) return std::numeric_limits<double>::infinity();
  if (a.size() == 0) return 0;
  const double allowed = rtol * (b.cwiseAbs().maxCoeff() + scale);
  const double gap = (a - b).cwiseAbs().maxCoeff();
  if (gap == 0) return 0;
  return gap / allowed;
}

}  // namespace boa::claims
