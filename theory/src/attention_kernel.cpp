#include "boa/attention_kernel.hpp"

#include <cassert>
#include <span>
#include <vector>

#include "boa/numerics.hpp"

namespace boa {
namespace {

// QueryOf(i) returns the query vector of sample i (shared or per sample).
template <typename QueryOf>
void Kernel(const RowMatrix& X, int T, const Vector& y, QueryOf query_of, const Vector& u,
            bool with_gradient, KernelOutput& out) {
  const Eigen::Index n = y.size(), d = X.cols();
  assert(X.rows() == n * T && u.size() == d);
  out.loss = 0;
  out.f.resize(n);
  out.attention.resize(n, T);
  out.dloss_dscore.setZero(n, T);
  if (with_gradient) {
    out.grad_q.setZero(d);
    out.grad_u.setZero(d);
  } else {
    out.grad_q.resize(0);
    out.grad_u.resize(0);
  }
  std::vector<double> a(T), b(T), s(T);
  const double inv_n = 1.0 / static_cast<double>(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto tokens = X.middleRows(i * T, T);
    const auto q = query_of(i);
    for (int t = 0; t < T; ++t) {
      a[t] = tokens.row(t).dot(q);
      b[t] = tokens.row(t).dot(u);
    }
    StableSoftmax(a, s);
    double f = 0;
    for (int t = 0; t < T; ++t) f += s[t] * b[t];
    const double margin = y(i) * f;
    out.f(i) = f;
    out.loss += inv_n * LogisticLoss(margin);
    for (int t = 0; t < T; ++t) out.attention(i, t) = s[t];
    if (!with_gradient) continue;
    const double scale = -inv_n * LogisticWeight(margin) * y(i);
    for (int t = 0; t < T; ++t) {
      const double du = scale * s[t];
      const double dq = du * (b[t] - f);
      out.dloss_dscore(i, t) = dq;
      out.grad_u.noalias() += du * tokens.row(t).transpose();
      out.grad_q.noalias() += dq * tokens.row(t).transpose();
    }
  }
}

}  // namespace

void FusedAttentionKernel(const RowMatrix& X, int T, const Vector& y, const Vector& q,
                          const Vector& u, bool with_gradient, KernelOutput& out) {
  Kernel(X, T, y, [&q](Eigen::Index) -> const Vector& { return q; }, u, with_gradient, out);
}

void FusedAttentionKernel(const RowMatrix& X, int T, const Vector& y, const RowMatrix& Q,
                          const Vector& u, bool with_gradient, KernelOutput& out) {
  assert(Q.rows() == y.size());
  Kernel(X, T, y, [&Q](Eigen::Index i) { return Q.row(i).transpose(); }, u, with_gradient, out);
}

KernelOutput ReferenceAttentionKernel(const RowMatrix& X, int T, const Vector& y,
                                      const Vector& q, const Vector& u) {
  const Eigen::Index n = y.size();
  KernelOutput out;
  // Scores and values as n×T matrices (row i = sample i).
  const Vector a_flat = X * q;
  const Vector b_flat = X * u;
  const RowMatrix A = Eigen::Map<const RowMatrix>(a_flat.data(), n, T);
  const RowMatrix B = Eigen::Map<const RowMatrix>(b_flat.data(), n, T);
  const Vector row_max = A.rowwise().maxCoeff();
  RowMatrix E = (A.colwise() - row_max).array().exp().matrix();
  const Vector row_sum = E.rowwise().sum();
  out.attention = E.array().colwise() / row_sum.array();
  out.f = out.attention.cwiseProduct(B).rowwise().sum();
  const Vector margin = y.cwiseProduct(out.f);
  out.loss = margin.unaryExpr([](double z) { return LogisticLoss(z); }).mean();
  const Vector weight = margin.unaryExpr([](double z) { return LogisticWeight(z); });
  const Vector scale = -(weight.cwiseProduct(y)) / static_cast<double>(n);
  const RowMatrix dB = out.attention.array().colwise() * scale.array();
  out.dloss_dscore = dB.cwiseProduct(B.colwise() - out.f);
  const Vector dB_flat = Eigen::Map<const Vector>(dB.data(), n * T);
  const Vector dA_flat = Eigen::Map<const Vector>(out.dloss_dscore.data(), n * T);
  out.grad_u = X.transpose() * dB_flat;
  out.grad_q = X.transpose() * dA_flat;
  return out;
}

}  // namespace boa
