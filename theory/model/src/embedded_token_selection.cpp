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

void EmbeddedTokenSelection::BeforeRead(std::size_t index) const {
  if (!factored_ || index != 1) return;
  Vector& E = blocks_[1].value;
  AsMatrix(E, d_).setIdentity();
  AsMatrix(E, d_).noalias() += factored_->R * factored_->X;
  factored_.reset();
}

Vector EmbeddedTokenSelection::ApplyE(const Vector& v) const {
  if (factored_) return v + factored_->R * (factored_->X * v);
  return AsMatrix(blocks_[1].value, d_) * v;
}

Vector EmbeddedTokenSelection::ApplyETransposed(const Vector& v) const {
  if (factored_) return v + factored_->X.transpose() * (factored_->R.transpose() * v);
  return AsMatrix(blocks_[1].value, d_).transpose() * v;
}

Vector EmbeddedTokenSelection::Query() const { return ApplyETransposed(blocks_[0].value); }
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
  const Vector& p = blocks_[0].value;
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
  if (!factored_)
    factored_ = Factored{data.X, data.X * data.X.transpose(), Eigen::MatrixXd::Zero(d_, rows)};
  // Own forward pass in the factored form (the dense Evaluate uses the fused kernel; the
  // trajectories agree to rounding, properties/embedded_token_selection_test.cpp).
  const int n = data.n, T = data.T;
  Vector& p = blocks_[0].value;
  const Vector& nu = blocks_[2].value;
  const Vector q = Query(), head = EffectiveHead();
  const Vector scores = data.X * q, values = data.X * head;
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
    const double c = -LogisticWeight(margin) * data.y(i) / n;
    for (int t = 0; t < T; ++t) {
      e.attention(i, t) = s[t];
      alpha(first + t) = c * s[t];
      beta(first + t) = c * s[t] * (values(first + t) - f);
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
  // ∇_p = E g = g + R X Xᵀ β (g = Xᵀβ); ∇_E = (ν αᵀ + p βᵀ) X, so R ← R − β_E(ν αᵀ + p βᵀ).
  const Vector grad_p = data.X.transpose() * beta + factored_->R * (factored_->G * beta);
  if (blocks_[1].trained) {
    const double beta_E = step_size(step, "E");
    factored_->R.noalias() -= beta_E * (nu * alpha.transpose());
    factored_->R.noalias() -= beta_E * (p * beta.transpose());
  }
  if (blocks_[0].trained) p -= step_size(step, "p") * grad_p;
}

std::unique_ptr<Model> EmbeddedTokenSelection::Clone() const {
  return std::make_unique<EmbeddedTokenSelection>(*this);
}

}  // namespace boa
