#include "boa/transformer_encoder.hpp"

#include <cmath>
#include <numbers>

#include "boa/attention_kernel.hpp"
#include "boa/error.hpp"
#include "boa/memory_budget.hpp"
#include "boa/numerics.hpp"

namespace boa {
namespace {

constexpr double kLayerNormEps = 1e-5;  // PyTorch's default

// The named blocks, in order (the constructor and Evaluate agree through these indices).
enum BlockIndex : std::size_t {
  kCls,
  kLn1Gamma,
  kLn1Beta,
  kWq,
  kWk,
  kWv,
  kWo,
  kLn2Gamma,
  kLn2Beta,
  kW1,
  kB1,
  kW2,
  kB2,
  kLnfGamma,
  kLnfBeta,
  kHeadW,
  kHeadB,
  kBlockCount
};

// Row-wise LayerNorm of `x` (rows are vectors): returns γ ⊙ x̂ + β and keeps x̂, 1/σ per row.
struct LayerNormCache {
  RowMatrix normalized;  // x̂
  Vector inv_std;        // 1/√(var + ε) per row
};

RowMatrix LayerNorm(const RowMatrix& x, const Vector& gamma, const Vector& beta,
                    LayerNormCache& cache) {
  const auto d = static_cast<double>(x.cols());
  cache.normalized.resize(x.rows(), x.cols());
  cache.inv_std.resize(x.rows());
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    const double mean = x.row(r).sum() / d;
    const auto centred = x.row(r).array() - mean;
    cache.inv_std(r) = 1 / std::sqrt(centred.square().sum() / d + kLayerNormEps);
    cache.normalized.row(r) = centred * cache.inv_std(r);
  }
  RowMatrix y = cache.normalized * gamma.asDiagonal();
  y.rowwise() += beta.transpose();
  return y;
}

// Given dy, adds ∂L/∂γ, ∂L/∂β and returns ∂L/∂x:
// dx = (1/σ)(dx̂ − mean(dx̂) − x̂ ⊙ mean(dx̂ ⊙ x̂)) with dx̂ = dy ⊙ γ.
RowMatrix LayerNormBackward(const LayerNormCache& cache, const Vector& gamma, const RowMatrix& dy,
                            Vector& grad_gamma, Vector& grad_beta) {
  grad_gamma += (dy.cwiseProduct(cache.normalized)).colwise().sum().transpose();
  grad_beta += dy.colwise().sum().transpose();
  const RowMatrix dxhat = dy * gamma.asDiagonal();
  const auto d = static_cast<double>(dy.cols());
  RowMatrix dx(dy.rows(), dy.cols());
  for (Eigen::Index r = 0; r < dy.rows(); ++r) {
    const double mean_dxhat = dxhat.row(r).sum() / d;
    const double mean_dot = dxhat.row(r).dot(cache.normalized.row(r)) / d;
    dx.row(r) =
        cache.inv_std(r) *
        (dxhat.row(r).array() - mean_dxhat - cache.normalized.row(r).array() * mean_dot).matrix();
  }
  return dx;
}

double Gelu(double x) { return 0.5 * x * (1 + std::erf(x / std::numbers::sqrt2)); }
double GeluDerivative(double x) {
  const double pdf = std::exp(-0.5 * x * x) / std::sqrt(2 * std::numbers::pi);
  return 0.5 * (1 + std::erf(x / std::numbers::sqrt2)) + x * pdf;
}

}  // namespace

TransformerEncoder::TransformerEncoder(int d, int ffn_width) : Model(d), ffn_width_(ffn_width) {
  Require(ffn_width >= 1, "the FFN width must be at least 1");
  RequireMemory(4.0 * d * d + 2.0 * d * ffn_width, "the encoder's d×d and d×h weights");
  const Eigen::Index dd = static_cast<Eigen::Index>(d) * d;
  const Eigen::Index dh = static_cast<Eigen::Index>(d) * ffn_width;
  blocks_ = {
      {"cls", Vector::Zero(d)}, {"ln1_gamma", Vector::Ones(d)},  {"ln1_beta", Vector::Zero(d)},
      {"Wq", Vector::Zero(dd)}, {"Wk", Vector::Zero(dd)},        {"Wv", Vector::Zero(dd)},
      {"Wo", Vector::Zero(dd)}, {"ln2_gamma", Vector::Ones(d)},  {"ln2_beta", Vector::Zero(d)},
      {"W1", Vector::Zero(dh)}, {"b1", Vector::Zero(ffn_width)}, {"W2", Vector::Zero(dh)},
      {"b2", Vector::Zero(d)},  {"lnf_gamma", Vector::Ones(d)},  {"lnf_beta", Vector::Zero(d)},
      {"w", Vector::Zero(d)},   {"b", Vector::Zero(1)}};
}

void TransformerEncoder::ResetLayerNorms() {
  for (const char* name : {"ln1_gamma", "ln2_gamma", "lnf_gamma"}) Block(name).setOnes();
  for (const char* name : {"ln1_beta", "ln2_beta", "lnf_beta"}) Block(name).setZero();
}

Evaluation TransformerEncoder::Evaluate(const Dataset& data, bool with_gradient) const {
  RequireFixedLength(data, "M5");
  Require(data.d == d_, "model dimension " + std::to_string(d_) +
                            " does not match data dimension " + std::to_string(data.d));
  const std::vector<ParameterBlock>& b = Blocks();
  const int n = data.n, T = data.T, h = ffn_width_;
  const double inv_sqrt_d = 1 / std::sqrt(static_cast<double>(d_));
  auto square = [&](std::size_t k) { return AsMatrix(b[k].value, d_); };
  const Eigen::Map<const RowMatrix> W1(b[kW1].value.data(), d_, h);
  const Eigen::Map<const RowMatrix> W2(b[kW2].value.data(), h, d_);

  // LN₁ of every sample's [CLS] row (row i·(T+1)) and tokens (rows i·(T+1) + t).
  RowMatrix tokens(static_cast<Eigen::Index>(n) * (T + 1), d_);
  for (int i = 0; i < n; ++i) {
    tokens.row(static_cast<Eigen::Index>(i) * (T + 1)) = b[kCls].value.transpose();
    tokens.middleRows(static_cast<Eigen::Index>(i) * (T + 1) + 1, T) = data.Tokens(i);
  }
  LayerNormCache ln1, ln2, lnf;
  const RowMatrix Z = LayerNorm(tokens, b[kLn1Gamma].value, b[kLn1Beta].value, ln1);
  RowMatrix Z0(n, d_);
  for (int i = 0; i < n; ++i) Z0.row(i) = Z.row(static_cast<Eigen::Index>(i) * (T + 1));

  // Attention of the [CLS] query: κ_i = q_i W_kᵀ, s_it = z_it·κ_i/√d, z̄_i = Σ_t a_it z_it.
  const RowMatrix Q = Z0 * square(kWq);
  const RowMatrix K = Q * square(kWk).transpose();
  RowMatrix A(n, T + 1), Zbar(n, d_);
  for (int i = 0; i < n; ++i) {
    const auto Zi = Z.middleRows(static_cast<Eigen::Index>(i) * (T + 1), T + 1);
    Vector s = Zi * K.row(i).transpose() * inv_sqrt_d;
    const auto len = static_cast<std::size_t>(s.size());
    StableSoftmax({s.data(), len}, {s.data(), len});
    A.row(i) = s.transpose();
    Zbar.row(i) = s.transpose() * Zi;
  }
  const RowMatrix O = Zbar * square(kWv);
  RowMatrix H1 = O * square(kWo);
  H1.rowwise() += b[kCls].value.transpose();
  const RowMatrix U = LayerNorm(H1, b[kLn2Gamma].value, b[kLn2Beta].value, ln2);
  RowMatrix Pre = U * W1;
  Pre.rowwise() += b[kB1].value.transpose();
  const RowMatrix M = Pre.unaryExpr([](double x) { return Gelu(x); });
  RowMatrix H2 = H1 + M * W2;
  H2.rowwise() += b[kB2].value.transpose();
  const RowMatrix HF = LayerNorm(H2, b[kLnfGamma].value, b[kLnfBeta].value, lnf);

  Evaluation e;
  e.f = (HF * b[kHeadW].value).array() + b[kHeadB].value(0);
  e.attention = A.rightCols(T);
  Vector dloss_df(n);
  for (int i = 0; i < n; ++i) {
    const double margin = data.y(i) * e.f(i);
    e.loss += LogisticLoss(margin) / n;
    dloss_df(i) = -data.y(i) * LogisticWeight(margin) / n;
  }
  if (!with_gradient) return e;

  std::vector<Vector> g(kBlockCount);
  for (std::size_t k = 0; k < kBlockCount; ++k) g[k] = Vector::Zero(b[k].value.size());
  auto square_grad = [&](std::size_t k) { return AsMatrix(g[k], d_); };
  g[kHeadW] = HF.transpose() * dloss_df;
  g[kHeadB](0) = dloss_df.sum();
  const RowMatrix dHF = dloss_df * b[kHeadW].value.transpose();
  const RowMatrix dH2 = LayerNormBackward(lnf, b[kLnfGamma].value, dHF, g[kLnfGamma], g[kLnfBeta]);
  // FFN: H2 = H1 + GELU(U W₁ + b₁) W₂ + b₂.
  g[kB2] = dH2.colwise().sum().transpose();
  Eigen::Map<RowMatrix>(g[kW2].data(), h, d_).noalias() = M.transpose() * dH2;
  const RowMatrix dPre = (dH2 * W2.transpose()).cwiseProduct(Pre.unaryExpr([](double x) {
    return GeluDerivative(x);
  }));
  g[kB1] = dPre.colwise().sum().transpose();
  Eigen::Map<RowMatrix>(g[kW1].data(), d_, h).noalias() = U.transpose() * dPre;
  const RowMatrix dH1 = dH2 + LayerNormBackward(ln2, b[kLn2Gamma].value, dPre * W1.transpose(),
                                                g[kLn2Gamma], g[kLn2Beta]);
  // H1 = c + Z̄ W_v W_o.
  g[kCls] = dH1.colwise().sum().transpose();
  square_grad(kWo).noalias() = O.transpose() * dH1;
  const RowMatrix dO = dH1 * square(kWo).transpose();
  square_grad(kWv).noalias() = Zbar.transpose() * dO;
  const RowMatrix dZbar = dO * square(kWv).transpose();
  // Softmax and scores, per sample: dz_it = a_it dz̄_i + ds_it κ_i/√d, dκ_i = Σ_t ds_it z_it/√d.
  RowMatrix dZ(Z.rows(), d_), dK(n, d_);
  for (int i = 0; i < n; ++i) {
    const auto Zi = Z.middleRows(static_cast<Eigen::Index>(i) * (T + 1), T + 1);
    const Vector a = A.row(i).transpose();
    const Vector da = Zi * dZbar.row(i).transpose();
    const Vector ds = a.cwiseProduct((da.array() - a.dot(da)).matrix());
    dZ.middleRows(static_cast<Eigen::Index>(i) * (T + 1), T + 1).noalias() =
        a * dZbar.row(i) + inv_sqrt_d * ds * K.row(i);
    dK.row(i).noalias() = inv_sqrt_d * ds.transpose() * Zi;
  }
  // κ = Q W_kᵀ and Q = Z₀ W_q.
  square_grad(kWk).noalias() = dK.transpose() * Q;
  const RowMatrix dQ = dK * square(kWk);
  square_grad(kWq).noalias() = Z0.transpose() * dQ;
  const RowMatrix dZ0 = dQ * square(kWq).transpose();
  for (int i = 0; i < n; ++i) dZ.row(static_cast<Eigen::Index>(i) * (T + 1)) += dZ0.row(i);
  const RowMatrix dTokens =
      LayerNormBackward(ln1, b[kLn1Gamma].value, dZ, g[kLn1Gamma], g[kLn1Beta]);
  for (int i = 0; i < n; ++i) {
    g[kCls] += dTokens.row(static_cast<Eigen::Index>(i) * (T + 1)).transpose();
  }
  for (std::size_t k = 0; k < kBlockCount; ++k) {
    if (!b[k].trained) g[k] = Vector();
  }
  e.gradient = std::move(g);
  return e;
}

std::unique_ptr<Model> TransformerEncoder::Clone() const {
  return std::make_unique<TransformerEncoder>(*this);
}

}  // namespace boa
