#include "boa/two_layer_cnn.hpp"

#include <string>

#include "boa/error.hpp"
#include "boa/numerics.hpp"

namespace boa {

TwoLayerCnn::TwoLayerCnn(int d, int width) : Model(d), width_(width) {
  Require(width >= 1, "the CNN needs at least one filter per bank (width m ≥ 1)");
  const Eigen::Index size = static_cast<Eigen::Index>(width) * d;
  blocks_ = {{"w_plus", Vector::Zero(size), true}, {"w_minus", Vector::Zero(size), true}};
}

Evaluation TwoLayerCnn::Evaluate(const Dataset& data, bool with_gradient) const {
  RequireFixedLength(data, "the two-layer CNN");
  Require(data.d == d_, "model dimension " + std::to_string(d_) +
                            " does not match data dimension " + std::to_string(data.d));
  const int n = data.n, T = data.T, m = width_;
  const Eigen::Index rows = static_cast<Eigen::Index>(n) * T;
  // Pre-activations of every token under every filter: (n·T)×m per bank.
  const auto bank = [&](std::size_t b) {
    return Eigen::Map<const RowMatrix>(blocks_[b].value.data(), m, d_);
  };
  const RowMatrix pre_plus = data.X * bank(0).transpose();
  const RowMatrix pre_minus = data.X * bank(1).transpose();
  const RowMatrix act_plus = pre_plus.cwiseMax(0.0);
  const RowMatrix act_minus = pre_minus.cwiseMax(0.0);
  const Vector token_plus = act_plus.rowwise().sum();    // Σ_r ReLU(⟨w_{+,r}, x_t⟩)
  const Vector token_minus = act_minus.rowwise().sum();  // Σ_r ReLU(⟨w_{−,r}, x_t⟩)

  Evaluation e;
  e.f.resize(n);
  e.attention.resize(n, T);
  Vector coefficient(n);  // g_i = ℓ'(y_i f_i) y_i / (n m)
  double loss = 0;
  for (int i = 0; i < n; ++i) {
    const Eigen::Index first = static_cast<Eigen::Index>(i) * T;
    e.f(i) = (token_plus.segment(first, T).sum() - token_minus.segment(first, T).sum()) / m;
    const double margin = data.y(i) * e.f(i);
    loss += LogisticLoss(margin);
    coefficient(i) = -LogisticWeight(margin) * data.y(i) / (static_cast<double>(n) * m);
    const Vector total = token_plus.segment(first, T) + token_minus.segment(first, T);
    const double sum = total.sum();
    e.attention.row(i) = sum > 0 ? Vector(total / sum) : Vector::Constant(T, 1.0 / T);
  }
  e.loss = loss / n;
  if (!with_gradient) return e;

  // ∇W_j = j · (D_j ⊙ g)ᵀ X with D_j the (n·T)×m activity mask and g repeated over each
  // sample's T tokens.
  Vector per_token(rows);
  for (int i = 0; i < n; ++i)
    per_token.segment(static_cast<Eigen::Index>(i) * T, T).setConstant(coefficient(i));
  const auto gradient = [&](const RowMatrix& pre, double sign) {
    const RowMatrix weights =
        (pre.array() > 0.0).cast<double>().colwise() * (sign * per_token).array();
    Vector g(static_cast<Eigen::Index>(m) * d_);
    Eigen::Map<RowMatrix>(g.data(), m, d_).noalias() = weights.transpose() * data.X;
    return g;
  };
  e.gradient = {blocks_[0].trained ? gradient(pre_plus, 1.0) : Vector(),
                blocks_[1].trained ? gradient(pre_minus, -1.0) : Vector()};
  return e;
}

std::unique_ptr<Model> TwoLayerCnn::Clone() const { return std::make_unique<TwoLayerCnn>(*this); }

}  // namespace boa
