#include "boa/finding_class.hpp"

#include <algorithm>
#include <cmath>

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

// max over a of the log-likelihood at κ: concave in a; a ≤ −max_i κ·log_x_i keeps every rate ≤ 1.
double Profile(const std::vector<LogPoint>& points, double kappa, double* best_a = nullptr) {
  double hi = 0;
  for (const LogPoint& p : points) hi = std::min(hi, -kappa * p.log_x);
  double lo = hi - 60;  // rates down to e^-60: far below any count's resolution
  // Golden-section search on the concave function.
  const double g = (std::sqrt(5.0) - 1) / 2;
  double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
  double f1 = LogLikelihood(points, x1, kappa), f2 = LogLikelihood(points, x2, kappa);
  for (int k = 0; k < 200 && hi - lo > 1e-10; ++k) {
    if (f1 < f2) {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + g * (hi - lo);
      f2 = LogLikelihood(points, x2, kappa);
    } else {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - g * (hi - lo);
      f1 = LogLikelihood(points, x1, kappa);
    }
  }
  const double a = (lo + hi) / 2;
  if (best_a != nullptr) *best_a = a;
  return LogLikelihood(points, a, kappa);
}

constexpr double kChiSquare95 = 3.841458820694124;  // χ²₁ quantile 0.95
constexpr double kKappaRange = 8;                   // |κ| searched
constexpr double kKappaStep = 1e-3;

}  // namespace

std::string ToString(FindingClass finding_class) {
  switch (finding_class) {
    case FindingClass::kRefuted: return "refuted";
    case FindingClass::kPersists: return "persists";
    case FindingClass::kFiniteSize: return "finite-size";
    case FindingClass::kUndetermined: return "undetermined";
    case FindingClass::kOpen: return "open";
  }
  return "unknown";
}

DecayFit FitDecay(const std::vector<PathPoint>& points) {
  Require(points.size() >= 2, "a decay fit needs at least two path points");
  std::vector<LogPoint> logs;
  for (const PathPoint& p : points) {
    Require(p.value > 0 && std::isfinite(p.value), "a path value must be positive and finite");
    Require(p.instances > 0 && p.failures >= 0 && p.failures <= p.instances,
            "a path point's counts are out of range");
    logs.push_back({std::log(p.value / points.front().value), p.instances, p.failures});
  }
  std::vector<double> profile;
  double best = -INFINITY;
  DecayFit fit;
  for (double kappa = -kKappaRange; kappa <= kKappaRange + 1e-12; kappa += kKappaStep) {
    const double l = Profile(logs, kappa);
    profile.push_back(l);
    if (l > best) {
      best = l;
      fit.exponent = kappa;
    }
  }
  // The interval: every κ whose profile lies within χ²₁/2 of the maximum (a grid end means the
  // data cannot bound κ there).
  fit.lower = kKappaRange, fit.upper = -kKappaRange;
  for (std::size_t k = 0; k < profile.size(); ++k) {
    if (2 * (best - profile[k]) <= kChiSquare95) {
      const double kappa = -kKappaRange + kKappaStep * static_cast<double>(k);
      fit.lower = std::min(fit.lower, kappa);
      fit.upper = std::max(fit.upper, kappa);
    }
  }
  double a = 0;
  Profile(logs, fit.exponent, &a);
  fit.scale = std::exp(a);
  return fit;
}

FindingClass ClassifyPath(const std::vector<PathPoint>& points) {
  Require(points.size() >= 4, "a finding's class needs at least four path points");
  const DecayFit fit = FitDecay(points);
  if (fit.upper < 0) return FindingClass::kFiniteSize;
  if (fit.lower > -kExponentDeviation) return FindingClass::kPersists;
  return FindingClass::kUndetermined;
}

double PathVariable(const LimitPath& path, double value) {
  return path.inverse ? 1 / value : value;
}

std::optional<double> ExtrapolatedSizeBelow(const DecayFit& fit, double first_value, double delta) {
  if (fit.exponent >= 0 || fit.scale <= delta) return std::nullopt;
  return first_value * std::pow(delta / fit.scale, 1 / fit.exponent);
}

}  // namespace boa
