#pragma once
// The two-layer ReLU CNN of Kou et al. (2023), the model the [M] discussion compares attention
// with ("SNR — self-attention vs convolutional"; THEORY.md §1.2, CNN). The tokens are its patches:
//
//   f(X) = F₊(X) − F₋(X),   F_j(X) = (1/m) Σ_{r=1}^{m} Σ_{t=1}^{T} ReLU(⟨w_{j,r}, x_t⟩)
//
// second layer fixed at ±1/m, logistic loss L = (1/n) Σ_i ℓ(y_i f_i). Blocks "w_plus" and
// "w_minus", each m×d row-major (filter r is row r). With g_i = ℓ'(y_i f_i) y_i / (n m):
//
//   ∇_{w_{j,r}} L = j Σ_i g_i Σ_t 1[⟨w_{j,r}, x_it⟩ > 0] x_it     (ReLU'(0) = 0, as PyTorch)
//
// A CNN has no attention; Evaluation::attention holds its analogue for the traces and the role
// summaries: token t's share of the sample's total filter activation Σ_{j,r} ReLU(⟨w_{j,r}, x_t⟩)
// (uniform 1/T where no filter is active).
#include <memory>
#include <string>

#include "boa/model.hpp"

namespace boa {

// Everything the CNN computes from the pre-activations ⟨w_{j,r}, x_it⟩ alone, (n·T)×m per bank
// (row i·T + t, column r): output f, loss, activation shares, and — with_gradient — the token
// weights Γ_j = j·(1[pre_j > 0] ⊙ g) (g_i repeated over sample i's T tokens), so that
// ∇_{w_{j,r}} L = Σ_k Γ_j(k, r) x_k. The direct model (TwoLayerCnn::Evaluate) and the span engine
// (boa/cnn_gram.hpp) both evaluate through it: one definition of the model's arithmetic.
struct CnnResponse {
  Evaluation evaluation;  // loss, f, attention; no gradient vectors
  RowMatrix weight_plus;  // Γ₊, (n·T)×m (empty without gradient)
  RowMatrix weight_minus;
};
// The banks are references, so the span engine passes its two column blocks without a copy.
CnnResponse CnnFromPreActivations(const Eigen::Ref<const RowMatrix>& pre_plus,
                                  const Eigen::Ref<const RowMatrix>& pre_minus, const Vector& y,
                                  int T, bool with_gradient);

class TwoLayerCnn final : public Model {
 public:
  TwoLayerCnn(int d, int width);  // every filter 0; InitGaussian draws them (Kou et al.: N(0, σ₀²))
  std::string Name() const override { return "cnn"; }
  Evaluation Evaluate(const Dataset& data, bool with_gradient) const override;
  std::unique_ptr<Model> Clone() const override;
  int Width() const { return width_; }

 private:
  int width_;
};

}  // namespace boa
