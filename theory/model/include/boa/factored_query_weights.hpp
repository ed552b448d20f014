#pragma once
// M2 (TokenSelection) gradient descent on W and p in O((nT)²) per step instead of O(d²).
//
// Let X be the m = n·T token rows (m×d). Every W-gradient p(∇_q L)ᵀ = p rᵀX (r = ∂L/∂a ∈ ℝ^m)
// has its rows in span(X), and W∇_q L = W Xᵀ r. So from a base W₀ and p₀ the iterates stay
//     W = c·W₀ + A X,    A = p₀ aᵀ + Y₀ᵀ R,    p = α p₀ + Y₀ᵀ ρ      (a, ρ ∈ ℝ^m, R ∈ ℝ^{m×m})
// with Y₀ = X W₀ᵀ (m×d, row k = W₀ x_k), computed once in O(m d²). With G = X Xᵀ, H = Y₀Y₀ᵀ and
// y₀ = Y₀ p₀ (all m-dimensional):
//     z := X W₀ᵀ p = α y₀ + H ρ,    p₀ᵀp = α‖p₀‖² + y₀ᵀρ,    Aᵀp = a (p₀ᵀp) + Rᵀ z
//     scores X q = X Wᵀ p = c z + G Aᵀp
//     W ∇_q L = c Y₀ᵀ r + A G r = p₀ (aᵀGr) + Y₀ᵀ (c r + R G r)
// and θ ← θ − β(∇L + λθ) becomes (old values on the right, W's step uses the old p):
//     α ← (1 − β_p λ) α − β_p aᵀGr        ρ ← (1 − β_p λ) ρ − β_p (c r + R G r)
//     c ← (1 − β_W λ) c                  a ← (1 − β_W λ) a − β_W α r
//     R ← (1 − β_W λ) R − β_W ρ rᵀ
// Weight decay only rescales, so the form is kept exactly. Dense p and W are formed on demand.
#include <memory>
#include <vector>

#include "boa/attention_kernel.hpp"
#include "boa/dataset.hpp"
#include "boa/linalg.hpp"

namespace boa {

class FactoredQueryWeights {
 public:
  // Starts at W = W₀ (flat d×d row-major), p = p₀, head ν, for training on `data`. O(m d²).
  FactoredQueryWeights(const Dataset& data, const Vector& W0, const Vector& p0, const Vector& head);

  // True when `data` is the data set this factorisation was built for (same X, y, T, lengths).
  bool Matches(const Dataset& data) const;

  // Loss, f, attention and ∂L/∂a at the current (W, p): O(m²).
  const KernelOutput& Evaluate();
  // One gradient step from the last Evaluate(), O(m²); false (and no step) when ∂L/∂a is not
  // finite.
  bool Step(double beta_p, double beta_W, double weight_decay);

  Vector P() const;              // p = α p₀ + Y₀ᵀρ, O(m d)
  void WriteW(Vector& W) const;  // W ← c W₀ + A X given W = W₀ on entry, O(m d²)
  // W v and Wᵀv given the flat base W₀; O(d² + m d), W never formed.
  Vector ApplyW(const Vector& W0, const Vector& v) const;
  Vector ApplyWTransposed(const Vector& W0, const Vector& v) const;

 private:
  struct Fixed {  // what does not change along a trajectory; shared by copies
    RowMatrix X;  // m×d
    Vector y;
    int T = 0;
    std::vector<int> lengths;  // Dataset::lengths (empty: every sample has T tokens)
    RowMatrix Y0;              // X W₀ᵀ
    RowMatrix G;               // X Xᵀ
    RowMatrix H;               // Y₀ Y₀ᵀ
    Vector p0, y0, values;     // p₀, Y₀p₀, X ν
    double p0_norm2 = 0;
  };
  Vector Z() const;                   // X W₀ᵀ p
  Vector AtP(const Vector& z) const;  // Aᵀp

  std::shared_ptr<const Fixed> fixed_;
  double c_ = 1, alpha_ = 1;
  Vector a_, rho_;
  RowMatrix Rt_;  // Rᵀ: its rows are R's columns, so R G r and the update of R run row by row
  KernelOutput last_;
};

}  // namespace boa
