#include "boa/model.hpp"

#include <cassert>

#include "boa/attention_kernel.hpp"
#include "boa/error.hpp"

namespace boa {
namespace {

Evaluation FromKernel(const KernelOutput& k) {
  Evaluation e;
  e.loss = k.loss;
  e.f = k.f;
  e.attention = k.attention;
  return e;
}

void RequireDimension(const Dataset& data, int d) {
  Require(data.d == d, "model dimension " + std::to_string(d) + " does not match data dimension " +
                           std::to_string(data.d));
}

}  // namespace

Vector& Model::Block(const std::string& name) {
  for (auto& b : blocks_) {
    if (b.name == name) return b.value;
  }
  throw InvalidInput(Name() + " has no parameter block '" + name + "'");
}

const Vector& Model::Block(const std::string& name) const {
  return const_cast<Model*>(this)->Block(name);
}

PromptAttention::PromptAttention(int d) : Model(d) {
  blocks_ = {{"p", Vector::Zero(d), true}, {"v", Vector::Zero(d), true}};
}

Evaluation PromptAttention::Evaluate(const Dataset& data, bool with_gradient) const {
  RequireDimension(data, d_);
  KernelOutput k;
  FusedAttentionKernel(data.X, data.T, data.y, Block("p"), Block("v"), with_gradient, k);
  Evaluation e = FromKernel(k);
  if (with_gradient) {
    e.gradient = {blocks_[0].trained ? k.grad_q : Vector(), blocks_[1].trained ? k.grad_u : Vector()};
  }
  return e;
}

std::unique_ptr<Model> PromptAttention::Clone() const {
  return std::make_unique<PromptAttention>(*this);
}

TokenSelection::TokenSelection(int d, const Vector& head, bool train_W) : Model(d) {
  Require(head.size() == d, "the head must have dimension d");
  blocks_ = {{"p", Vector::Zero(d), true},
             {"W", train_W ? Vector::Zero(static_cast<Eigen::Index>(d) * d) : Vector(), train_W},
             {"nu", head, false}};
}

Vector TokenSelection::Query() const {
  const Vector& W = Block("W");
  if (W.size() == 0) return Block("p");  // W = I
  return AsMatrix(W, d_).transpose() * Block("p");
}

Evaluation TokenSelection::Evaluate(const Dataset& data, bool with_gradient) const {
  RequireDimension(data, d_);
  KernelOutput k;
  FusedAttentionKernel(data.X, data.T, data.y, Query(), Block("nu"), with_gradient, k);
  Evaluation e = FromKernel(k);
  if (with_gradient) {
    const Vector& W = Block("W");
    const Vector grad_p = W.size() == 0 ? k.grad_q : Vector(AsMatrix(W, d_) * k.grad_q);
    Vector grad_W;
    if (blocks_[1].trained) {
      grad_W.resize(static_cast<Eigen::Index>(d_) * d_);
      AsMatrix(grad_W, d_).noalias() = Block("p") * k.grad_q.transpose();
    }
    e.gradient = {blocks_[0].trained ? grad_p : Vector(), grad_W, Vector()};
  }
  return e;
}

std::unique_ptr<Model> TokenSelection::Clone() const {
  return std::make_unique<TokenSelection>(*this);
}

SelfAttention::SelfAttention(int d) : Model(d) {
  blocks_ = {{"W", Vector::Zero(static_cast<Eigen::Index>(d) * d), true},
             {"v", Vector::Zero(d), true}};
}

Evaluation SelfAttention::Evaluate(const Dataset& data, bool with_gradient) const {
  RequireDimension(data, d_);
  const auto W = AsMatrix(Block("W"), d_);
  // First tokens x_{i1} as an n×d matrix, and per-sample queries q_i = W x_{i1}.
  RowMatrix first(data.n, d_);
  for (int i = 0; i < data.n; ++i) first.row(i) = data.X.row(static_cast<Eigen::Index>(i) * data.T);
  const RowMatrix queries = first * W.transpose();
  KernelOutput k;
  FusedAttentionKernel(data.X, data.T, data.y, queries, Block("v"), with_gradient, k);
  Evaluation e = FromKernel(k);
  if (with_gradient) {
    // r_i = X_iᵀ ∂L/∂a_i, then ∇_W L = Σ_i r_i x_{i1}ᵀ = Rᵀ first.
    RowMatrix R(data.n, d_);
    for (int i = 0; i < data.n; ++i) {
      R.row(i) = k.dloss_dscore.row(i) * data.Tokens(i);
    }
    Vector grad_W(static_cast<Eigen::Index>(d_) * d_);
    AsMatrix(grad_W, d_).noalias() = R.transpose() * first;
    e.gradient = {blocks_[0].trained ? grad_W : Vector(), blocks_[1].trained ? k.grad_u : Vector()};
  }
  return e;
}

std::unique_ptr<Model> SelfAttention::Clone() const {
  return std::make_unique<SelfAttention>(*this);
}

Vector DefaultHead(const Dataset& data) {
  const Vector diff = data.mu_plus - data.mu_minus;
  const double mu_norm = data.mu_plus.norm();
  Require(mu_norm > 0, "the default head needs a non-zero signal (mu_norm > 0)");
  return diff / (diff.norm() * mu_norm);
}

}  // namespace boa
