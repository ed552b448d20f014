#pragma once
// Small random (data, model) pairs for the core identities: every model M1, M2 (p only),
// M2 (W and p), M3 on its natural data, at random non-zero parameters.
//
// Regime: model ∈ {1: M1, 2: M2 p only, 3: M2 W and p, 4: M3, and where asked 5: M4 with L = 3
// (two self-attention layers, then the readout), 6: M5, the encoder with FFN width 2d, and 7: M2
// with K = 3 outputs (TokenSelectionK, heads DefaultHeadsK, on D2 data with 3 classes), 8: the
// two-layer ReLU CNN with 3 filters a bank, on D1 with Kou et al.'s antipodal signal, 9: M2
// with a learned embedding E (EmbeddedTokenSelection, head DefaultHead, E drawn like every block),
// and 10: M2 W and p on variable-length D2 (T + 2 rows, per-sample lengths in [3, T + 2], padding
// masked)},
// n ∈ [2, 6], T ∈ [2, 5],
// d ∈ [3, 10], scale ∈ {0.1, ..., 2} — parameters are N(0, scale²/d) per entry, so scores stay
// O(scale·snr) and every model is tested away from the trivial zero point.
#include <cstdint>
#include <memory>

#include "boa/claim.hpp"
#include "boa/dataset.hpp"
#include "boa/model.hpp"

namespace boa::claims {

struct RandomInstance {
  Dataset data;
  std::unique_ptr<Model> model;
};

// last_model = 10 adds M4, M5, M2 with K outputs, the CNN, M2 with an embedding and masked M2:
// only the gradient check covers them (the other identities are stated for the single-layer kernel
// f = uᵀXᵀS(Xq)).
Regime RandomInstanceRegime(int last_model = 4);
RandomInstance MakeRandomInstance(const Params& params, std::uint64_t seed);

// Same model kind and data, parameters left at their zero defaults (W = I for M2 p only).
// M4's depth in the random instances.
inline constexpr int kRandomInstanceLayers = 3;
// The CNN's filters per bank in the random instances.
inline constexpr int kRandomInstanceCnnWidth = 3;
std::unique_ptr<Model> MakeZeroModel(int model_kind, const Dataset& data);

}  // namespace boa::claims

namespace boa::claims {

// The head u of f = uᵀXᵀS(Xq): v for M1 and M3, ν for M2.
const Vector& Head(const Model& model);

// A bound on the magnitude of the summands that make up any gradient coordinate of `model` on
// `data` (|∂L/∂b| ≤ 1/n, |∂L/∂a| ≤ 2 max|b| / n, times |x| and, for W blocks, another |x| or ‖W‖):
// rounding-level comparisons are relative to this, so cancellation cannot fake a failure.
double GradientSummandScale(const Model& model, const Dataset& data);

// max_j |a_j − b_j| / (rtol·(‖b‖_∞ + scale)); ≤ 1 means "equal to rtol".
double GapRatio(const Vector& a, const Vector& b, double rtol, double scale);

}  // namespace boa::claims
