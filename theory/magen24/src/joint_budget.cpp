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

namespace {

// The hard-margin SVM on the attended tokens at p = R·p̂, and their label-signed weights y_i s_it.
struct RaySvm {
  HardMarginSvm svm;
  RowMatrix weight;  // n×T
};

RaySvm SolveRaySvm(const SampleLabels& labels, const RowMatrix& token_gram, const Ray& ray,
                   double R) {
  const int n = labels.n, T = labels.T;
  Require(R >= 0 && ray.p_norm > 0 && ray.p_coef.rows() == n && ray.p_coef.cols() == T &&
              token_gram.rows() == n * T,
          "a ray needs R ≥ 0 and n×T coefficients on the training tokens");
  const RowMatrix scores = (R / ray.p_norm) * ProjectOnto(token_gram, ray.p_coef);
  RaySvm out{{}, RowMatrix(n, T)};
  RowMatrix& weight = out.weight;
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
  out.svm = SolveHardMarginSvm(gram, options);
  return out;
}

// The largest value of f over R ∈ [lo, hi] (0 < lo < hi): a 64-point log grid refined by golden
// section on log R between the best grid point's neighbours.
template <typename F>
BudgetBound MaximiseOverLogR(double lo_R, double hi_R, const F& f) {
  constexpr int kGrid = 64;
  const double lo = std::log(lo_R), hi = std::log(hi_R);
  BudgetBound best{-INFINITY, 0};
  int best_k = 0;
  for (int k = 0; k < kGrid; ++k) {
    const double R = std::exp(lo + (hi - lo) * k / (kGrid - 1));
    const double v = f(R);
    if (v > best.lower) best = {v, R}, best_k = k;
  }
  double a = lo + (hi - lo) * std::max(0, best_k - 1) / (kGrid - 1);
  double b = lo + (hi - lo) * std::min(kGrid - 1, best_k + 1) / (kGrid - 1);
  const double g = (std::sqrt(5.0) - 1) / 2;
  for (int it = 0; it < 40; ++it) {
    const double c = b - g * (b - a), d = a + g * (b - a);
    if (f(std::exp(c)) > f(std::exp(d)))
      b = d;
    else
      a = c;
  }
  const double R = std::exp((a + b) / 2), v = f(R);
  if (v > best.lower) best = {v, R};
  return best;
}

}  // namespace

double RayMargin(const SampleLabels& labels, const RowMatrix& token_gram, const Ray& ray,
                 double R) {
  const HardMarginSvm svm = SolveRaySvm(labels, token_gram, ray, R).svm;
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
  const BudgetBound best = MaximiseOverLogR(1e-3 * budget, budget * (1 - 1e-9), [&](double R) {
    return std::sqrt(budget * budget - R * R) * RayMargin(labels, token_gram, ray, R);
  });
  return best.lower > 0 ? best : BudgetBound{};
}

MarginOnePoint RayMarginOnePoint(const SampleLabels& labels, const RowMatrix& token_gram,
                                 const Ray& ray) {
  // −√(R² + ‖v_SVM(Z(R·p̂))‖²): v of norm 1/m(R) attains margin 1 at p = R·p̂.
  const BudgetBound best = MaximiseOverLogR(
      kMarginOneRange.first * ray.p_norm, kMarginOneRange.second * ray.p_norm, [&](double R) {
        const double m = RayMargin(labels, token_gram, ray, R);
        return m > 0 ? -std::sqrt(R * R + 1 / (m * m)) : -INFINITY;
      });
  MarginOnePoint point;
  if (!std::isfinite(best.lower)) return point;
  const RaySvm at = SolveRaySvm(labels, token_gram, ray, best.R);
  point.budget = -best.lower;
  point.R = best.R;
  point.p_coef = (best.R / ray.p_norm) * ray.p_coef;
  point.v_coef = at.svm.alpha.asDiagonal() * at.weight;  // v = Σ α_i y_i z_i
  return point;
}

MarginOnePoint RefineMarginOnePoint(const SampleLabels& labels, const RowMatrix& token_gram,
                                    const MarginOnePoint& start) {
  Require(std::isfinite(start.budget) && start.p_coef.size() > 0,
          "refinement needs a margin-1 point to start from");
  const Eigen::Index n = start.p_coef.rows(), T = start.p_coef.cols();
  // The squared budget ‖p‖² + 1/m(p)² at p = Σ c_it x_it.
  const auto squared_budget = [&](const RowMatrix& c) {
    const Eigen::Map<const Vector> flat(c.data(), c.size());
    const double p2 = flat.dot(token_gram * flat);
    const HardMarginSvm svm = SolveRaySvm(labels, token_gram, {c, 1}, 1).svm;
    return svm.converged ? p2 + svm.norm_squared : INFINITY;
  };
  RowMatrix c = start.p_coef;
  double value = squared_budget(c);
  // Each coordinate's step in units of its token's norm, so a step moves ‖p‖ alike everywhere.
  RowMatrix unit(n, T);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index t = 0; t < T; ++t)
      unit(i, t) = 1 / std::sqrt(token_gram(i * T + t, i * T + t));
  }
  double h = kRefineFirstStep * start.R;
  const double h_min = kRefineLastStep * start.R;
  while (h >= h_min) {
    bool improved = false;
    for (Eigen::Index j = 0; j < c.size(); ++j) {
      for (const double sign : {1.0, -1.0}) {
        RowMatrix trial = c;
        trial.data()[j] += sign * h * unit.data()[j];
        const double v = squared_budget(trial);
        if (v < value) {
          c = std::move(trial), value = v, improved = true;
          break;
        }
      }
    }
    if (!improved) h /= 2;
  }
  MarginOnePoint point;
  const RaySvm at = SolveRaySvm(labels, token_gram, {c, 1}, 1);
  const Eigen::Map<const Vector> flat(c.data(), c.size());
  point.R = std::sqrt(flat.dot(token_gram * flat));
  point.budget = std::sqrt(value);
  point.p_coef = c;
  point.v_coef = at.svm.alpha.asDiagonal() * at.weight;
  point.final_step = h;
  return point;
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
