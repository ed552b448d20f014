#include "boa/hard_margin_svm.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "boa/error.hpp"

namespace boa {
namespace {

double KktResidual(const Vector& alpha, const Vector& margins) {
  double worst = 0;
  for (Eigen::Index i = 0; i < alpha.size(); ++i) {
    const double gap = 1 - margins(i);
    worst = std::max(worst, alpha(i) > 0 ? std::fabs(gap) : std::max(0.0, gap));
  }
  return worst;
}

void Finish(const RowMatrix& gram, HardMarginSvm& svm) {
  svm.margins = gram * svm.alpha;
  svm.norm_squared = svm.alpha.dot(svm.margins);
  svm.dual_objective = svm.alpha.sum() - svm.norm_squared / 2;
  svm.kkt_residual = KktResidual(svm.alpha, svm.margins);
}

// Solves G_SS α_S = 1 on the current support (minimum-norm solution: rows of the selected
// tokens may repeat, which makes G_SS singular). Returns the candidate, or nothing when it leaves
// the dual-feasible set.
bool PolishOnSupport(const RowMatrix& gram, const Vector& alpha, Vector& polished) {
  std::vector<Eigen::Index> support;
  for (Eigen::Index i = 0; i < alpha.size(); ++i) {
    if (alpha(i) > 0) support.push_back(i);
  }
  if (support.empty()) return false;
  const auto s = static_cast<Eigen::Index>(support.size());
  RowMatrix block(s, s);
  for (Eigen::Index a = 0; a < s; ++a) {
    for (Eigen::Index b = 0; b < s; ++b) block(a, b) = gram(support[a], support[b]);
  }
  const Vector solution = block.completeOrthogonalDecomposition().solve(Vector::Ones(s));
  if (!solution.allFinite() || (solution.array() < 0).any()) return false;
  polished = Vector::Zero(alpha.size());
  for (Eigen::Index a = 0; a < s; ++a) polished(support[a]) = solution(a);
  return true;
}

}  // namespace

HardMarginSvm SolveHardMarginSvm(const RowMatrix& gram, const HardMarginSvmOptions& options) {
  const Eigen::Index k = gram.rows();
  Require(k >= 1 && gram.cols() == k, "the SVM needs a square, non-empty Gram matrix");
  Require(gram.allFinite(), "the SVM Gram matrix must be finite");
  HardMarginSvm svm;
  svm.alpha = Vector::Zero(k);
  if ((gram.diagonal().array() <= 0).any()) {  // a zero row z_i can never reach z_iᵀw ≥ 1
    svm.separable = false;
    Finish(gram, svm);
    return svm;
  }
  const double unbounded = options.unbounded_norm_squared / gram.diagonal().minCoeff();
  Vector margins = Vector::Zero(k);
  constexpr int kPolishEvery = 10;
  for (svm.sweeps = 1; svm.sweeps <= options.max_sweeps; ++svm.sweeps) {
    for (Eigen::Index i = 0; i < k; ++i) {
      const double updated = std::max(0.0, svm.alpha(i) + (1 - margins(i)) / gram(i, i));
      const double step = updated - svm.alpha(i);
      if (step == 0) continue;
      svm.alpha(i) = updated;
      margins += step * gram.col(i);
    }
    if (svm.alpha.sum() > unbounded) {
      svm.separable = false;
      break;
    }
    if (KktResidual(svm.alpha, margins) <= options.kkt_tolerance) break;
    Vector polished;
    if (svm.sweeps % kPolishEvery == 0 && PolishOnSupport(gram, svm.alpha, polished) &&
        KktResidual(polished, gram * polished) <= options.kkt_tolerance) {
      svm.alpha = polished;
      break;
    }
    // Margins are updated incrementally; refresh them now and then against rounding drift.
    if (svm.sweeps % kPolishEvery == 0) margins = gram * svm.alpha;
  }
  svm.sweeps = std::min(svm.sweeps, options.max_sweeps);
  Finish(gram, svm);
  svm.converged = svm.separable && svm.kkt_residual <= options.kkt_tolerance;
  return svm;
}

Vector SvmPrimal(const RowMatrix& Z, const HardMarginSvm& svm) {
  Require(Z.rows() == svm.alpha.size(), "the SVM rows do not match its dual variables");
  return Z.transpose() * svm.alpha;
}

}  // namespace boa
