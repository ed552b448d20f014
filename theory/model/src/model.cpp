#include "boa/model.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include "boa/attention_kernel.hpp"
#include "boa/error.hpp"
#include "boa/memory_budget.hpp"
#include "boa/numerics.hpp"
#include "boa/row_dot_products.hpp"
#include "boa/scaled_row_sums.hpp"
#include "boa/token_selection_data.hpp"

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

std::size_t Model::IndexOf(const std::string& name) const {
  for (std::size_t b = 0; b < blocks_.size(); ++b) {
    if (blocks_[b].name == name) return b;
  }
  throw InvalidInput(Name() + " has no parameter block '" + name + "'");
}

std::vector<ParameterBlock>& Model::Blocks() {
  BeforeWrite();
  return blocks_;
}

const std::vector<ParameterBlock>& Model::Blocks() const {
  for (std::size_t b = 0; b < blocks_.size(); ++b) BeforeRead(b);
  return blocks_;
}

Vector& Model::Block(const std::string& name) {
  const std::size_t b = IndexOf(name);
  BeforeWrite();
  return blocks_[b].value;
}

const Vector& Model::Block(const std::string& name) const {
  const std::size_t b = IndexOf(name);
  BeforeRead(b);
  return blocks_[b].value;
}

void Model::DescentStep(const Dataset& data, int step, const StepSchedule& step_size,
                        double weight_decay, const Inspector& inspect) {
  const Evaluation e = Evaluate(data, true);
  inspect(e);
  auto& blocks = Blocks();
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    if (!blocks[b].trained) continue;
    const double beta = step_size(step, blocks[b].name);
    RequireFinite(
        e.gradient[b].allFinite(),
        "the gradient of " + blocks[b].name + " became non-finite at step " + std::to_string(step));
    blocks[b].value -= beta * (e.gradient[b] + weight_decay * blocks[b].value);
  }
}

PromptAttention::PromptAttention(int d) : Model(d) {
  blocks_ = {{"p", Vector::Zero(d), true}, {"v", Vector::Zero(d), true}};
}

Evaluation PromptAttention::Evaluate(const Dataset& data, bool with_gradient) const {
  RequireDimension(data, d_);
  KernelOutput k;
  FusedAttentionKernel(data.X, data.T, data.y, Block("p"), Block("v"), with_gradient, k,
                       data.lengths);
  Evaluation e = FromKernel(k);
  if (with_gradient) {
    e.gradient = {blocks_[0].trained ? k.grad_q : Vector(),
                  blocks_[1].trained ? k.grad_u : Vector()};
  }
  return e;
}

std::unique_ptr<Model> PromptAttention::Clone() const {
  return std::make_unique<PromptAttention>(*this);
}

TokenSelection::TokenSelection(int d, const Vector& head, bool train_W) : Model(d) {
  Require(head.size() == d, "the head must have dimension d");
  if (train_W)
    RequireMemory(static_cast<double>(d) * d, "a dense d×d W (d = " + std::to_string(d) + ")");
  blocks_ = {{"p", Vector::Zero(d), true},
             {"W", train_W ? Vector::Zero(static_cast<Eigen::Index>(d) * d) : Vector(), train_W},
             {"nu", head, false}};
}

void TokenSelection::BeforeRead(std::size_t index) const {
  if (!factored_) return;
  if (!p_current_) {
    blocks_[0].value = factored_->P();
    p_current_ = true;
  }
  if (index == 1) {  // forming W costs O(nT·d²): give the factored form up with it
    factored_->WriteW(blocks_[1].value);
    factored_.reset();
  }
}

void TokenSelection::BeforeWrite() { BeforeRead(1); }

const Vector& TokenSelection::CurrentP() const {
  BeforeRead(0);
  return blocks_[0].value;
}

Vector TokenSelection::ApplyW(const Vector& v) const {
  const Vector& W = blocks_[1].value;
  if (W.size() == 0) return v;  // W = I
  if (factored_) return factored_->ApplyW(W, v);
  return AsMatrix(W, d_) * v;
}

Vector TokenSelection::ApplyWTransposed(const Vector& v) const {
  const Vector& W = blocks_[1].value;
  if (W.size() == 0) return v;
  if (factored_) return factored_->ApplyWTransposed(W, v);
  return AsMatrix(W, d_).transpose() * v;
}

Vector TokenSelection::Query() const { return ApplyWTransposed(CurrentP()); }

Evaluation TokenSelection::Evaluate(const Dataset& data, bool with_gradient) const {
  RequireDimension(data, d_);
  KernelOutput k;
  FusedAttentionKernel(data.X, data.T, data.y, Query(), blocks_[2].value, with_gradient, k,
                       data.lengths);
  Evaluation e = FromKernel(k);
  if (with_gradient) {
    const Vector grad_p = ApplyW(k.grad_q);
    Vector grad_W;
    if (blocks_[1].trained) {
      grad_W.resize(static_cast<Eigen::Index>(d_) * d_);
      AsMatrix(grad_W, d_).noalias() = CurrentP() * k.grad_q.transpose();
    }
    e.gradient = {blocks_[0].trained ? grad_p : Vector(), grad_W, Vector()};
  }
  return e;
}

void TokenSelection::DescentStep(const Dataset& data, int step, const StepSchedule& step_size,
                                 double weight_decay, const Inspector& inspect) {
  // The factored form pays O(nT·d²) once and O((nT)²) per step; with nT ≥ d dense is cheaper.
  const bool factor = blocks_[1].trained && static_cast<Eigen::Index>(data.n) * data.T < d_;
  if (!factor) {
    Model::DescentStep(data, step, step_size, weight_decay, inspect);
    return;
  }
  RequireDimension(data, d_);
  if (factored_ && step == 1 && !factored_->Matches(data)) BeforeWrite();
  auto start = [&] { factored_.emplace(data, blocks_[1].value, CurrentP(), blocks_[2].value); };
  if (!factored_) start();
  inspect(FromKernel(factored_->Evaluate()));
  if (!factored_) {  // `inspect` read W, which gave the factored form up
    start();
    factored_->Evaluate();
  }
  const double beta_p = blocks_[0].trained ? step_size(step, "p") : 0.0;
  RequireFinite(factored_->Step(beta_p, step_size(step, "W"), weight_decay),
                "the gradient of W became non-finite at step " + std::to_string(step));
  p_current_ = false;
}

std::unique_ptr<Model> TokenSelection::Clone() const {
  return std::make_unique<TokenSelection>(*this);
}

TokenSelectionK::TokenSelectionK(int d, const Eigen::MatrixXd& heads)
    : Model(d), classes_(static_cast<int>(heads.cols())) {
  Require(heads.rows() == d && classes_ >= 2, "the K-class heads must be a d×K matrix, K ≥ 2");
  blocks_ = {{"p", Vector::Zero(d), true},
             {"nu", Eigen::Map<const Vector>(heads.data(), heads.size()), false}};
}

Evaluation TokenSelectionK::Evaluate(const Dataset& data, bool with_gradient) const {
  RequireDimension(data, d_);
  Require(data.classes == classes_, "the data's class count does not match the model's heads");
  RequireFixedLength(data, "M2 with K outputs");
  const int n = data.n, T = data.T, K = classes_;
  // Scores x_itᵀp (column 0) and values x_itᵀν_k (column k + 1) in one pass over X, on the CPU's
  // SIMD target in a fixed order (row_dot_products.hpp; Eigen's product here cost ¾ of a run).
  RowMatrix queries(K + 1, d_);
  queries.row(0) = blocks_[0].value.transpose();
  queries.bottomRows(K) =
      Eigen::Map<const Eigen::MatrixXd>(blocks_[1].value.data(), d_, K).transpose();
  const RowMatrix projections = RowDotProducts(data.X, queries);
  const auto values = projections.rightCols(K);
  Evaluation e;
  e.f.resize(n);
  e.attention.resize(n, T);
  Vector dscores = Vector::Zero(static_cast<Eigen::Index>(n) * T);
  std::vector<double> a(T), beta(T);
  const double inv_n = 1.0 / n;
  for (int i = 0; i < n; ++i) {
    const Eigen::Index first = static_cast<Eigen::Index>(i) * T;
    std::span<double> s(e.attention.row(i).data(), T);
    for (int t = 0; t < T; ++t) a[t] = projections(first + t, 0);
    StableSoftmax(a, s);
    const Eigen::RowVectorXd z =
        Eigen::Map<const Eigen::RowVectorXd>(s.data(), T) * values.middleRows(first, T);
    const int c = ClassIndex(data, data.y(i));
    Require(c >= 0 && c < K, "a label is not a class index of the model");
    const double z_max = z.maxCoeff();
    const Eigen::RowVectorXd exp_z = (z.array() - z_max).exp().matrix();
    const double sum = exp_z.sum();
    e.loss += inv_n * (z_max + std::log(sum) - z(c));  // log Σ_k e^{z_k} − z_c
    double other = -std::numeric_limits<double>::infinity();
    for (int k = 0; k < K; ++k)
      if (k != c) other = std::max(other, z(k));
    e.f(i) = z(c) - other;
    if (!with_gradient) continue;
    Eigen::RowVectorXd gamma = exp_z / sum;  // ∂ℓ/∂z = softmax(z) − e_c
    gamma(c) -= 1;
    for (int t = 0; t < T; ++t) beta[t] = values.row(first + t).dot(gamma);
    double f = 0;  // sᵀβ = γᵀz
    for (int t = 0; t < T; ++t) f += s[t] * beta[t];
    ScoreGradient(s, beta, f, inv_n, {dscores.data() + first, static_cast<std::size_t>(T)});
  }
  if (with_gradient) e.gradient = {SumOfScaledRows(data.X, dscores), Vector()};  // Xᵀ dscores
  return e;
}

std::unique_ptr<Model> TokenSelectionK::Clone() const {
  return std::make_unique<TokenSelectionK>(*this);
}

SelfAttention::SelfAttention(int d) : Model(d) {
  RequireMemory(static_cast<double>(d) * d, "a dense d×d W (d = " + std::to_string(d) + ")");
  blocks_ = {{"W", Vector::Zero(static_cast<Eigen::Index>(d) * d), true},
             {"v", Vector::Zero(d), true}};
}

Evaluation SelfAttention::Evaluate(const Dataset& data, bool with_gradient) const {
  RequireDimension(data, d_);
  RequireFixedLength(data, "M3");
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

Eigen::MatrixXd DefaultHeadsK(const Dataset& data) {
  const double mu_norm = data.mu_plus.norm();
  Require(mu_norm > 0, "the K-class heads need a non-zero signal (mu_norm > 0)");
  Eigen::MatrixXd heads(data.d, data.classes);
  for (int k = 0; k < data.classes; ++k)
    heads.col(k) = ClassSignal(data, k) / (std::sqrt(2.0) * mu_norm * mu_norm);
  return heads;
}

}  // namespace boa
