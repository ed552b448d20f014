#pragma once
// Sampling the CNN's span-engine inputs (boa/cnn_gram.hpp) directly, for signal–noise data: no
// d-dimensional vector is drawn. Both D1 (μ₊ = ‖μ‖e₁ ⟂ μ₋ = ‖μ‖e₂, noise on the other d − 2
// coordinates) and Kou et al.'s data (`antipodal`: signal patch ỹμ with μ = ‖μ‖e₁, noise
// ξ ~ N(0, σ²(I − μμᵀ/‖μ‖²)), i.e. on the other d − 1 coordinates) — boa/signal_noise_data.hpp.
//
// Let q be the dimension of the signal plane (2 for D1, 1 for Kou et al.). A noise token has no
// signal-plane part; a filter w⁰_{j,r} ~ N(0, ω²I_d) has q explicit N(0, ω²) coordinates there.
// The parts orthogonal to the plane of the K = n·(T − 1) training noise tokens and the 2m filters
// are independent N(0, s_k²I_{d−q}), so their Gram matrix is H = diag(s)·B·diag(s) with
// B ~ Wishart_K(d − q, I) (SampleWishart). G and P are the token and token–filter blocks of
// A Aᵀ + H, with A the signal-plane coordinates.
//
// A test token needs only its inner products with the vectors it meets. A signal token has them
// exactly from its plane coordinates. A test noise token ζ' ~ N(0, s'²I_{d−q}) is independent of
// the training draw, so given it its inner products with p vectors whose ζ parts are E·ζ (E p×K,
// over the K ζ vectors) are N(0, s'²EHEᵀ), independently across test tokens: drawn as s'·R u
// with RRᵀ = EHEᵀ (symmetric square root) and u ~ N(0, I_p) — exact in distribution.
// Two uses (one routine, TestProducts): a test set in CnnGramTest form, with products against
// all n·T training tokens and the 2m initial filters (p = n·T + 2m, drawn with the training
// set), and a test set drawn after training against the 2m trained filters only
// (EvaluateFreshCnnGramTest: p = 2m, no (n_test·T)×(n·T) products; the trained filters are
// w_{j,r} = s_j w⁰_{j,r} + Σ_k C_{k,(j,r)} x_k, so their plane coordinates and ζ coefficients are
// combinations of the training draw's).
//
// Same (spec, width, omega, n_test, seed) → same draw; a different draw from the direct
// generator's, equal in distribution (properties/cnn_gram_sampling_test.cpp). Test samples are
// clean (η = 0), as GenerateSignalNoiseTest's; both test forms use the stream (seed, kTestData),
// so they share labels and signal slots.
#include <cstdint>

#include "boa/cnn_gram.hpp"
#include "boa/signal_noise_data.hpp"

namespace boa {

// What the test law needs from a training draw: for each of the n·T training tokens and then the
// 2m initial filters, its signal-plane coordinates and its ζ part as a row of a selection matrix
// over the K ζ vectors (zero rows for signal tokens), and H.
struct CnnGramTrainingLaw {
  SignalNoiseSpec spec;
  std::uint64_t seed = 0;
  RowMatrix plane;  // (n·T + 2m)×q
  RowMatrix zeta;   // (n·T + 2m)×K
  RowMatrix H;      // K×K
};

struct CnnGramDraw {
  CnnGramInstance train;
  CnnGramTest test;  // n_test samples in span form (empty for n_test = 0)
  CnnGramTrainingLaw law;
};

// Training set, m = width filters per bank from N(0, ω²I_d), and n_test clean test samples
// (n_test = 0: no test set).
CnnGramDraw SampleSignalNoiseCnnGram(const SignalNoiseSpec& spec, int width, double omega,
                                     int n_test, std::uint64_t seed);

struct CnnGramTestOutcome {
  Vector y;               // clean labels
  Evaluation evaluation;  // the CNN's loss and f on them
};
// n_test ≥ 1 clean test samples drawn given the training draw and evaluated with the filters of
// `state` (a span state of draw.train): exact in distribution, and O(n_test·T·m²) whatever n is.
CnnGramTestOutcome EvaluateFreshCnnGramTest(const CnnGramDraw& draw, const CnnSpanState& state,
                                            int n_test);

}  // namespace boa
