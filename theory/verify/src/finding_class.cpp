#include "boa/finding_class.hpp"

#include <algorithm>
#include <cmath>

#include <boost/math/distributions/chi_squared.hpp>

#include "boa/claim.hpp"
#include "boa/error.hpp"

namespace boa {
namespace {

struct LogPoint {
  double log_x;  // log(x / x₁)
  int instances, failures;
};

// The binomial log-likelihood of rate_i = exp(a + κ·log_x_i) (capped just below 1).
double LogLikelihood(const std::vector<LogPoint>& points, double a, double kappa) {
  double sum = 0;
  for (const LogPoint& p : points) {
    const double log_rate = std::min(a + kappa * p.log_x, -1e-12);
    const double rate = std::exp(log_rate);
    if (p.failures > 0) sum += p.failures * log_rate;
    if (p.instances > p.failures) sum += (p.instances - p.failures) * std::log1p(-rate);
  }
  return sum;
}

// The maximiser of a concave function on [lo, hi], by golden-section search.
template <typename F>
double ArgMaxConcave(F f, double lo, double hi, double tolerance) {
  const double g = (std::sqrt(5.0) - 1) / 2;
  double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
  double f1 = f(x1), f2 = f(x2);
  while (hi - lo > tolerance) {
    if (f1 < f2) {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + g * (hi - lo);
      f2 = f(x2);
    } else {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - g * (hi - lo);
      f1 = f(x1);
    }
  }
  return (lo + hi) / 2;
}

// max over a of the log-likelihood at κ: concave in a; a ≤ −max_i κ·log_x_i keeps every rate ≤ 1.
double Profile(const std::vector<LogPoint>& points, double kappa, double* best_a = nullptr) {
  double hi = 0;
  for (const LogPoint& p : points) hi = std::min(hi, -kappa * p.log_x);
  // Rates down to e^-60: far below any count's resolution.
  const double a =
      ArgMaxConcave([&](double x) { return LogLikelihood(points, x, kappa); }, hi - 60, hi, 1e-10);
  if (best_a != nullptr) *best_a = a;
  return LogLikelihood(points, a, kappa);
}

constexpr double kChiSquare95 = 3.841458820694124;  // χ²₁ quantile 0.95
constexpr double kKappaRange = 8;                   // |κ| searched

// Where a function that is ≥ level at `inside` and < level at `outside` crosses the level, by
// bisection (the profile is concave, so each side crosses once).
template <typename F>
double Crossing(F f, double level, double inside, double outside) {
  for (int k = 0; k < 60 && std::fabs(outside - inside) > 1e-7; ++k) {
    const double mid = (inside + outside) / 2;
    (f(mid) >= level ? inside : outside) = mid;
  }
  return (inside + outside) / 2;
}

std::vector<LogPoint> LogPoints(const std::vector<PathPoint>& points) {
  Require(points.size() >= 2, "a decay fit needs at least two path points");
  std::vector<LogPoint> logs;
  for (const PathPoint& p : points) {
    Require(p.value > 0 && std::isfinite(p.value), "a path value must be positive and finite");
    Require(p.instances > 0 && p.failures >= 0 && p.failures <= p.instances,
            "a path point's counts are out of range");
    logs.push_back({std::log(p.value / points.front().value), p.instances, p.failures});
  }
  return logs;
}

// x·log(x/y), with 0·log 0 = 0: one term of the binomial deviance.
double DevianceTerm(double observed, double expected) {
  return observed > 0 ? observed * std::log(observed / expected) : 0.0;
}

// Rule 2 on the exponent's interval when the power law fits, rule 3's trend when it does not.
FindingClass Decide(const PathAssessment& a) {
  if (!a.fit_check.misfit) return ClassifyDecayInterval(a.fit.lower, a.fit.upper);
  return a.trend.p_value >= kPathTestLevel ? FindingClass::kUndetermined
         : a.trend.z < 0                   ? FindingClass::kFiniteSize
                                           : FindingClass::kPersists;
}

}  // namespace

std::string ToString(FindingClass finding_class) {
  switch (finding_class) {
    case FindingClass::kRefuted: return "refuted";
    case FindingClass::kPersists: return "persists";
    case FindingClass::kSlowDecay: return "slow-decay";
    case FindingClass::kFiniteSize: return "finite-size";
    case FindingClass::kUndetermined: return "undetermined";
    case FindingClass::kOpen: return "open";
  }
  return "unknown";
}

DecayFit FitDecay(const std::vector<PathPoint>& points) {
  const std::vector<LogPoint> logs = LogPoints(points);
  // The log-likelihood is jointly concave in (a, κ) (log link, rates ≤ 1), so its profile in κ is
  // concave: its maximum by golden section, the interval's ends — every κ whose profile lies
  // within χ²₁/2 of the maximum — by bisection on each side (a range end means the data cannot
  // bound κ there).
  const auto profile = [&](double kappa) { return Profile(logs, kappa); };
  DecayFit fit;
  fit.exponent = ArgMaxConcave(profile, -kKappaRange, kKappaRange, 1e-7);
  const double level = profile(fit.exponent) - kChiSquare95 / 2;
  fit.lower = profile(-kKappaRange) >= level ? -kKappaRange
                                             : Crossing(profile, level, fit.exponent, -kKappaRange);
  fit.upper = profile(kKappaRange) >= level ? kKappaRange
                                            : Crossing(profile, level, fit.exponent, kKappaRange);
  double a = 0;
  Profile(logs, fit.exponent, &a);
  fit.scale = std::exp(a);
  return fit;
}

FitCheck CheckDecayFit(const std::vector<PathPoint>& points, const DecayFit& fit) {
  const std::vector<LogPoint> logs = LogPoints(points);
  FitCheck check;
  for (const LogPoint& p : logs) {
    const double rate = std::exp(std::min(std::log(fit.scale) + fit.exponent * p.log_x, -1e-12));
    check.deviance += 2 * (DevianceTerm(p.failures, p.instances * rate) +
                           DevianceTerm(p.instances - p.failures, p.instances * (1 - rate)));
  }
  check.deviance = std::max(check.deviance, 0.0);  // rounding below the saturated fit
  check.degrees_of_freedom = static_cast<int>(logs.size()) - 2;
  if (check.degrees_of_freedom > 0) {
    const boost::math::chi_squared chi2(check.degrees_of_freedom);
    check.p_value = boost::math::cdf(boost::math::complement(chi2, check.deviance));
  }
  check.misfit = check.p_value < kPathTestLevel;
  return check;
}

TrendTest TrendAlongPath(const std::vector<PathPoint>& points) {
  const std::vector<LogPoint> logs = LogPoints(points);
  double total = 0, failures = 0, score_sum = 0;
  for (const LogPoint& p : logs) {
    total += p.instances;
    failures += p.failures;
    score_sum += p.instances * p.log_x;
  }
  const double rate = failures / total, mean_score = score_sum / total;
  double statistic = 0, spread = 0;
  for (const LogPoint& p : logs) {
    statistic += p.failures * (p.log_x - mean_score);
    spread += p.instances * (p.log_x - mean_score) * (p.log_x - mean_score);
  }
  TrendTest trend;
  const double variance = rate * (1 - rate) * spread;
  if (variance <= 0) return trend;  // every count 0 or every one full: no trend to test
  trend.z = statistic / std::sqrt(variance);
  trend.p_value = std::erfc(std::fabs(trend.z) / std::sqrt(2.0));
  return trend;
}

PathAssessment AssessPath(const std::vector<PathPoint>& points) {
  Require(points.size() >= 4, "a finding's class needs at least four path points");
  PathAssessment a;
  a.fit = FitDecay(points);
  a.fit_check = CheckDecayFit(points, a.fit);
  a.trend = TrendAlongPath(points);
  a.finding_class = Decide(a);
  return a;
}

PathAssessment AssessDeviationPath(const std::vector<PathPoint>& points,
                                   double predicted_exponent) {
  Require(points.size() >= 4, "a finding's class needs at least four path points");
  // Log path positions, deviations and weights; the deviation's sign is the failure's direction.
  std::vector<double> log_x, deviation, weight;
  double signed_sum = 0;
  for (const PathPoint& p : points) {
    Require(p.value > 0 && std::isfinite(p.value), "a path value must be positive and finite");
    Require(&p == &points.front() || p.value > (&p - 1)->value,
            "a deviation path's values must increase");
    Require(std::isfinite(p.exponent_mean) && p.exponent_se > 0 && std::isfinite(p.exponent_se),
            "a deviation path point needs a finite mean exponent and a positive standard error");
    log_x.push_back(std::log(p.value / points.front().value));
    deviation.push_back(p.exponent_mean - predicted_exponent);
    weight.push_back(1 / (p.exponent_se * p.exponent_se));
    signed_sum += deviation.back();
  }
  if (signed_sum < 0) {
    for (double& d : deviation) d = -d;
  }
  const std::size_t k = points.size();
  // The weighted least-squares scale at γ (linear in A, so in closed form) and its χ².
  const auto fit_at = [&](double gamma, double* scale) {
    double gd = 0, gg = 0;
    for (std::size_t i = 0; i < k; ++i) {
      const double g = std::exp(gamma * log_x[i]);
      gd += weight[i] * g * deviation[i];
      gg += weight[i] * g * g;
    }
    const double a = gd / gg;
    double chi2 = 0;
    for (std::size_t i = 0; i < k; ++i) {
      const double r = deviation[i] - a * std::exp(gamma * log_x[i]);
      chi2 += weight[i] * r * r;
    }
    if (scale != nullptr) *scale = a;
    return chi2;
  };
  const auto chi2 = [&](double gamma) { return fit_at(gamma, nullptr); };
  // The profile χ² need not be convex in γ: its minimum is located on a grid, then refined.
  constexpr double kGrid = 0.01;
  double best = -kKappaRange;
  for (double g = -kKappaRange; g <= kKappaRange; g += kGrid) {
    if (chi2(g) < chi2(best)) best = g;
  }
  const auto minus_chi2 = [&](double g) { return -chi2(g); };
  best = ArgMaxConcave(minus_chi2, std::max(-kKappaRange, best - kGrid),
                       std::min(kKappaRange, best + kGrid), 1e-9);
  PathAssessment a;
  a.fit.exponent = best;
  a.fit_check.deviance = fit_at(best, &a.fit.scale);
  // The interval's ends: the first grid step on each side whose χ² leaves the level, bisected.
  const double level = -(a.fit_check.deviance + kChiSquare95);
  const auto end_toward = [&](double step) {
    for (double g = best + step; std::fabs(g) <= kKappaRange; g += step) {
      if (minus_chi2(g) < level) return Crossing(minus_chi2, level, g - step, g);
    }
    return step < 0 ? -kKappaRange : kKappaRange;
  };
  a.fit.lower = end_toward(-kGrid);
  a.fit.upper = end_toward(kGrid);
  a.fit_check.degrees_of_freedom = static_cast<int>(k) - 2;
  const boost::math::chi_squared chi2_dist(a.fit_check.degrees_of_freedom);
  a.fit_check.p_value = boost::math::cdf(boost::math::complement(chi2_dist, a.fit_check.deviance));
  a.fit_check.misfit = a.fit_check.p_value < kPathTestLevel;
  // The trend: D = b₀ + b·log x by weighted least squares, b's z with the residual dispersion.
  double w_sum = 0, wl = 0, wd = 0;
  for (std::size_t i = 0; i < k; ++i) {
    w_sum += weight[i];
    wl += weight[i] * log_x[i];
    wd += weight[i] * deviation[i];
  }
  const double l_mean = wl / w_sum, d_mean = wd / w_sum;
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < k; ++i) {
    sxx += weight[i] * (log_x[i] - l_mean) * (log_x[i] - l_mean);
    sxy += weight[i] * (log_x[i] - l_mean) * (deviation[i] - d_mean);
  }
  const double slope = sxy / sxx;
  double residual = 0;
  for (std::size_t i = 0; i < k; ++i) {
    const double r = deviation[i] - d_mean - slope * (log_x[i] - l_mean);
    residual += weight[i] * r * r;
  }
  const double dispersion = std::max(1.0, residual / static_cast<double>(k - 2));
  a.trend.z = slope / std::sqrt(dispersion / sxx);
  a.trend.p_value = std::erfc(std::fabs(a.trend.z) / std::sqrt(2.0));
  a.finding_class = Decide(a);
  return a;
}

FindingClass ClassifyDecayInterval(double lower, double upper) {
  const bool decays = upper<0, slower_than_margin = lower> - kExponentDeviation;
  return decays ? (slower_than_margin ? FindingClass::kSlowDecay : FindingClass::kFiniteSize)
                : (slower_than_margin ? FindingClass::kPersists : FindingClass::kUndetermined);
}

FindingClass ClassifyPath(const std::vector<PathPoint>& points) {
  return AssessPath(points).finding_class;
}

std::optional<double> ExtrapolatedSizeBelow(const PathAssessment& assessment, double first_value,
                                            double delta) {
  const DecayFit& fit = assessment.fit;
  if (assessment.fit_check.misfit || assessment.finding_class != FindingClass::kFiniteSize ||
      fit.scale <= delta) {
    return std::nullopt;
  }
  return first_value * std::pow(delta / fit.scale, 1 / fit.exponent);
}

}  // namespace boa
