#pragma once
// The [S] experimental settings used by the sakamoto24.* claims and figures (THEORY.md §4.3).
#include <cstdint>
#include <string>
#include <vector>

#include "boa/budget.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/token_selection_run.hpp"

namespace boa {

struct Sakamoto24Setting {
  std::string name;  // balanced, large_noise, large_signal
  int d;
  double mu_norm;
};

// [S] Fig. 3: balanced (d = 2000, ‖μ‖ = 20), large noise (4500, 5), large signal (1000, 80).
const std::vector<Sakamoto24Setting>& Sakamoto24Settings();

// [S] Fig. 3 data: n = 20, T = 8, ρ = 0.1, η = 0.2, one relevant and one weak token of each
// kind, at (d, ‖μ‖).
TokenSelectionSpec Sakamoto24Spec(int d, double mu_norm);

// The variable-token-count variant of the Fig. 3 data (boa's declared variant of [S] App. H.1,
// THEORY.md §2.2): Sakamoto24Spec(d, ‖μ‖) with per-sample counts T_i ∈ {6, …, 10} (mean 8, Fig. 3's
// T; padded to T = 10), relevant_i, weak_same_i, weak_opposite_i ∈ {1, 2} and irrelevant_i the
// rest (0 … 7), each drawn uniformly and independently per sample (token_selection_data.hpp).
TokenSelectionSpec VariableTokensSpec(int d, double mu_norm);

// The [S] heatmap grid: d = 250 + 125a and ‖μ‖ = 5 + 2.5b for a, b ∈ 0 … 38, taking every
// `stride`-th point per axis from 0. Cell k is a = stride·(k / points), b = stride·(k % points),
// with HeatmapGridPoints(stride) = ⌊38/stride⌋ + 1 points per axis.
struct HeatmapGridPoint {
  int d;
  double mu_norm;
};
int HeatmapGridPoints(int stride);
HeatmapGridPoint HeatmapGridPointAt(int cell, int stride);

// The long-horizon GD protocol: the paper's W and p at every budget ([S] v3: W₀ ~ U(−1/√d, 1/√d),
// p₀ = 0, lr 5e-3, 1000 steps). W trains in factored form (factored_query_weights.hpp), so a
// 1000-step run costs ~0.1 s at d = 2000 (it cost ~100 s with a dense O(d²) W step).
TokenSelectionRunOptions Sakamoto24Protocol(Budget budget);

// The figures' protocol: Sakamoto24Protocol(budget), except that quick runs 300 steps — quick
// draws the figure, not the end state.
TokenSelectionRunOptions Sakamoto24FigureProtocol(Budget budget);

// p only with W = I ([S] v1; the same dynamics on q = Wᵀp up to the step size, Lemma A.6 /
// core.equivalence.w_p), lr 1e-3, 1500 steps: for the 39 × 39 heatmap, where the factored W's
// one-off O(nT·d²) start would dominate. THEORY.md's p-only protocol (lr 1e-4, up to 5000 steps)
// is too short a horizon: at seed 1 the balanced run still leaves 3 of 4 noisy samples unfitted
// after 5000 steps, while lr 1e-3 × 1500 steps reaches the end states of [S] Fig. 3 in all three
// settings. The horizon matters: at lr 1e-3 × 3000 steps the large-signal run fits its noisy
// samples too. The heatmap figure runs it on the Gram engine (engine.hpp; with W = I, p stays in
// the span of the tokens), so a cell costs the same at every d; the options returned here keep
// the default, direct engine.
TokenSelectionRunOptions Sakamoto24POnlyProtocol();

// The head-only contrast of [S] Fig. 1 (right), RunHeadOnly: the Fig. 3a data (balanced setting)
// with T ∈ {4, 8, 16, 32} tokens (one relevant and one weak token of each kind, the rest
// irrelevant), v trained from 0 with the paper's step size and horizon (lr 5e-3, 1000 steps).
const std::vector<int>& HeadOnlyTokenCounts();
TokenSelectionSpec HeadOnlySpec(int T);
TokenSelectionRunOptions HeadOnlyProtocol(Engine engine);
// The ratio of the token mean's noise norm to its signal norm (TokenMeanSignalOf),
// σ√(d/T) / (‖μ‖√(a² + b²)), which grows like √T when the token counts are fixed.
double AveragedNoiseToSignal(const TokenSelectionSpec& spec);

// [S] Section F: fixed heads other than the class-signal difference (THEORY.md §4.4). Both have
// the default head's norm 1/‖μ‖ and are drawn from stream kDirection of `seed`.
// RotatedHead: the default head's unit direction u = (e₁ − e₂)/√2 rotated by `angle` (radians)
// toward a Gaussian direction r ⟂ e₁, e₂: ν = (cos(angle)·u + sin(angle)·r)/‖μ‖, so that
// νᵀμ± = ±cos(angle)/√2 exactly. RandomGaussianHead: ν = g/(‖g‖·‖μ‖) with g ~ N(0, I_d).
Vector RotatedHead(const TokenSelectionSpec& spec, double angle, std::uint64_t seed);
Vector RandomGaussianHead(const TokenSelectionSpec& spec, std::uint64_t seed);
// The derived clean accuracy of head ν if every test sample attended to its relevant token alone:
// f = νᵀμ_ỹ + νᵀε with νᵀε ~ N(0, σ²‖ν‖²), so ½Φ(νᵀμ₊/(σ‖ν‖)) + ½Φ(−νᵀμ₋/(σ‖ν‖))
// (Φ(cos θ·‖μ‖/(√2σ)) for RotatedHead).
double RelevantTokenAccuracy(const TokenSelectionSpec& spec, const Vector& head);
// cos∠(ν, μ₊ − μ₋) for the token-selection data's class signals on e₁ and e₂: (ν₁ − ν₂)/(√2‖ν‖)
// (cos θ for RotatedHead).
double HeadSignalCosine(const Vector& head);
// The angles (degrees) of the random-head figure: 0, 15, …, 75, 80, 85, 90.
const std::vector<double>& RotatedHeadAngles();

// [S] Section F, K classes (THEORY.md §4.4): the Fig. 3a data (d = 2000, ‖μ‖ = 20, T = 8,
// ρ = 0.1, one relevant and one weak-same token, one weak token of each other class) with
// K ∈ KClassCounts() classes, n = 30 (equal class blocks for K = 2, 3, 5) and Bernoulli(η) flips
// to a uniformly drawn other class. KClassProtocol: p only from 0 (W = I), the [S] step size and
// horizon (lr 5e-3, 1000 steps; 300 at quick, as Sakamoto24FigureProtocol), 400 clean test samples.
const std::vector<int>& KClassCounts();
TokenSelectionSpec KClassSpec(int K, double eta);
TokenSelectionRunOptions KClassProtocol(Budget budget);

// The 𝔖 settings: p only, T = 8 with 2 relevant + 2 weak-same + 2 weak-opposite tokens,
// ρ = 0.1, (d, ‖μ‖) ∈ {(6000, 20), (6000, 60), (6000, 100), (12000, 120)} (index 0..3).
// n = 40, so that η = 0.05 already flips one sample per class under balanced-exact flips
// (n = 20 would flip none).
constexpr int kFrakSSettings = 4;
TokenSelectionSpec FrakSSpec(int setting, double eta);

// The 𝔖 sweep per budget: p only, lr 1e-3 (the p-only step size of Sakamoto24Protocol; at
// THEORY.md's lr 1e-4 the runs do not overfit within 1000–2000 steps — train accuracy stays
// 1 − η — so R only reflects the clean/noisy counts), and η grids
//   quick 0.1, 0.5, 0.9 (600 steps); default 0.1, 0.5, 0.7, 0.9 (1500 steps; R crosses 1
//   between 0.7 and 0.9 at seed 1);
//   full 0.05, 0.1..0.9 by 0.1 (1500 steps).
struct FrakSSweep {
  double lr;
  int steps;
  std::vector<double> etas;
};
FrakSSweep FrakSSweepAt(Budget budget);

}  // namespace boa
