#pragma once
// M4 DeepAttention [M, exploratory]: L − 1 single-head self-attention layers with residual
// connections, then the prompt-attention readout of M1 (THEORY.md §1.2, §4.4 Depth). Per sample,
// with X⁰ = X_i (T×d):
//
//   Xˡ = Xˡ⁻¹ + S(Xˡ⁻¹ Q_l Xˡ⁻¹ᵀ) Xˡ⁻¹ V_l      l = 1 … L − 1 (S row-wise, stable)
//   f  = vᵀ Xᴸ⁻¹ᵀ S(Xᴸ⁻¹ p)
//
// Blocks Q1, V1, …, Q{L−1}, V{L−1} (d×d row-major), p (d), v (d); all zero at construction, so
// L = 1 is M1 and a stack with Q = V = 0 computes M1 on the raw tokens. The gradients are
// back-propagated by hand through each layer (A = S(XQXᵀ), Z = XV, G = ∂L/∂Y):
//   ∂L/∂V = Xᵀ(AᵀG),  dS = A ⊙ (GZᵀ − rowsum(A ⊙ GZᵀ)),  ∂L/∂Q = Xᵀ dS X,
//   ∂L/∂X = G + (AᵀG)Vᵀ + dS X Qᵀ + dSᵀ X Q.
#include <memory>
#include <string>

#include "boa/model.hpp"

namespace boa {

class DeepAttention final : public Model {
 public:
  DeepAttention(int d, int layers);  // layers = L ≥ 1
  std::string Name() const override { return "m4"; }
  Evaluation Evaluate(const Dataset& data, bool with_gradient) const override;
  std::unique_ptr<Model> Clone() const override;
  int Layers() const { return layers_; }
  // The first self-attention layer's softmax S(XQ₁Xᵀ) of every sample, averaged over its T query
  // rows: row i, column t is the mean weight sample i's tokens put on key token t (n×T, rows sum
  // to 1). Needs L ≥ 2 (THEORY.md §4.2 magen24.extension.depth_first_layer).
  RowMatrix FirstLayerAttention(const Dataset& data) const;

 private:
  int layers_;
};

}  // namespace boa
