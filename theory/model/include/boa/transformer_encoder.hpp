#pragma once
// M5 TransformerEncoder [S, exploratory]: the one-layer encoder of the [S] authors' experiments
// (THEORY.md §1.2, §4.4 One-layer encoder). Per sample, a learnable [CLS] token c (standing for
// p) is prepended to the T tokens; only the [CLS] position feeds the head, so only its row is
// carried past the attention:
//
//   z_t = LN₁(x_t)  (t = 0 … T, x_0 = c)      q = z_0 W_q,  k_t = z_t W_k,  u_t = z_t W_v
//   a = S(q k_tᵀ / √d)                         h₁ = c + (Σ_t a_t u_t) W_o
//   h₂ = h₁ + GELU(LN₂(h₁) W₁ + b₁) W₂ + b₂    f = wᵀ LN_f(h₂) + b
//
// (row vectors; pre-LayerNorm, single head, skips, exact GELU, final LayerNorm, linear head).
// LN(x) = γ ⊙ (x − mean x)/√(var x + 1e-5) + β with the biased variance, as PyTorch. The
// attention projections have no bias. Blocks: cls, ln1_gamma, ln1_beta, Wq, Wk, Wv, Wo (d×d),
// ln2_gamma, ln2_beta, W1 (d×h), b1 (h), W2 (h×d), b2, lnf_gamma, lnf_beta, w (d), b (1); all
// trained. Evaluation.attention holds the [CLS] query's weights on the T data tokens (its weight
// on itself is left out, so a row sums to 1 − a_0). The gradients are back-propagated by hand
// per sample in O(d² + d·h + T·d) (the keys and values are never formed: qk_tᵀ = z_t(W_k qᵀ) and
// Σ_t a_t u_t = (Σ_t a_t z_t) W_v).
#include <memory>
#include <string>

#include "boa/model.hpp"

namespace boa {

class TransformerEncoder final : public Model {
 public:
  // LayerNorm γ = 1, β = 0; every other block 0 (set them before training, e.g. InitGaussian
  // then ResetLayerNorms).
  TransformerEncoder(int d, int ffn_width);
  std::string Name() const override { return "m5"; }
  Evaluation Evaluate(const Dataset& data, bool with_gradient) const override;
  std::unique_ptr<Model> Clone() const override;
  int FfnWidth() const { return ffn_width_; }
  // γ = 1 and β = 0 in the three LayerNorms.
  void ResetLayerNorms();

 private:
  int ffn_width_;
};

}  // namespace boa
