#include "boa/factored_query_weights.hpp"

#include <cmath>
#include <vector>

#include "boa/row_dot_products.hpp"
#include "boa/scaled_row_sums.hpp"

namespace boa {
namespace {

// X W₀ᵀ with the padding tokens' rows (zero, as every padded token is) left at zero instead of
// computed: each C[i][j] is summed in its own fixed order (row_dot_products.hpp), and a zero row's
// products sum to +0, so the result is the same bits at a fifth less work for variable-length
// data (T_i ∈ 6 … 10 padded to 10).
RowMatrix LiveRowDotProducts(const Dataset& data, const RowMatrixRef& W0) {
  if (data.lengths.empty()) return RowDotProducts(data.X, W0);
  std::vector<Eigen::Index> live;
  for (int i = 0; i < data.n; ++i) {
    for (int t = 0; t < data.Length(i); ++t) {
      live.push_back(static_cast<Eigen::Index>(i) * data.T + t);
    }
  }
  const RowMatrix live_rows = data.X(live, Eigen::all);
  const RowMatrix products = RowDotProducts(live_rows, W0);
  RowMatrix Y0 = RowMatrix::Zero(data.X.rows(), W0.rows());
  for (std::size_t r = 0; r < live.size(); ++r) {
    Y0.row(live[r]) = products.row(static_cast<Eigen::Index>(r));
  }
  return Y0;
}

}  // namespace

FactoredQueryWeights::FactoredQueryWeights(const Dataset& data, const Vector& W0, const Vector& p0,
                                           const Vector& head) {
  const Eigen::Index m = data.X.rows();
  auto fixed = std::make_shared<Fixed>();
  fixed->X = data.X;
  fixed->y = data.y;
  fixed->T = data.T;
  fixed->lengths = data.lengths;
  // The O(m d²) start of every [S] W-and-p run, on the CPU's SIMD target (row_dot_products.hpp).
  fixed->Y0 = LiveRowDotProducts(data, AsMatrix(W0, data.d));
  // Symmetric bit for bit, so that the per-step products may read G v as Gᵀv (SumOfScaledRows).
  fixed->G = RowGram(data.X);
  fixed->H = RowGram(fixed->Y0);
  fixed->p0 = p0;
  fixed->y0.noalias() = fixed->Y0 * p0;
  fixed->values.noalias() = data.X * head;
  fixed->p0_norm2 = p0.squaredNorm();
  fixed_ = std::move(fixed);
  a_.setZero(m);
  rho_.setZero(m);
  Rt_.setZero(m, m);
}

bool FactoredQueryWeights::Matches(const Dataset& data) const {
  return data.T == fixed_->T && data.lengths == fixed_->lengths &&
         data.X.rows() == fixed_->X.rows() && data.X.cols() == fixed_->X.cols() &&
         data.y == fixed_->y && data.X == fixed_->X;
}

// G and H are symmetric, so G v = Gᵀv = SumOfScaledRows(G, v): every per-step product runs on the
// CPU's SIMD target (scaled_row_sums.hpp).
Vector FactoredQueryWeights::Z() const {
  return alpha_ * fixed_->y0 + SumOfScaledRows(fixed_->H, rho_);
}

Vector FactoredQueryWeights::AtP(const Vector& z) const {
  const double p0_dot_p = alpha_ * fixed_->p0_norm2 + fixed_->y0.dot(rho_);
  const RowMatrix Rt_z = RowDotProducts(Rt_, Eigen::Map<const RowMatrix>(z.data(), 1, z.size()));
  return a_ * p0_dot_p + Rt_z.col(0);
}

const KernelOutput& FactoredQueryWeights::Evaluate() {
  const Vector z = Z();
  const Vector scores = c_ * z + SumOfScaledRows(fixed_->G, AtP(z));
  AttentionFromScores(scores, fixed_->values, fixed_->T, fixed_->y, last_, fixed_->lengths);
  return last_;
}

bool FactoredQueryWeights::Step(double beta_p, double beta_W, double weight_decay) {
  const Vector r = Eigen::Map<const Vector>(last_.dloss_dscore.data(), last_.dloss_dscore.size());
  if (!r.allFinite()) return false;
  const Vector Gr = SumOfScaledRows(fixed_->G, r);
  const double shrink_p = 1 - beta_p * weight_decay, shrink_W = 1 - beta_W * weight_decay;
  const double alpha = alpha_;
  const Vector rho = rho_;
  alpha_ = shrink_p * alpha - beta_p * a_.dot(Gr);
  // R G r = Σ_j (Gr)_j Rᵀ_j, and R ← shrink R − β ρ rᵀ is Rᵀ_j ← shrink Rᵀ_j − β r_j ρ: one pass.
  const Vector RGr = SumOfScaledRowsThenUpdate(Rt_, Gr, shrink_W, -beta_W * r, rho);
  rho_ = shrink_p * rho - beta_p * (c_ * r + RGr);
  c_ *= shrink_W;
  a_ = shrink_W * a_ - beta_W * alpha * r;
  return true;
}

Vector FactoredQueryWeights::P() const {
  return alpha_ * fixed_->p0 + fixed_->Y0.transpose() * rho_;
}

void FactoredQueryWeights::WriteW(Vector& W) const {
  auto dense = AsMatrix(W, static_cast<int>(fixed_->X.cols()));
  dense *= c_;
  // A X = p₀ (aᵀX) + Y₀ᵀ (R X)
  dense.noalias() += fixed_->p0 * (a_.transpose() * fixed_->X);
  dense.noalias() += fixed_->Y0.transpose() * (Rt_.transpose() * fixed_->X);
}

Vector FactoredQueryWeights::ApplyW(const Vector& W0, const Vector& v) const {
  const Vector Xv = fixed_->X * v;
  const int d = static_cast<int>(fixed_->X.cols());
  return c_ * (AsMatrix(W0, d) * v) + fixed_->p0 * a_.dot(Xv) +
         fixed_->Y0.transpose() * (Rt_.transpose() * Xv);
}

Vector FactoredQueryWeights::ApplyWTransposed(const Vector& W0, const Vector& v) const {
  // Aᵀv = a (p₀ᵀv) + Rᵀ Y₀ v
  const int d = static_cast<int>(fixed_->X.cols());
  const Vector At_v = a_ * fixed_->p0.dot(v) + Rt_ * (fixed_->Y0 * v);
  return c_ * (AsMatrix(W0, d).transpose() * v) + fixed_->X.transpose() * At_v;
}

}  // namespace boa
