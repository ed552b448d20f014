#pragma once
// The one-layer encoder of the [S] authors' experiments (M5, transformer_encoder.hpp) trained on
// the [S] data (THEORY.md §4.4 One-layer encoder): every block by full-batch GD, lr 5e-3, 1000
// steps, from the authors' initialisation, and the run judged with the project's one regime rule
// (ClassifyFit, fit_regime.hpp).
//
// Initialisation (the authors' code: PyTorch's defaults, drawn here from stream kInit): [CLS]
// c ~ N(0, I); W_q, W_k, W_v, W₁, b₁, the head w and b ~ U(±1/√d); W₂, b₂ ~ U(±1/√h); LayerNorms
// γ = 1, β = 0. The authors' attention has no output projection, so W_o = I and is not trained.
#include <cstdint>
#include <vector>

#include "boa/budget.hpp"
#include "boa/fit_regime.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/token_selection_data.hpp"

namespace boa {

// The encoder's three settings at the paper's sizes: balanced (2000, 20), large noise (5000, 5),
// large signal (1000, 100) — the authors' encoder runs, not Fig. 3's (4500, 5) and (1000, 80).
const std::vector<Sakamoto24Setting>& EncoderSettings();

// The data and FFN width of one encoder run. At the paper's sizes: Sakamoto24Spec(d, ‖μ‖) and
// h = 2000. Scaled (§4.4): d' = round(d/10), ‖μ‖' = ‖μ‖·√(d'/d) (so ‖μ‖/√d is kept) and h = 2d'.
struct EncoderSizes {
  TokenSelectionSpec spec;
  int ffn_width = 0;
};
EncoderSizes EncoderSizesAt(int paper_d, double paper_mu_norm, bool paper_sizes);

struct EncoderProtocol {
  double lr = 5e-3;
  int steps = 1000;
  int n_test = 1000;         // fresh clean test samples (the authors' test_n)
  bool paper_sizes = false;  // else §4.4's scaled sizes
};
// Per budget (measured cost in THEORY.md §4.4): quick 20 steps and 200 test samples (CI: that
// the runs work, not their end state); default the paper's protocol at the scaled sizes; full the
// paper's sizes too.
EncoderProtocol EncoderProtocolAt(Budget budget);
// The heatmap's: EncoderProtocolAt(budget), except that default runs 300 steps — the default
// report draws the trend over the grid, the claim the end state.
EncoderProtocol EncoderFigureProtocolAt(Budget budget);

struct EncoderRun {
  double train_accuracy = 0;
  double noisy_fitted = 1;  // among the noisy training samples (1 if none)
  double test_accuracy = 0;
  FitRegime regime = FitRegime::kNeither;  // ClassifyFit(train, clean test)
};

// Draws the training and test data of `seed`, initialises and trains M5 and measures it.
EncoderRun RunEncoder(const EncoderSizes& sizes, const EncoderProtocol& protocol,
                      std::uint64_t seed);

}  // namespace boa
