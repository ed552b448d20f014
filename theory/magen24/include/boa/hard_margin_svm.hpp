#pragma once
// Hard-margin SVM without bias, solved in the dual (THEORY.md magen24.maxmargin.selection).
//
//   primal:  min ½‖w‖²  s.t.  z_iᵀw ≥ 1, i = 1..k
//   dual:    max 1ᵀα − ½ αᵀGα  s.t.  α ≥ 0,   G = Z Zᵀ (k×k Gram matrix of the rows z_i)
//   w = Σ α_i z_i,  margins m = Gα,  and at the optimum ‖w‖² = αᵀGα = 1ᵀα (primal = dual).
//
// The dual is a small convex QP over k variables. Projected coordinate ascent
// α_i ← max(0, α_i + (1 − m_i)/G_ii) finds the support; an active-set polish then solves
// G_SS α_S = 1 exactly on the support S and keeps the result when it satisfies every KKT
// condition. The KKT residual is the largest projected-gradient entry:
//   r_i = |1 − m_i| if α_i > 0,  max(0, 1 − m_i) if α_i = 0        (0 exactly at the optimum).
// When coordinate ascent stalls (nearly repeated rows make G ill-conditioned: attended tokens
// that almost coincide), Lawson and Hanson's active-set method solves the dual exactly in finitely
// many steps (each passive solve with two steps of iterative refinement), and its result is kept
// under the same KKT test.
// A non-separable problem has an unbounded dual (α grows without limit): it never reaches the
// KKT tolerance, so converged = false, and once 1ᵀα — a lower bound on ‖w*‖² — exceeds
// `unbounded_norm_squared` it is also reported as separable = false. A zero row (e.g. a signal
// token at SNR = 0) is infeasible outright: separable = false at once. No NaN escapes.
#include "boa/linalg.hpp"

namespace boa {

struct HardMarginSvmOptions {
  double kkt_tolerance = 1e-10;  // relative to 1, the margin the constraints ask for
  int max_sweeps = 20000;
  double unbounded_norm_squared = 1e12;  // relative to 1/min_i G_ii, the one-constraint norm²
};

struct HardMarginSvm {
  Vector alpha;               // dual variables, ≥ 0
  Vector margins;             // m = Gα (≥ 1 − kkt_residual)
  double norm_squared = 0;    // ‖w‖² = αᵀGα
  double dual_objective = 0;  // 1ᵀα − ½αᵀGα (= ½‖w‖² at the optimum)
  double kkt_residual = 0;    // max_i r_i as above
  bool converged = false;     // kkt_residual ≤ kkt_tolerance
  bool separable = true;      // false: ‖w*‖² is provably above the unbounded bound
  int sweeps = 0;
};

// Solves the dual from the Gram matrix (symmetric positive semidefinite, k×k).
HardMarginSvm SolveHardMarginSvm(const RowMatrix& gram, const HardMarginSvmOptions& options = {});

// w = Zᵀα for rows z_i of Z (k×dim).
Vector SvmPrimal(const RowMatrix& Z, const HardMarginSvm& svm);

}  // namespace boa
