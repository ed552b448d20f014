#include "boa/gram_instance.hpp"

#include "boa/error.hpp"
#include "boa/row_dot_products.hpp"
#include "boa/scaled_row_sums.hpp"

namespace boa {

RowMatrix GramInstance::Project(const SpanVector& v) const {
  const Vector h_gamma = SumOfScaledRows(H, v.gamma);  // H γ: H is symmetric bit for bit
  RowMatrix out(n, T);
  for (int i = 0; i < n; ++i) {
    for (int t = 0; t < T; ++t) {
      const int row = i * T + t;
      out(i, t) = token_a.row(row).dot(v.a) + (token_k[row] >= 0 ? h_gamma(token_k[row]) : 0.0);
    }
  }
  return out;
}

SpanVector GramInstance::Combine(const RowMatrix& c) const {
  SpanVector out = Zero();
  for (int i = 0; i < n; ++i) {
    for (int t = 0; t < T; ++t) {
      const int row = i * T + t;
      out.a += c(i, t) * token_a.row(row).transpose();
      if (token_k[row] >= 0) out.gamma(token_k[row]) += c(i, t);
    }
  }
  return out;
}

double GramInstance::Inner(const SpanVector& u, const SpanVector& v) const {
  return u.a.dot(v.a) + u.gamma.dot(SumOfScaledRows(H, v.gamma));
}

GramFromData GramFromDataset(const Dataset& data, double sigma,
                             const std::vector<Vector>& initial) {
  GramFromData out;
  GramInstance& g = out.gram;
  g.n = data.n;
  g.T = data.T;
  g.d = data.d;
  g.sigma = sigma;
  // D2 tokens carry noise on every coordinate; D1's noise tokens have exact zeros on e₁, e₂.
  g.noise_in_signal_plane = false;
  for (int r = 0; r < data.n * data.T; ++r) {
    const bool has_signal_role =
        data.roles[r] == TokenRole::kSignal || data.roles[r] == TokenRole::kNoise;
    if (!has_signal_role) g.noise_in_signal_plane = true;
  }
  g.y = data.y;
  g.y_true = data.y_true;
  g.noisy = data.noisy;
  g.roles = data.roles;
  g.mu_plus_a = data.mu_plus.head<2>();
  g.mu_minus_a = data.mu_minus.head<2>();
  Require(data.mu_plus.tail(data.d - 2).isZero(0) && data.mu_minus.tail(data.d - 2).isZero(0),
          "the Gram form needs signals on the first two coordinates");
  // ζ components: tokens with anything outside span{e₁, e₂}, then the initial vectors.
  std::vector<Vector> zeta;
  const int rows = data.n * data.T;
  g.token_a.resize(rows, 2);
  g.token_k.assign(rows, -1);
  for (int r = 0; r < rows; ++r) {
    g.token_a.row(r) = data.X.row(r).head<2>();
    const Vector rest = data.X.row(r).tail(data.d - 2).transpose();
    if (!rest.isZero(0)) {
      g.token_k[r] = static_cast<int>(zeta.size());
      zeta.push_back(rest);
    }
  }
  std::vector<int> initial_k;
  for (const Vector& v : initial) {
    Require(v.size() == data.d, "initial vectors must have dimension d");
    initial_k.push_back(static_cast<int>(zeta.size()));
    zeta.push_back(v.tail(data.d - 2));
  }
  const int K = static_cast<int>(zeta.size());
  out.basis = RowMatrix::Zero(K, data.d);
  for (int k = 0; k < K; ++k) out.basis.row(k).tail(data.d - 2) = zeta[k].transpose();
  g.H = RowGram(out.basis);
  for (std::size_t j = 0; j < initial.size(); ++j) {
    SpanVector v = g.Zero();
    v.a = initial[j].head<2>();
    v.gamma(initial_k[j]) = 1;
    g.initial.push_back(v);
  }
  return out;
}

Vector ToAmbient(const SpanVector& v, const RowMatrix& basis) {
  Vector x = basis.transpose() * v.gamma;
  x.head<2>() += v.a;
  return x;
}

}  // namespace boa
