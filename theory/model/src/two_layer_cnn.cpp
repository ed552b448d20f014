#include "boa/two_layer_cnn.hpp"

#include <string>
#include <utility>

#include "boa/error.hpp"
#include "boa/numerics.hpp"

namespace boa {

TwoLayerCnn::TwoLayerCnn(int d, int width) : Model(d), width_(width) {
  Require(width >= 1, "the CNN needs at least one filter per bank (width m ≥ 1)");
  const Eigen::Index size = static_cast<Eigen::Index>(width) * d;
  blocks_ = {{"w_plus", Vector::Zero(size), true}, {"w_minus", Vector::Zero(size), true}};
}

CnnResponse CnnFromPreActivations(const Eigen::Ref<const RowMatrix>& pre_plus,
                                  const Eigen::Ref<const RowMatrix>& pre_minus, const Vector& y,
                                  int T, bool with_gradient) {
  const int n = static_cast<int>(y.size());
  const Eigen::Index m = pre_plus.cols();
  const Eigen::Index rows = static_cast<Eigen::Index>(n) * T;
  Require(pre_plus.rows() == rows && pre_minus.rows() == rows && pre_minus.cols() == m && m >= 1,
          "the CNN's pre-activations must be (n·T)×m per bank");
  const Vector token_plus = pre_plus.cwiseMax(0.0).rowwise().sum();  // Σ_r ReLU(⟨w_{+,r}, x_t⟩)
  const Vector token_minus = pre_minus.cwiseMax(0.0).rowwise().sum();

  CnnResponse out;
  Evaluation& e = out.evaluation;
  e.f.resize(n);
  e.attention.resize(n, T);
  Vector coefficient(n);  // g_i = ℓ'(y_i f_i) y_i / (n m)
  double loss = 0;
  for (int i = 0; i < n; ++i) {
    const Eigen::Index first = static_cast<Eigen::Index>(i) * T;
    e.f(i) = (token_plus.segment(first, T).sum() - token_minus.segment(first, T).sum()) /
             static_cast<double>(m);
    const double margin = y(i) * e.f(i);
    loss += LogisticLoss(margin);
    coefficient(i) =
        -LogisticWeight(margin) * y(i) / (static_cast<double>(n) * static_cast<double>(m));
    // Each token's share of the sample's total activation (uniform when nothing is active),
    // without a temporary per sample: this runs every GD step.
    double sum = 0;
    for (int t = 0; t < T; ++t) sum += token_plus(first + t) + token_minus(first + t);
    for (int t = 0; t < T; ++t) {
      e.attention(i, t) = sum > 0 ? (token_plus(first + t) + token_minus(first + t)) / sum : 1.0 / T;
    }
  }
  e.loss = loss / n;
  if (!with_gradient) return out;

  // Γ_j = j · (D_j ⊙ g) with D_j the (n·T)×m activity mask and g repeated over each sample's T
  // tokens.
  Vector per_token(rows);
  for (int i = 0; i < n; ++i)
    per_token.segment(static_cast<Eigen::Index>(i) * T, T).setConstant(coefficient(i));
  // Row by row: a token's m filters are contiguous, so the mask vectorises (the same products).
  const auto weights = [&](const Eigen::Ref<const RowMatrix>& pre, double sign) -> RowMatrix {
    RowMatrix gamma(pre.rows(), pre.cols());
    for (Eigen::Index k = 0; k < pre.rows(); ++k) {
      gamma.row(k) = (pre.row(k).array() > 0.0).cast<double>() * (sign * per_token(k));
    }
    return gamma;
  };
  out.weight_plus = weights(pre_plus, 1.0);
  out.weight_minus = weights(pre_minus, -1.0);
  return out;
}

Evaluation TwoLayerCnn::Evaluate(const Dataset& data, bool with_gradient) const {
  RequireFixedLength(data, "the two-layer CNN");
  Require(data.d == d_, "model dimension " + std::to_string(d_) +
                            " does not match data dimension " + std::to_string(data.d));
  const int m = width_;
  // Pre-activations of every token under every filter: (n·T)×m per bank.
  const auto bank = [&](std::size_t b) {
    return Eigen::Map<const RowMatrix>(blocks_[b].value.data(), m, d_);
  };
  const RowMatrix pre_plus = data.X * bank(0).transpose();
  const RowMatrix pre_minus = data.X * bank(1).transpose();
  CnnResponse response = CnnFromPreActivations(pre_plus, pre_minus, data.y, data.T, with_gradient);
  Evaluation e = std::move(response.evaluation);
  if (!with_gradient) return e;
  // ∇W_j = Γ_jᵀ X.
  const auto gradient = [&](const RowMatrix& weights) {
    Vector g(static_cast<Eigen::Index>(m) * d_);
    Eigen::Map<RowMatrix>(g.data(), m, d_).noalias() = weights.transpose() * data.X;
    return g;
  };
  e.gradient = {blocks_[0].trained ? gradient(response.weight_plus) : Vector(),
                blocks_[1].trained ? gradient(response.weight_minus) : Vector()};
  return e;
}

std::unique_ptr<Model> TwoLayerCnn::Clone() const { return std::make_unique<TwoLayerCnn>(*this); }

}  // namespace boa
