#include "boa/stats.hpp"

#include <cmath>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/non_central_t.hpp>
#include <boost/math/distributions/students_t.hpp>

#include "boa/error.hpp"

namespace boa {
namespace {

using boost::math::binomial_distribution;

void RequireCounts(int failures, int trials, double alpha) {
  Require(trials >= 1 && failures >= 0 && failures <= trials,
          "binomial counts need 0 ≤ failures ≤ trials and trials ≥ 1");
  Require(alpha > 0 && alpha < 1, "alpha must be in (0, 1)");
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

ExponentTest TestExponent(const std::vector<double>& exponents, double predicted, bool below,
                          double alpha, double deviation, double tolerance) {
  Require(exponents.size() >= 2, "an exponent test needs at least two replicate sweeps");
  Require(alpha > 0 && alpha < 1 && tolerance >= 0 && deviation > tolerance,
          "an exponent test needs α in (0, 1) and a deviation > its tolerance ≥ 0");
  ExponentTest t;
  t.replicates = static_cast<int>(exponents.size());
  for (const double e : exponents) t.mean += e / t.replicates;
  double ss = 0;
  for (const double e : exponents) ss += (e - t.mean) * (e - t.mean);
  t.standard_error = std::sqrt(ss / (t.replicates - 1) / t.replicates);
  const int dof = t.replicates - 1;
  const boost::math::students_t student(dof);
  const double critical = boost::math::quantile(student, below ? 1 - alpha : 1 - alpha / 2);
  const double se =
      std::max(t.standard_error, 1e-300);  // identical replicates: any deviation shows
  if (below) {
    t.lower = -INFINITY;
    t.upper = t.mean + critical * t.standard_error;
    t.holds = t.upper < predicted - tolerance;
    t.power =
        boost::math::cdf(boost::math::non_central_t(dof, -(deviation - tolerance) / se), -critical);
  } else {
    t.lower = t.mean - critical * t.standard_error;
    t.upper = t.mean + critical * t.standard_error;
    t.holds = t.lower <= predicted + tolerance && predicted - tolerance <= t.upper;
    // At κ₀ + Δ the interval misses the band when its lower end passes κ₀ + τ, and (rarely)
    // when its upper end stays below κ₀ − τ.
    const boost::math::non_central_t near(dof, (deviation - tolerance) / se);
    const boost::math::non_central_t far(dof, (deviation + tolerance) / se);
    t.power = boost::math::cdf(boost::math::complement(near, critical)) +
              boost::math::cdf(far, -critical);
  }
  return t;
}

}  // namespace boa
