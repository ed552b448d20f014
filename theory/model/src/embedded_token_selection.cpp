#include "boa/embedded_token_selection.hpp"

#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "boa/attention_kernel.hpp"
#include "boa/error.hpp"
#include "boa/memory_budget.hpp"
#include "boa/numerics.hpp"

namespace boa {

EmbeddedTokenSelection::EmbeddedTokenSelection(int d, const Vector& head) : Model(d) {
  Require(head.size() == d, "the head must have dimension d");
  RequireMemory(static_cast<double>(d) * d,
                "a dense d×d embedding E (d = " + std::to_string(d) + ")");
  Vector E = Vector::Zero(static_cast<Eigen::Index>(d) * d);
  AsMatrix(E, d).setIdentity();
  blocks_ = {{"p", Vector::Zero(d), true}, {"E", std::move(E), true}, {"nu", head, false}};
}

Vector EmbeddedTokenSelection::Factored::RTransposed(double nu_v, double p0_v,
                                                     const Vector& x_v) const {
  return rho * nu_v + sigma * p0_v + Pi.transpose() * x_v;
}

void EmbeddedTokenSelection::BeforeRead(std::size_t index) const {
  if (!factored_) return;
  const Factored& F = *factored_;
  if (!p_current_) {
    blocks_[0].value = F.a * F.p0 + F.c * blocks_[2].value + F.X.transpose() * F.pi;
    p_current_ = true;
  }
  if (index != 1) return;
  // E = I + R X with R X = ν(ρᵀX) + p₀(σᵀX) + Xᵀ(Π X): forming it gives the form up.
  Vector& E = blocks_[1].value;
  auto dense = AsMatrix(E, d_);
  dense.setIdentity();
  dense.noalias() += blocks_[2].value * (F.X.transpose() * F.rho).transpose();
  dense.noalias() += F.p0 * (F.X.transpose() * F.sigma).transpose();
  const RowMatrix pi_x = F.Pi * F.X;
  dense.noalias() += F.X.transpose() * pi_x;
  factored_.reset();
}

const Vector& EmbeddedTokenSelection::CurrentP() const {
  BeforeRead(0);
  return blocks_[0].value;
}

Vector EmbeddedTokenSelection::ApplyE(const Vector& v) const {
  if (!factored_) return AsMatrix(blocks_[1].value, d_) * v;
  const Factored& F = *factored_;
  const Vector x_v = F.X * v;  // E v = v + R X v
  return v + blocks_[2].value * F.rho.dot(x_v) + F.p0 * F.sigma.dot(x_v) +
         F.X.transpose() * (F.Pi * x_v);
}

Vector EmbeddedTokenSelection::ApplyETransposed(const Vector& v) const {
  if (!factored_) return AsMatrix(blocks_[1].value, d_).transpose() * v;
  const Factored& F = *factored_;
  return v + F.X.transpose() * F.RTransposed(blocks_[2].value.dot(v), F.p0.dot(v), F.X * v);
}

Vector EmbeddedTokenSelection::Query() const { return ApplyETransposed(CurrentP()); }
Vector EmbeddedTokenSelection::EffectiveHead() const { return ApplyETransposed(blocks_[2].value); }
Vector EmbeddedTokenSelection::Embed(const Vector& v) const { return ApplyE(v); }

double EmbeddedTokenSelection::SignalHeadCosine(const Dataset& data) const {
  Require(data.d == d_, "the data's dimension does not match the model's");
  const Vector image = ApplyE(data.mu_plus - data.mu_minus);
  const Vector& nu = blocks_[2].value;
  const double norms = image.norm() * nu.norm();
  Require(norms > 0, "the cosine needs a non-zero head and signal image");
  return image.dot(nu) / norms;
}

bool EmbeddedTokenSelection::EIsIdentity() const {
  if (factored_) return false;
  return AsMatrix(blocks_[1].value, d_).isIdentity(0.0);
}

Evaluation EmbeddedTokenSelection::Evaluate(const Dataset& data, bool with_gradient) const {
  Require(data.d == d_, "model dimension " + std::to_string(d_) +
                            " does not match data dimension " + std::to_string(data.d));
  const Vector& p = CurrentP();
  const Vector& nu = blocks_[2].value;
  KernelOutput k;
  FusedAttentionKernel(data.X, data.T, data.y, Query(), EffectiveHead(), with_gradient, k);
  Evaluation e;
  e.loss = k.loss;
  e.f = k.f;
  e.attention = k.attention;
  if (with_gradient) {
    Vector grad_E;
    if (blocks_[1].trained) {
      grad_E.resize(static_cast<Eigen::Index>(d_) * d_);
      AsMatrix(grad_E, d_).noalias() = nu * k.grad_u.transpose();
      AsMatrix(grad_E, d_).noalias() += p * k.grad_q.transpose();
    }
    e.gradient = {blocks_[0].trained ? ApplyE(k.grad_q) : Vector(), grad_E, Vector()};
  }
  return e;
}

void EmbeddedTokenSelection::DescentStep(const Dataset& data, int step,
                                         const StepSchedule& step_size, double weight_decay,
                                         const Inspector& inspect) {
  const Eigen::Index rows = static_cast<Eigen::Index>(data.n) * data.T;
  const bool factor = blocks_[1].trained && weight_decay == 0 && rows < d_ && data.d == d_;
  if (factored_ && (!factor || (step == 1 && factored_->X != data.X))) BeforeWrite();
  if (!factor || (!factored_ && !EIsIdentity())) {
    Model::DescentStep(data, step, step_size, weight_decay, inspect);
    return;
  }
  const Vector& nu = blocks_[2].value;
  if (!factored_) {
    Factored F;
    F.X = data.X;
    F.G = data.X * data.X.transpose();
    F.p0 = CurrentP();
    F.x_nu = data.X * nu;
    F.x_p0 = data.X * F.p0;
    F.nu_nu = nu.squaredNorm();
    F.nu_p0 = nu.dot(F.p0);
    F.p0_p0 = F.p0.squaredNorm();
    F.pi = F.rho = F.sigma = Vector::Zero(rows);
    F.Pi = Eigen::MatrixXd::Zero(rows, rows);
    factored_ = std::move(F);
  }
  Factored& F = *factored_;
  // p = a p₀ + cν + Xᵀπ: its products with ν, p₀ and the tokens.
  const double nu_p = F.a * F.nu_p0 + F.c * F.nu_nu + F.x_nu.dot(F.pi);
  const double p0_p = F.a * F.p0_p0 + F.c * F.nu_p0 + F.x_p0.dot(F.pi);
  const Vector x_p = F.a * F.x_p0 + F.c * F.x_nu + F.G * F.pi;
  // Scores X q = X(p + XᵀRᵀp) and values X ν' = X(ν + XᵀRᵀν).
  const Vector scores = x_p + F.G * F.RTransposed(nu_p, p0_p, x_p);
  const Vector values = F.x_nu + F.G * F.RTransposed(F.nu_nu, F.nu_p0, F.x_nu);
  // Own forward pass (the dense Evaluate uses the fused kernel; the trajectories agree to
  // rounding, properties/embedded_token_selection_test.cpp).
  const int n = data.n, T = data.T;
  Evaluation e;
  e.f.resize(n);
  e.attention.resize(n, T);
  Vector alpha(rows), beta(rows);
  double loss = 0;
  std::vector<double> s(static_cast<std::size_t>(T));
  for (int i = 0; i < n; ++i) {
    const Eigen::Index first = static_cast<Eigen::Index>(i) * T;
    StableSoftmax(std::span<const double>(scores.data() + first, T), s);
    double f = 0;
    for (int t = 0; t < T; ++t) f += s[t] * values(first + t);
    const double margin = data.y(i) * f;
    loss += LogisticLoss(margin);
    const double weight = -LogisticWeight(margin) * data.y(i) / n;
    for (int t = 0; t < T; ++t) {
      e.attention(i, t) = s[t];
      alpha(first + t) = weight * s[t];
      beta(first + t) = weight * s[t] * (values(first + t) - f);
    }
    e.f(i) = f;
  }
  e.loss = loss / n;
  inspect(e);
  if (!factored_) {  // `inspect` read E, which gave the factored form up: step densely
    Model::DescentStep(data, step, step_size, weight_decay, [](const Evaluation&) {});
    return;
  }
  RequireFinite(std::isfinite(e.loss) && alpha.allFinite() && beta.allFinite(),
                "the embedding model's gradient became non-finite at step " + std::to_string(step));
  // ∇_p = E g = g + R X Xᵀβ (g = Xᵀβ), with R w = νρᵀw + p₀σᵀw + XᵀΠw for w = Gβ; ∇_E =
  // (ναᵀ + pβᵀ)X, so R ← R − β_E(ναᵀ + (a p₀ + cν + Xᵀπ)βᵀ). Both use θ_k.
  const Vector w = F.G * beta;
  const double rho_w = F.rho.dot(w), sigma_w = F.sigma.dot(w);
  const Vector pi_step = beta + F.Pi * w;
  if (blocks_[1].trained) {
    const double beta_E = step_size(step, "E");
    F.rho -= beta_E * (alpha + F.c * beta);
    F.sigma -= beta_E * F.a * beta;
    F.Pi.noalias() -= beta_E * (F.pi * beta.transpose());
  }
  if (blocks_[0].trained) {
    const double beta_p = step_size(step, "p");
    F.a -= beta_p * sigma_w;
    F.c -= beta_p * rho_w;
    F.pi -= beta_p * pi_step;
    p_current_ = false;
  }
}

std::unique_ptr<Model> EmbeddedTokenSelection::Clone() const {
  return std::make_unique<EmbeddedTokenSelection>(*this);
}

}  // namespace boa
