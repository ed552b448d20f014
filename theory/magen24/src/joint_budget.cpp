#include "boa/joint_budget.hpp"

#include <algorithm>
#include <cmath>

#include "boa/error.hpp"
#include "boa/hard_margin_svm.hpp"

namespace boa {
namespace {

// ⟨x_it, p̂⟩ for every token of the ray of `s` (n×2), p̂ = p_SVM/‖p_SVM‖.
RowMatrix RayScores(const RowMatrix& token_gram, const SelectionSvms& s) {
  return ProjectOnto(token_gram, s.p_coef) / std::sqrt(s.p_svm.norm_squared);
}

// The gap of sample i on the ray: p̂ᵀ(x_{i,αᵢ} − x_{i,¬αᵢ}).
double Gap(const RowMatrix& scores, const SelectionSvms& s, int i) {
  return scores(i, s.choice[i]) - scores(i, 1 - s.choice[i]);
}

}  // namespace

Ray RayOf(const SelectionSvms& s) {
  Require(s.feasible(), "a ray needs a feasible selection");
  return {s.p_coef, std::sqrt(s.p_svm.norm_squared)};
}

double RayMargin(const SampleLabels& labels, const RowMatrix& token_gram, const Ray& ray,
                 double R) {
  const int n = labels.n, T = labels.T;
  Require(R >= 0 && ray.p_norm > 0 && ray.p_coef.rows() == n && ray.p_coef.cols() == T &&
              token_gram.rows() == n * T,
          "a ray needs R ≥ 0 and n×T coefficients on the training tokens");
  const RowMatrix scores = (R / ray.p_norm) * ProjectOnto(token_gram, ray.p_coef);
  RowMatrix weight(n, T);  // y_i s_it: the attended token's coefficients, label-signed
  for (int i = 0; i < n; ++i) {
    const Eigen::ArrayXd a = scores.row(i).transpose().array();
    const Eigen::ArrayXd e = (a - a.maxCoeff()).exp();  // stable softmax
    weight.row(i) = labels.y(i) * (e / e.sum()).matrix().transpose();
  }
  RowMatrix gram(n, n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      gram(i, j) = weight.row(i) * token_gram.block(T * i, T * j, T, T) * weight.row(j).transpose();
    }
  }
  HardMarginSvmOptions options;
  options.kkt_tolerance = kRayKktTolerance;
  options.max_sweeps = 200;  // near the hard limit the active-set finish does the work
  const HardMarginSvm svm = SolveHardMarginSvm(gram, options);
  return svm.converged ? 1 / std::sqrt(svm.norm_squared) : 0.0;
}

double RayRateExponent(const RowMatrix& token_gram, const SelectionSvms& s) {
  const RowMatrix scores = RayScores(token_gram, s);
  const double support = 1e-9 * s.v_svm.alpha.maxCoeff();
  double gap = INFINITY;
  for (int i = 0; i < s.v_svm.alpha.size(); ++i) {
    if (s.v_svm.alpha(i) > support) gap = std::min(gap, Gap(scores, s, i));
  }
  return gap * std::sqrt(s.p_svm.norm_squared);
}

BudgetBound RayBudgetBound(const SampleLabels& labels, const RowMatrix& token_gram, const Ray& ray,
                           double budget) {
  Require(budget > 0, "the norm budget must be positive");
  const auto value = [&](double R) {
    return std::sqrt(budget * budget - R * R) * RayMargin(labels, token_gram, ray, R);
  };
  constexpr int kGrid = 64;
  const double lo = std::log(1e-3 * budget), hi = std::log(budget * (1 - 1e-9));
  BudgetBound best;
  int best_k = 0;
  for (int k = 0; k < kGrid; ++k) {
    const double R = std::exp(lo + (hi - lo) * k / (kGrid - 1));
    const double v = value(R);
    if (v > best.lower) best = {v, R}, best_k = k;
  }
  // Golden section on log R between the best grid point's neighbours.
  double a = lo + (hi - lo) * std::max(0, best_k - 1) / (kGrid - 1);
  double b = lo + (hi - lo) * std::min(kGrid - 1, best_k + 1) / (kGrid - 1);
  const double g = (std::sqrt(5.0) - 1) / 2;
  for (int it = 0; it < 40; ++it) {
    const double c = b - g * (b - a), d = a + g * (b - a);
    if (value(std::exp(c)) > value(std::exp(d)))
      b = d;
    else
      a = c;
  }
  const double R = std::exp((a + b) / 2), v = value(R);
  if (v > best.lower) best = {v, R};
  return best;
}

BestBound BestRayBound(const SampleLabels& labels, const RowMatrix& token_gram,
                       const std::vector<Ray>& rays, double budget) {
  BestBound best;
  for (std::size_t r = 0; r < rays.size(); ++r) {
    const double lower = RayBudgetBound(labels, token_gram, rays[r], budget).lower;
    if (lower > best.lower) best = {static_cast<int>(r), lower};
  }
  return best;
}

}  // namespace boa
