#pragma once
// `boa instance`: one generated instance, a model on it, and its GD trajectory as JSON — the
// interchange format for cross-checks with NumPy or PyTorch (schema in README § Instance JSON).
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "boa/signal_noise_data.hpp"
#include "boa/token_selection_data.hpp"

namespace boa::report {

// The JSON's "schema" field; bumped whenever a field changes meaning or is removed.
inline constexpr int kInstanceSchema = 2;

struct InstanceOptions {
  // m1 | m2 (p only, W = I) | m2w (W and p) | m2k (K outputs, p only) | m3 | m4 (L layers) | m5
  // | cnn (Kou et al.'s two-layer ReLU CNN, m filters a bank)
  std::string model = "m1";
  int layers = 2;  // m4: the depth L (L − 1 self-attention layers, then the readout)
  int width = 10;  // cnn: filters per bank m
  std::string data = "signal-noise";  // signal-noise | token-selection
  SignalNoiseSpec signal_noise;
  TokenSelectionSpec token_selection;
  int steps = 2;
  std::string schedule = "sa";  // sa | sb | constant
  double lr = 0.1;              // constant schedule: every trained block
  double weight_decay = 0;
  double omega = 0;  // Gaussian init N(0, ω²) of the trained blocks; 0 = zero init
  std::uint64_t seed = 1;
  int n_test = 2000;  // projected clean test samples (m1, m2, m2w)
};

// Throws InvalidInput on a bad combination (unknown model, schedule SA/SB on a model without
// p and v, ...).
nlohmann::json BuildInstanceJson(const InstanceOptions& options);

}  // namespace boa::report
