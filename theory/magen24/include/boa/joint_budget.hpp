#pragma once
// The joint problem of [M] Theorem 8 at a finite norm budget, and the margin's rate along the
// p-SVM's ray (THEORY.md magen24.maxmargin.joint_budget, magen24.maxmargin.margin_rate):
//
//   M(B) = max over ‖v‖² + ‖p‖² ≤ B² of minᵢ yᵢ f(Xᵢ; v, p)      (T = 2)
//
// the margin that weight decay λ(‖v‖² + ‖p‖²)/2 maximises as λ → 0 (Rosset et al.'s
// regularisation-path argument). For a fixed p, f is linear in v, so the best v of norm ρ has
// margin ρ·m(p) with m(p) = 1/‖v_SVM(Z(p))‖, the hard-margin SVM on the attended tokens
// zᵢ(p) = Σ_t s_it(p) x_it. Two certified bounds bracket M(B):
//   upper  yᵢvᵀzᵢ ≤ max_t yᵢvᵀx_it for any attention, so M(B) ≤ B·γ* with γ* = max over all
//          selections of 1/‖v_SVM(α)‖ — the enumeration's minimum (joint_max_margin.hpp), valid
//          when no selection that beats it was p-infeasible;
//   lower  the feasible point p = R·p̂ on the ray of a selection's p-SVM (p̂ = p_SVM/‖p_SVM‖)
//          with v of norm √(B² − R²) along the SVM of Z(R·p̂): L_α(B) = max_R √(B² − R²)·m(R·p̂).
// Along the ray every gap p̂ᵀ(x_{i,αᵢ} − x_{i,¬αᵢ}) is ≥ 1/‖p_SVM‖, so the attention on α is
// ≥ σ(R/‖p_SVM‖) and m(R·p̂) → 1/‖v_SVM(α)‖ with a deficit that decays like e^{−κR/‖p_SVM‖},
// κ = ‖p_SVM‖·min over the v-SVM's support vectors of their gap (THEORY.md derives it).
#include <utility>
#include <vector>

#include "boa/joint_max_margin.hpp"
#include "boa/max_margin_selection.hpp"
#include "boa/sample_labels.hpp"

namespace boa {

// The ray SVM's KKT tolerance: at R·gap = t the attended tokens of samples that share a selected
// token (clean samples on μ_c) differ by O(e^{−t}), so the SVM's Gram block has condition number
// O(e^{2t}); the solver's active-set finish with iterative refinement usually gets far below
// 1e-10 even there, but 1e-7 is what the ray claims need (it resolves a margin deficit of e^{−10}
// to 0.2%) and leaves room for the worst blocks.
inline constexpr double kRayKktTolerance = 1e-7;

// A ray p = R·p̂ of attention weights, p̂ = Σ_it p_coef(i, t) x_it / p_norm (n×T coefficients):
// a selection's p-SVM direction (RayOf) or a set selection's (multi_token_selection.hpp).
struct Ray {
  RowMatrix p_coef;
  double p_norm = 1;
};
Ray RayOf(const SelectionSvms& s);

// m(R·p̂): the hard-margin SVM margin on the attended tokens (softmax over all T tokens of each
// sample); 0 when they are not separable. token_gram: [⟨x_it, x_js⟩], rows i·T + t.
double RayMargin(const SampleLabels& labels, const RowMatrix& token_gram, const Ray& ray, double R);

// κ: ‖p_SVM‖ times the smallest ray gap over the v-SVM's support vectors (≥ 1 up to rounding).
double RayRateExponent(const RowMatrix& token_gram, const SelectionSvms& s);

struct BudgetBound {
  double lower = 0;  // L_α(B), a margin some (v, p) with ‖v‖² + ‖p‖² ≤ B² attains
  double R = 0;      // the ‖p‖ that attains it
};
// L_α(B): a 64-point log grid over R ∈ [10⁻³B, B) refined by golden section around its best point.
BudgetBound RayBudgetBound(const SampleLabels& labels, const RowMatrix& token_gram, const Ray& ray,
                           double budget);

// The margin-1 point of a ray ([M] Theorem 8's problem, min ‖v‖² + ‖p‖² s.t. yᵢf ≥ 1, restricted
// to p on the ray): the smallest budget √(R² + 1/m(R)²) at which the ray reaches margin 1, with v
// the ray SVM's at that R (margin exactly 1). R is searched over kMarginOneRange × ‖p_SVM‖ (at
// R = t‖p_SVM‖ the margin deficit is ≈ e^{−t}, and past t = 100 R² alone exceeds any budget
// the search has seen). budget is ∞ when the ray never separates.
inline constexpr std::pair<double, double> kMarginOneRange = {1e-2, 1e2};
struct MarginOnePoint {
  double budget = INFINITY;  // √(‖v‖² + ‖p‖²)
  double R = 0;              // ‖p‖
  RowMatrix v_coef, p_coef;  // n×T coefficients over the training tokens
  double final_step = 0;     // RefineMarginOnePoint: the last compass step (0 on a ray)
};
MarginOnePoint RayMarginOnePoint(const SampleLabels& labels, const RowMatrix& token_gram,
                                 const Ray& ray);

// A local minimum of the same problem off the ray: compass search on p's n×T coefficients
// (each step scaled by its token's norm), from `start`, accepting the first step that lowers
// ‖p‖² + 1/m(p)² and halving the step when none of the 2nT does, from kRefineFirstStep·‖p‖ down
// to kRefineLastStep·‖p‖. Its certificate is the compass search's: no coordinate step of the
// last size lowers the budget (a stationary point up to O(step) for a smooth budget).
inline constexpr double kRefineFirstStep = 0.1;
inline constexpr double kRefineLastStep = 1e-4;
MarginOnePoint RefineMarginOnePoint(const SampleLabels& labels, const RowMatrix& token_gram,
                                    const MarginOnePoint& start);

// The largest L(B) over several rays: which one (index, −1 when none is positive) and its value.
struct BestBound {
  int index = -1;
  double lower = 0;
};
BestBound BestRayBound(const SampleLabels& labels, const RowMatrix& token_gram,
                       const std::vector<Ray>& rays, double budget);

}  // namespace boa
