#include "boa/stats.hpp"

#include <cmath>

#include <algorithm>
#include <functional>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/non_central_t.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>

#include "boa/error.hpp"

namespace boa {
namespace {

using boost::math::binomial_distribution;
using boost::math::chi_squared;
using boost::math::complement;
using boost::math::non_central_t;
using boost::math::students_t;

void RequireCounts(int failures, int trials, double alpha) {
  Require(trials >= 1 && failures >= 0 && failures <= trials,
          "binomial counts need 0 ≤ failures ≤ trials and trials ≥ 1");
  Require(alpha > 0 && alpha < 1, "alpha must be in (0, 1)");
}

// Standard normal cdf and survival function, accurate in the far tails.
double NormalCdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }
double NormalSf(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

// The exponent test's critical values at ν degrees of freedom: t_ν(1 − α/2) (two-sided) or
// t_ν(1 − α) (below) for "fails", t_ν(1 − β) for "holds".
struct Criticals {
  double fails = 0;
  double holds = 0;
};
Criticals CriticalValues(const ExponentRule& rule, int dof) {
  const students_t t(dof);
  return {quantile(complement(t, rule.below ? rule.alpha : rule.alpha / 2)),
          quantile(complement(t, rule.beta))};
}

// E[g(U); U < upper] for U = s/σ, νU² ~ χ²_ν: adaptive Gauss–Kronrod between the caller's kinks of
// g and quantiles of U from 1e-14 to 1 − 1e-14, so that no stretch carrying mass is skipped.
double IntegrateOverSampleSd(int dof, double upper, std::vector<double> breaks,
                             const std::function<double(double)>& g) {
  const chi_squared chi(dof);
  for (const double p : {1e-14, 1e-9, 1e-5, 1e-2, 0.5}) {
    breaks.push_back(std::sqrt(quantile(chi, p) / dof));
    breaks.push_back(std::sqrt(quantile(complement(chi, p)) / dof));
  }
  breaks.push_back(0);
  breaks.push_back(upper);
  std::erase_if(breaks, [&](double u) { return !(u >= 0 && u <= upper); });
  std::sort(breaks.begin(), breaks.end());
  breaks.erase(std::unique(breaks.begin(), breaks.end()), breaks.end());
  // Density of U, 2(ν/2)^{ν/2} u^{ν−1} e^{−νu²/2} / Γ(ν/2), in closed form: pdf_χ²(νu²)·2νu is
  // 0·∞ at u → 0 for ν = 1 and rounds noisily there.
  const double nu = dof;
  const double log_norm = std::log(2.0) + nu / 2 * std::log(nu / 2) - std::lgamma(nu / 2);
  const auto integrand = [&](double u) {
    return std::exp(log_norm + (nu - 1) * std::log(u) - nu * u * u / 2) * g(u);
  };
  // Per stretch: relative error 1e-12, or 1e-14 absolute where the stretch carries almost nothing
  // (a relative target on a negligible stretch only chases rounding).
  using Rule = boost::math::quadrature::gauss_kronrod<double, 31>;
  double total = 0;
  for (std::size_t k = 0; k + 1 < breaks.size(); ++k) {
    double l1 = 0;
    const double rough = Rule::integrate(integrand, breaks[k], breaks[k + 1], 0, 0, nullptr, &l1);
    const double tolerance = std::max(1e-12, 1e-14 / std::max(l1, 1e-300));
    total += tolerance >= 1 ? rough
                            : Rule::integrate(integrand, breaks[k], breaks[k + 1], 12, tolerance);
  }
  return total;
}

// Probabilities into [0, 1]: the noncentral t's far tails come back as ±1e-18 noise.
ExponentOperatingPoint Clamped(ExponentOperatingPoint op) {
  for (double* p : {&op.holds, &op.fails, &op.inconclusive, &op.not_holds, &op.not_fails}) {
    *p = std::clamp(*p, 0.0, 1.0);
  }
  return op;
}

}  // namespace

double ClopperPearsonLower(int failures, int trials, double alpha) {
  RequireCounts(failures, trials, alpha);
  if (failures == 0) return 0.0;
  return binomial_distribution<>::find_lower_bound_on_p(
      trials, failures, alpha, binomial_distribution<>::clopper_pearson_exact_interval);
}

double ClopperPearsonUpper(int failures, int trials, double alpha) {
  RequireCounts(failures, trials, alpha);
  if (failures == trials) return 1.0;
  return binomial_distribution<>::find_upper_bound_on_p(
      trials, failures, alpha, binomial_distribution<>::clopper_pearson_exact_interval);
}

OriginFit FitThroughOrigin(const std::vector<double>& x, const std::vector<double>& y) {
  Require(x.size() == y.size() && x.size() >= 2, "a fit through 0 needs two or more (x, y) pairs");
  double xy = 0, xx = 0, mean = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    xy += x[k] * y[k];
    xx += x[k] * x[k];
    mean += y[k] / static_cast<double>(y.size());
  }
  Require(xx > 0, "a fit through 0 needs some x ≠ 0");
  OriginFit fit;
  fit.slope = xy / xx;
  double residual = 0, total = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    residual += std::pow(y[k] - fit.slope * x[k], 2);
    total += std::pow(y[k] - mean, 2);
  }
  Require(total > 0, "a fit through 0 needs y that varies (R² is undefined otherwise)");
  fit.r_squared = 1 - residual / total;
  return fit;
}

SlopeFit FitLogLogSlope(const std::vector<double>& x, const std::vector<double>& y, double level) {
  Require(x.size() == y.size() && x.size() >= 3, "a slope fit needs at least 3 (x, y) points");
  const int m = static_cast<int>(x.size());
  double mx = 0, my = 0;
  std::vector<double> lx(m), ly(m);
  for (int k = 0; k < m; ++k) {
    Require(x[k] > 0 && y[k] > 0 && std::isfinite(x[k]) && std::isfinite(y[k]),
            "a log-log fit needs positive finite values");
    lx[k] = std::log(x[k]);
    ly[k] = std::log(y[k]);
    mx += lx[k] / m;
    my += ly[k] / m;
  }
  double sxx = 0, sxy = 0;
  for (int k = 0; k < m; ++k) {
    sxx += (lx[k] - mx) * (lx[k] - mx);
    sxy += (lx[k] - mx) * (ly[k] - my);
  }
  Require(sxx > 0, "a slope fit needs at least two distinct x values");
  SlopeFit fit;
  fit.points = m;
  fit.level = level;
  fit.slope = sxy / sxx;
  fit.intercept = my - fit.slope * mx;
  double rss = 0;
  for (int k = 0; k < m; ++k) {
    const double r = ly[k] - fit.intercept - fit.slope * lx[k];
    rss += r * r;
  }
  fit.standard_error = std::sqrt(rss / (m - 2) / sxx);
  const boost::math::students_t t(m - 2);
  const double half = boost::math::quantile(t, (1 + level) / 2) * fit.standard_error;
  fit.lower = fit.slope - half;
  fit.upper = fit.slope + half;
  return fit;
}

void ValidateExponentRule(const ExponentRule& rule) {
  Require(rule.alpha > 0 && rule.alpha < 1 && rule.beta > 0 && rule.beta < 0.5,
          "an exponent test needs α in (0, 1) and β in (0, ½)");
  Require(std::isfinite(rule.predicted) && rule.tolerance >= 0 && rule.deviation > rule.tolerance &&
              std::isfinite(rule.deviation),
          "an exponent test needs a finite prediction and a deviation > its tolerance ≥ 0");
}

ExponentTest TestExponent(const std::vector<double>& exponents, const ExponentRule& rule) {
  ValidateExponentRule(rule);
  Require(exponents.size() >= 2, "an exponent test needs at least two replicate sweeps");
  ExponentTest t;
  t.replicates = static_cast<int>(exponents.size());
  for (const double e : exponents) {
    Require(std::isfinite(e), "an exponent test needs finite exponents");
    t.mean += e / t.replicates;
  }
  double ss = 0;
  for (const double e : exponents) ss += (e - t.mean) * (e - t.mean);
  t.standard_error = std::sqrt(ss / (t.replicates - 1) / t.replicates);
  const Criticals c = CriticalValues(rule, t.replicates - 1);
  t.lower = t.mean - c.fails * t.standard_error;
  if (rule.below) {
    const double edge = rule.predicted - rule.tolerance;
    t.upper = INFINITY;
    t.equivalence_lower = -INFINITY;
    t.equivalence_upper = t.mean + c.holds * t.standard_error;
    t.decision = t.lower >= edge              ? ExponentDecision::kFails
                 : t.equivalence_upper < edge ? ExponentDecision::kHolds
                                              : ExponentDecision::kInconclusive;
  } else {
    t.upper = t.mean + c.fails * t.standard_error;
    t.equivalence_lower = t.mean - c.holds * t.standard_error;
    t.equivalence_upper = t.mean + c.holds * t.standard_error;
    const bool misses_band =
        t.lower > rule.predicted + rule.tolerance || t.upper < rule.predicted - rule.tolerance;
    const bool inside = rule.predicted - rule.deviation < t.equivalence_lower &&
                        t.equivalence_upper < rule.predicted + rule.deviation;
    t.decision = misses_band ? ExponentDecision::kFails
                 : inside    ? ExponentDecision::kHolds
                             : ExponentDecision::kInconclusive;
  }
  return t;
}

ExponentOperatingPoint OperateExponent(const ExponentRule& rule, int replicates, double sd,
                                       double exponent) {
  ValidateExponentRule(rule);
  Require(replicates >= 2 && sd > 0 && std::isfinite(sd) && std::isfinite(exponent),
          "an exponent plan needs N ≥ 2 replicates, a positive sd and a finite exponent");
  const int dof = replicates - 1;
  const Criticals c = CriticalValues(rule, dof);
  const double sm = sd / std::sqrt(static_cast<double>(replicates));  // sd of the mean
  ExponentOperatingPoint op;
  if (rule.below) {
    // T = (m − (κ₀ − τ))/se is noncentral t with ν = N − 1 and δ = (κ − κ₀ + τ)/σ_m.
    const non_central_t t(dof, (exponent - rule.predicted + rule.tolerance) / sm);
    op.holds = cdf(t, -c.holds);
    op.not_holds = cdf(complement(t, -c.holds));
    op.fails = cdf(complement(t, c.fails));
    op.not_fails = cdf(t, c.fails);
    op.inconclusive = op.not_fails - op.holds;
    return Clamped(op);
  }
  // The two-sided rule is symmetric about κ₀: work at the distance x = |κ − κ₀| ≥ 0, where
  // "fails" is the lower end passing κ₀ + τ (T₁) or, far less often, the upper end staying below
  // κ₀ − τ (T₂). The events are disjoint (T₂ ≥ T₁).
  const double x = std::fabs(exponent - rule.predicted);
  const non_central_t near(dof, (x - rule.tolerance) / sm);
  const non_central_t far(dof, (x + rule.tolerance) / sm);
  op.fails = cdf(complement(near, c.fails)) + cdf(far, -c.fails);
  op.not_fails = cdf(near, c.fails) - cdf(far, -c.fails);
  // "holds" given U = s/σ = u, in units of σ_m about κ: m inside both the band's non-failing
  // range [−x − τ' − c_f·u, −x + τ' + c_f·u] and the equivalence range
  // (−x − Δ' + c_h·u, −x + Δ' − c_h·u), τ' = τ/σ_m, Δ' = Δ/σ_m. Below u* the first range is the
  // narrower, above it the second, which is empty from u_max on.
  const double xs = x / sm, tol = rule.tolerance / sm, dev = rule.deviation / sm;
  const double u_star = (dev - tol) / (c.fails + c.holds), u_max = dev / c.holds;
  const auto not_holds_given = [&](double u) {
    const double lo = std::max(-xs - tol - c.fails * u, -xs - dev + c.holds * u);
    const double hi = std::min(-xs + tol + c.fails * u, -xs + dev - c.holds * u);
    return lo < hi ? NormalCdf(lo) + NormalSf(hi) : 1.0;
  };
  // Break the quadrature where g has its kinks (u*) and where each boundary crosses the bulk of
  // N(0, 1): with few replicates c_f is large and the boundaries sweep through it over tiny u.
  std::vector<double> breaks = {u_star};
  for (const double z : {-8.0, -4.0, -2.0, 0.0, 2.0, 4.0, 8.0}) {
    breaks.push_back((z + xs + tol) / -c.fails);
    breaks.push_back((z - (-xs + tol)) / c.fails);
    breaks.push_back((z + xs + dev) / c.holds);
    breaks.push_back((z - (-xs + dev)) / -c.holds);
  }
  const chi_squared chi(dof);
  op.not_holds = IntegrateOverSampleSd(dof, u_max, breaks, not_holds_given) +
                 cdf(complement(chi, dof * u_max * u_max));
  op.holds = 1 - op.not_holds;
  op.inconclusive = op.not_holds - op.fails;
  return Clamped(op);
}

ExponentPlanning EvaluateExponentPlan(const ExponentPlan& plan, int replicates) {
  const ExponentRule& r = plan.rule;
  const double holds_at = r.below ? r.predicted - r.tolerance - r.deviation : r.predicted;
  const double fails_at =
      r.below ? r.predicted - r.tolerance + r.deviation : r.predicted + r.tolerance + r.deviation;
  const ExponentOperatingPoint at_holds = OperateExponent(r, replicates, plan.sd, holds_at);
  ExponentPlanning p;
  p.replicates = replicates;
  p.power_holds = at_holds.holds;
  p.power_fails = OperateExponent(r, replicates, plan.sd, fails_at).fails;
  p.miss = plan.expect_holds
               ? at_holds.not_holds
               : OperateExponent(r, replicates, plan.sd, plan.finding_exponent).not_fails;
  return p;
}

int PlanExponentReplicates(const ExponentPlan& plan, double min_power, double max_miss,
                           int max_replicates) {
  for (int n = 2; n <= max_replicates; ++n) {
    const ExponentPlanning p = EvaluateExponentPlan(plan, n);
    if (p.power_holds >= min_power && p.power_fails >= min_power && p.miss <= max_miss) return n;
  }
  return 0;
}

}  // namespace boa
