#pragma once
// The two-layer ReLU CNN (boa/two_layer_cnn.hpp, Kou et al. 2023) trained by gradient descent in
// span coordinates (issue 31): each step costs O((nT)²·m) whatever d is, against O(nT·m·d) for
// the direct model.
//
// ∇_{w_{j,r}} L is a combination of the training tokens x_k (k = i·T + t), so GD from w⁰ keeps
//   w_{j,r} = s_j w⁰_{j,r} + Σ_k C_{k,(j,r)} x_k
// (s_j = Π(1 − β_j λ) carries weight decay; 1 without it). With the token Gram matrix
// G = XXᵀ (nT×nT) and the initial projections P = X W⁰ᵀ (nT×2m), every pre-activation is
//   ⟨w_{j,r}, x_k⟩ = s_j P_{k,(j,r)} + (G C)_{k,(j,r)},
// and a step is C_j ← C_j − β_j(Γ_j + λC_j), s_j ← s_j(1 − β_jλ) with Γ_j the token weights of
// CnnFromPreActivations (the same arithmetic as the direct model). Columns 0..m−1 of P and C are
// bank +, columns m..2m−1 bank −; block names for the step sizes are "w_plus" and "w_minus".
//
// Test time needs only inner products too: a test token z has pre-activations
// s_j⟨z, w⁰_{j,r}⟩ + Σ_k C_{k,(j,r)}⟨z, x_k⟩ (CnnGramTest), so a test set can be drawn in the
// same form (boa/cnn_gram_sampling.hpp) without d-dimensional vectors.
#include <functional>
#include <vector>

#include "boa/dataset.hpp"
#include "boa/linalg.hpp"
#include "boa/train.hpp"
#include "boa/two_layer_cnn.hpp"

namespace boa {

struct CnnGramInstance {
  int n = 0;
  int T = 0;
  int m = 0;    // filters per bank
  RowMatrix G;  // (n·T)×(n·T): ⟨x_k, x_l⟩
  RowMatrix P;  // (n·T)×2m: ⟨x_k, w⁰_{j,r}⟩
  // Optional: G = A Aᵀ + Z H Zᵀ as the sampler draws it (signal-plane coordinates A, (n·T)×q;
  // Z selects each noise token's row of H, the noise tokens' Gram matrix). When present, a step
  // computes G·C through it: O(n(T−1)²·m) instead of O((nT)²·m), the same up to rounding. Empty
  // for instances built from data (CnnGramFromDataset).
  RowMatrix plane;
  std::vector<int> noise_index;  // per token: its row of noise_gram, −1 for a signal token
  RowMatrix noise_gram;
  Vector y;  // observed labels ±1
  // Bookkeeping of the training set (for summaries; the descent reads only y).
  Vector y_true;
  std::vector<bool> noisy;
  std::vector<TokenRole> roles;
};

// What a test set contributes: (n·T) test tokens z_s (row i·T + t), their inner products with the
// training tokens and with the initial filters, and their clean labels.
struct CnnGramTest {
  int n = 0;
  int T = 0;
  RowMatrix cross;  // (n·T)×(n_train·T_train): ⟨z_s, x_k⟩
  RowMatrix init;   // (n·T)×2m: ⟨z_s, w⁰_{j,r}⟩
  Vector y;
  std::vector<TokenRole> roles;  // n·T entries
};

struct CnnSpanState {
  RowMatrix C;                                      // (n·T)×2m span coefficients
  Eigen::Vector2d scale = Eigen::Vector2d::Ones();  // s₊, s₋ on w⁰
};

// w_{j,r} = w⁰_{j,r}: C = 0, s = 1.
CnnSpanState CnnSpanStart(const CnnGramInstance& gram);

struct CnnGramEvaluation {
  Evaluation evaluation;  // loss, f, activation shares (no gradient vectors)
  RowMatrix pre;          // (n·T)×2m pre-activations
  RowMatrix weights;  // (n·T)×2m: ∇_{w_{j,r}} L = Σ_k weights(k, (j,r)) x_k; empty if not asked
};
CnnGramEvaluation EvaluateCnnGram(const CnnGramInstance& gram, const CnnSpanState& state,
                                  bool with_gradient);

using CnnGramObserver =
    std::function<void(int step, const CnnSpanState& state, const CnnGramEvaluation& evaluation)>;

// Same contract as GradientDescent on TwoLayerCnn: the observer sees θ_0 .. θ_steps (the last
// without gradient weights); a non-finite loss or gradient throws InvalidInput.
void CnnGramGradientDescent(const CnnGramInstance& gram, CnnSpanState& state,
                            const TrainOptions& options, const CnnGramObserver& observer = {});

// The CNN's evaluation (loss and f, no gradient) of n = y.size() samples of T tokens from their
// pre-activations ⟨w_{j,r}, z⟩, (n·T)×2m with bank + in columns 0..m−1.
Evaluation EvaluateCnnPreActivations(const RowMatrix& pre, const Vector& y, int T);
// The CNN's evaluation on a test set in inner-product form (its loss and f on the test labels).
Evaluation EvaluateCnnGramTest(const CnnGramTest& test, const CnnSpanState& state);
// The fraction of test samples with sign(f_i) = y_i (f_i = 0 counts as an error).
double CnnGramTestAccuracy(const CnnGramTest& test, const CnnSpanState& state);

// The span form of a directly generated training set and initial CNN (exact up to rounding):
// G = XXᵀ, P = X W⁰ᵀ.
CnnGramInstance CnnGramFromDataset(const Dataset& data, const TwoLayerCnn& initial);
// A test set against that training set and initial CNN: cross = Z Xᵀ, init = Z W⁰ᵀ.
CnnGramTest CnnGramTestFromDataset(const Dataset& test, const Dataset& train,
                                   const TwoLayerCnn& initial);
// The ambient CNN a span state stands for: W_j = s_j W⁰_j + C_jᵀ X.
TwoLayerCnn CnnFromSpan(const Dataset& train, const TwoLayerCnn& initial,
                        const CnnSpanState& state);

}  // namespace boa
