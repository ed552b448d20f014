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
  return binomial_distribution<>::find_lower_bound_on_p(trials, failures, alpha,
                                                        binomial_distribution<>::clopper_pearson_exact_interval);
}

double ClopperPearsonUpper(int failures, int trials, double alpha) {
  RequireCounts(failures, trials, alpha);
  if (failures == trials) return 1.0;
  return binomial_distribution<>::find_upper_bound_on_p(trials, failures, alpha,
                                                        binomial_distribution<>::clopper_pearson_exact_interval);
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

double SlopeTestPower(const SlopeFit& fit, double deviation) {
  Require(fit.points >= 3 && deviation > 0, "slope power needs a fit of ≥ 3 points and a deviation > 0");
  if (fit.standard_error <= 0) return 1.0;  // an exact power law: any deviation shows
  const int dof = fit.points - 2;
  const double critical = boost::math::quantile(boost::math::students_t(dof), (1 + fit.level) / 2);
  const boost::math::non_central_t shifted(dof, deviation / fit.standard_error);
  return boost::math::cdf(boost::math::complement(shifted, critical)) +
         boost::math::cdf(shifted, -critical);
}

}  // namespace boa
