#pragma once
// M2 with a learned embedding layer ([S] discussion A1's alternative to the class-signal head;
// THEORY.md §1.2, M2e): every token is embedded by E (d×d) before the attention, the head ν is
// fixed (typically random), and E is learned jointly with the query p.
//
//   f(X) = νᵀ (X Eᵀ)ᵀ S(X Eᵀ p) = ν'ᵀ Xᵀ S(X q),   ν' = Eᵀν (effective head), q = Eᵀp
//
// Blocks "p" (d), "E" (d×d row-major, E(r, c) at r·d + c), "nu" (d, never trained). boa's
// convention: E₀ = I (at initialisation the model is M2 with W = I and head ν), p₀ = 0, E trained
// jointly with p at the same step size. With h = ∂L/∂ν' and g = ∂L/∂q (the attention kernel's
// grad_u and grad_q at (q, ν')):
//
//   ∇_E L = ν hᵀ + p gᵀ        ∇_p L = E g
//
// Both gradients lie in span{tokens} on the right: h = Xᵀα and g = Xᵀβ with α_it = c_i s_it and
// β_it = c_i s_it (ν'ᵀx_it − f_i), c_i = −g(y_i f_i) y_i / n. So starting from E = I, E stays
// I + R X with R d×(nT), and GradientDescent steps that form in O(nT·d) per step (no d×d work)
// when nT < d and there is no weight decay; reading E writes it back (O(nT·d²)).
#include <memory>
#include <optional>
#include <string>

#include "boa/model.hpp"

namespace boa {

class EmbeddedTokenSelection final : public Model {
 public:
  EmbeddedTokenSelection(int d, const Vector& head);  // p = 0, E = I, ν = head
  std::string Name() const override { return "m2e"; }
  Evaluation Evaluate(const Dataset& data, bool with_gradient) const override;
  std::unique_ptr<Model> Clone() const override;
  void DescentStep(const Dataset& data, int step, const StepSchedule& step_size,
                   double weight_decay, const Inspector& inspect) override;

  Vector Query() const;                 // q = Eᵀp
  Vector EffectiveHead() const;         // ν' = Eᵀν
  Vector Embed(const Vector& v) const;  // E v
  // cos∠(E(μ₊ − μ₋), ν) for the class signals of `data`: how far the embedding aligns the class
  // signal difference with the head's direction.
  double SignalHeadCosine(const Dataset& data) const;

 private:
  struct Factored {
    RowMatrix X;        // the training tokens (nT×d) the form was started on
    Eigen::MatrixXd G;  // X Xᵀ
    Eigen::MatrixXd R;  // E = I + R X
  };
  void BeforeRead(std::size_t index) const override;
  void BeforeWrite() override { BeforeRead(1); }
  Vector ApplyE(const Vector& v) const;
  Vector ApplyETransposed(const Vector& v) const;
  bool EIsIdentity() const;
  mutable std::optional<Factored> factored_;
};

}  // namespace boa
