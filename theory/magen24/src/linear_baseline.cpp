#include "boa/linear_baseline.hpp"

#include <Eigen/Cholesky>

namespace boa {

SpanVector MinNormLinearInterpolator(const GramInstance& gram) {
  const int n = gram.n, T = gram.T;
  RowMatrix G(n, n);  // ⟨z_i, z_j⟩
  for (int j = 0; j < n; ++j) {
    RowMatrix c = RowMatrix::Zero(n, T);
    c.row(j).setConstant(1.0 / T);
    G.col(j) = gram.Project(gram.Combine(c)).rowwise().mean();
  }
  const Vector coefficients = G.ldlt().solve(gram.y);
  RowMatrix c(n, T);
  for (int i = 0; i < n; ++i) c.row(i).setConstant(coefficients(i) / T);
  return gram.Combine(c);
}

double SignalShare(const TestProjections& projections, double mu_norm, double sigma) {
  const TestProjections& p = projections;
  const double signal = (p.u_plus * p.u_plus + p.u_minus * p.u_minus) / (mu_norm * mu_norm);
  return signal / (signal + p.noise_cov(1, 1) / (sigma * sigma));
}

}  // namespace boa
