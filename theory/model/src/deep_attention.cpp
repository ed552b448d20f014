#include "boa/deep_attention.hpp"

#include <vector>

#include "boa/attention_kernel.hpp"
#include "boa/error.hpp"
#include "boa/memory_budget.hpp"
#include "boa/numerics.hpp"

namespace boa {
namespace {

// One self-attention layer's forward quantities, kept for the backward pass (all n·T rows).
struct LayerCache {
  RowMatrix input;      // X
  RowMatrix queries;    // P = X Q
  RowMatrix values;     // Z = X V
  RowMatrix attention;  // row i·T + t: sample i's softmax row t (T columns)
};

void SoftmaxRows(RowMatrix& scores) {
  for (Eigen::Index r = 0; r < scores.rows(); ++r) {
    StableSoftmax({scores.row(r).data(), static_cast<std::size_t>(scores.cols())},
                  {scores.row(r).data(), static_cast<std::size_t>(scores.cols())});
  }
}

// X ← X + S(X Q Xᵀ) X V for every sample; returns the cache and writes the output to `out`.
LayerCache Forward(const RowMatrix& X, int T, const RowMatrix& Q, const RowMatrix& V,
                   RowMatrix& out) {
  LayerCache c{X, X * Q, X * V, RowMatrix(X.rows(), T)};
  out = X;
  const Eigen::Index n = X.rows() / T;
  for (Eigen::Index i = 0; i < n; ++i) {
    RowMatrix A = c.queries.middleRows(i * T, T) * X.middleRows(i * T, T).transpose();
    SoftmaxRows(A);
    c.attention.middleRows(i * T, T) = A;
    out.middleRows(i * T, T).noalias() += A * c.values.middleRows(i * T, T);
  }
  return c;
}

// Given G = ∂L/∂(layer output), adds ∂L/∂Q and ∂L/∂V and returns ∂L/∂(layer input).
RowMatrix Backward(const LayerCache& c, int T, const RowMatrix& Q, const RowMatrix& V,
                   const RowMatrix& G, Eigen::Map<RowMatrix> grad_Q, Eigen::Map<RowMatrix> grad_V) {
  const Eigen::Index n = G.rows() / T;
  RowMatrix dZ(G.rows(), G.cols()), dP(G.rows(), G.cols());
  RowMatrix dX = G;
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto A = c.attention.middleRows(i * T, T);
    const auto Gi = G.middleRows(i * T, T);
    const auto Xi = c.input.middleRows(i * T, T);
    const RowMatrix dA = Gi * c.values.middleRows(i * T, T).transpose();
    const Vector row_sums = A.cwiseProduct(dA).rowwise().sum();
    const RowMatrix dS = A.cwiseProduct(dA - row_sums.replicate(1, T));
    dZ.middleRows(i * T, T).noalias() = A.transpose() * Gi;
    dP.middleRows(i * T, T).noalias() = dS * Xi;
    dX.middleRows(i * T, T).noalias() += dS.transpose() * c.queries.middleRows(i * T, T);
  }
  grad_V.noalias() = c.input.transpose() * dZ;
  grad_Q.noalias() = c.input.transpose() * dP;
  dX.noalias() += dZ * V.transpose();
  dX.noalias() += dP * Q.transpose();
  return dX;
}

}  // namespace

DeepAttention::DeepAttention(int d, int layers) : Model(d), layers_(layers) {
  Require(layers >= 1, "the depth L must be at least 1");
  RequireMemory(2.0 * (layers - 1) * d * d, "the d×d Q and V of every self-attention layer");
  for (int l = 1; l < layers; ++l) {
    const Vector zero = Vector::Zero(static_cast<Eigen::Index>(d) * d);
    blocks_.push_back({"Q" + std::to_string(l), zero, true});
    blocks_.push_back({"V" + std::to_string(l), zero, true});
  }
  blocks_.push_back({"p", Vector::Zero(d), true});
  blocks_.push_back({"v", Vector::Zero(d), true});
}

Evaluation DeepAttention::Evaluate(const Dataset& data, bool with_gradient) const {
  RequireFixedLength(data, "M4");
  Require(data.d == d_, "model dimension " + std::to_string(d_) +
                            " does not match data dimension " + std::to_string(data.d));
  auto matrix = [&](int l, int which) {
    return AsMatrix(Block(blocks_[2 * (l - 1) + which].name), d_);
  };
  std::vector<LayerCache> caches;
  RowMatrix X = data.X;
  for (int l = 1; l < layers_; ++l) {
    RowMatrix next;
    caches.push_back(Forward(X, data.T, matrix(l, 0), matrix(l, 1), next));
    X = std::move(next);
  }
  KernelOutput k;
  FusedAttentionKernel(X, data.T, data.y, Block("p"), Block("v"), with_gradient, k);
  Evaluation e;
  e.loss = k.loss;
  e.f = k.f;
  e.attention = k.attention;
  if (!with_gradient) return e;
  // The readout's ∂L/∂x_t = ℓ'_i s_it v + (∂L/∂a_it) p, with ℓ'_i = −y_i g(y_i f_i) / n.
  const Vector& p = Block("p");
  const Vector& v = Block("v");
  RowMatrix G(X.rows(), d_);
  for (int i = 0; i < data.n; ++i) {
    const double dloss_df = -data.y(i) * LogisticWeight(data.y(i) * k.f(i)) / data.n;
    for (int t = 0; t < data.T; ++t) {
      G.row(static_cast<Eigen::Index>(i) * data.T + t) =
          (dloss_df * k.attention(i, t)) * v.transpose() + k.dloss_dscore(i, t) * p.transpose();
    }
  }
  e.gradient.resize(blocks_.size());
  for (int l = layers_ - 1; l >= 1; --l) {
    Vector& grad_Q = e.gradient[2 * (l - 1)];
    Vector& grad_V = e.gradient[2 * (l - 1) + 1];
    grad_Q.resize(static_cast<Eigen::Index>(d_) * d_);
    grad_V.resize(static_cast<Eigen::Index>(d_) * d_);
    G = Backward(caches[l - 1], data.T, matrix(l, 0), matrix(l, 1), G, AsMatrix(grad_Q, d_),
                 AsMatrix(grad_V, d_));
  }
  e.gradient[blocks_.size() - 2] = k.grad_q;
  e.gradient[blocks_.size() - 1] = k.grad_u;
  for (std::size_t b = 0; b < blocks_.size(); ++b) {
    if (!blocks_[b].trained) e.gradient[b] = Vector();
  }
  return e;
}

RowMatrix DeepAttention::FirstLayerAttention(const Dataset& data) const {
  Require(layers_ >= 2, "the first self-attention layer needs L ≥ 2");
  Require(data.d == d_, "model dimension " + std::to_string(d_) +
                            " does not match data dimension " + std::to_string(data.d));
  RowMatrix unused;
  const LayerCache c =
      Forward(data.X, data.T, AsMatrix(Block("Q1"), d_), AsMatrix(Block("V1"), d_), unused);
  RowMatrix mean(data.n, data.T);
  for (int i = 0; i < data.n; ++i) {
    mean.row(i) =
        c.attention.middleRows(static_cast<Eigen::Index>(i) * data.T, data.T).colwise().mean();
  }
  return mean;
}

std::unique_ptr<Model> DeepAttention::Clone() const {
  return std::make_unique<DeepAttention>(*this);
}

}  // namespace boa
