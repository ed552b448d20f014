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
// β_it = c_i s_it (ν'ᵀx_it − f_i), c_i = −g(y_i f_i) y_i / n. So from E = I (and any p₀), GD keeps
// p = a·p₀ + c·ν + Xᵀπ and E = I + R X with R = νρᵀ + p₀σᵀ + XᵀΠ (a, c scalars; π, ρ, σ in ℝ^{nT};
// Π (nT)×(nT)): GradientDescent steps these coordinates in O((nT)²) per step after an O((nT)²·d)
// start, whatever d is, when nT < d and there is no weight decay. Reading p forms it (O(nT·d));
// reading E forms it (O(nT·d²)) and gives the form up.
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
  // The coordinates above, with the products of the training tokens they need.
  struct Factored {
    RowMatrix X;                             // the training tokens (nT×d) the form was started on
    Eigen::MatrixXd G;                       // X Xᵀ
    Vector p0, x_nu, x_p0;                   // p₀, Xν, Xp₀
    double nu_nu = 0, nu_p0 = 0, p0_p0 = 0;  // νᵀν, νᵀp₀, p₀ᵀp₀
    double a = 1, c = 0;
    Vector pi, rho, sigma;
    Eigen::MatrixXd Pi;
    Vector RTransposed(double nu_v, double p0_v, const Vector& x_v) const;  // Rᵀv
  };
  void BeforeRead(std::size_t index) const override;
  void BeforeWrite() override { BeforeRead(1); }
  const Vector& CurrentP() const;
  Vector ApplyE(const Vector& v) const;
  Vector ApplyETransposed(const Vector& v) const;
  bool EIsIdentity() const;
  mutable bool p_current_ = true;
  mutable std::optional<Factored> factored_;
};

}  // namespace boa
