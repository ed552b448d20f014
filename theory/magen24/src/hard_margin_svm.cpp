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

// Lawson and Hanson's active-set method (Solving Least Squares Problems, 1974, ch. 23) on the
// dual min ½αᵀGα − 1ᵀα, α ≥ 0: grow the passive set P by the most violated constraint, solve
// G_PP α_P = 1 exactly, and step back to the feasible set when a passive α would turn negative.
// It terminates in finitely many steps and, unlike coordinate ascent, does not slow down when
// rows nearly repeat (ill-conditioned G). Returns false when it does not finish in `max_steps`.
bool ActiveSetSolve(const RowMatrix& gram, double tolerance, int max_steps, Vector& alpha) {
  const Eigen::Index k = gram.rows();
  alpha = Vector::Zero(k);
  std::vector<bool> passive(static_cast<std::size_t>(k), false);
  const auto solve_on_passive = [&](Vector& out) {
    std::vector<Eigen::Index> set;
    for (Eigen::Index i = 0; i < k; ++i) {
      if (passive[static_cast<std::size_t>(i)]) set.push_back(i);
    }
    const auto m = static_cast<Eigen::Index>(set.size());
    if (m == 0) return false;
    RowMatrix block(m, m);
    for (Eigen::Index a = 0; a < m; ++a) {
      for (Eigen::Index b = 0; b < m; ++b) block(a, b) = gram(set[a], set[b]);
    }
    const Eigen::CompleteOrthogonalDecomposition<RowMatrix> cod(block);
    Vector z = cod.solve(Vector::Ones(m));
    // Two steps of iterative refinement: on a nearly singular block the first solve's residual
    // can sit above the KKT tolerance.
    for (int refine = 0; refine < 2; ++refine) z += cod.solve(Vector(Vector::Ones(m) - block * z));
    out = Vector::Zero(k);
    for (Eigen::Index a = 0; a < m; ++a) out(set[a]) = z(a);
    return out.allFinite();
  };
  // An entering variable whose solve comes back ≤ 0 (rounding on a nearly singular block) is
  // blocked until α next changes, and the next most violated constraint is tried instead.
  std::vector<bool> blocked(static_cast<std::size_t>(k), false);
  for (int step = 0; step < max_steps; ++step) {
    const Vector w = Vector::Ones(k) - gram * alpha;  // −∇ of the dual objective
    Eigen::Index best = -1;
    bool violated = false;
    for (Eigen::Index i = 0; i < k; ++i) {
      const auto u = static_cast<std::size_t>(i);
      if (passive[u] || w(i) <= tolerance) continue;
      violated = true;
      if (!blocked[u] && (best < 0 || w(i) > w(best))) best = i;
    }
    if (!violated) return true;
    if (best < 0) return false;  // every violated constraint is blocked
    passive[static_cast<std::size_t>(best)] = true;
    for (Eigen::Index inner = 0; inner <= k; ++inner) {
      Vector z;
      if (!solve_on_passive(z)) return false;
      if (inner == 0 && z(best) <= 0) {
        passive[static_cast<std::size_t>(best)] = false;
        blocked[static_cast<std::size_t>(best)] = true;
        break;
      }
      std::fill(blocked.begin(), blocked.end(), false);
      bool positive = true;
      double theta = 1;
      for (Eigen::Index i = 0; i < k; ++i) {
        if (passive[static_cast<std::size_t>(i)] && z(i) <= 0) {
          if (alpha(i) <= 0) return false;  // no step possible (degenerate block)
          positive = false;
          theta = std::min(theta, alpha(i) / (alpha(i) - z(i)));
        }
      }
      if (positive) {
        alpha = z;
        break;
      }
      alpha += theta * (z - alpha);
      for (Eigen::Index i = 0; i < k; ++i) {
        if (passive[static_cast<std::size_t>(i)] && alpha(i) <= 0) {
          passive[static_cast<std::size_t>(i)] = false;
          alpha(i) = 0;
        }
      }
    }
  }
  return false;
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
  // Coordinate ascent stalls on nearly repeated rows; the active-set method finishes them.
  Vector exact;
  if (svm.separable && KktResidual(svm.alpha, gram * svm.alpha) > options.kkt_tolerance &&
      ActiveSetSolve(gram, options.kkt_tolerance, 10 * static_cast<int>(k), exact) &&
      KktResidual(exact, gram * exact) <= options.kkt_tolerance) {
    svm.alpha = exact;
  }
  Finish(gram, svm);
  svm.converged = svm.separable && svm.kkt_residual <= options.kkt_tolerance;
  return svm;
}

Vector SvmPrimal(const RowMatrix& Z, const HardMarginSvm& svm) {
  Require(Z.rows() == svm.alpha.size(), "the SVM rows do not match its dual variables");
  return Z.transpose() * svm.alpha;
}

}  // namespace boa
