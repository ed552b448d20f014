#pragma once
// Statistics behind every probabilistic and scaling verdict (DESIGN.md § Statistics).
//
// Clopper–Pearson bounds describe a measured failure rate (the verdict of a probabilistic claim is
// the sequential test of sequential_test.hpp).
//
// Slope fit. Scaling claims fit log y = a + κ log x by ordinary least squares; the interval is
// κ ± t_{m−2, (1+level)/2} · se(κ).
#include <vector>

namespace boa {

// One-sided Clopper–Pearson bounds: P[true rate < lower] ≤ α, P[true rate > upper] ≤ α.
// For k = 0: lower = 0 and upper = 1 − α^{1/N}.
double ClopperPearsonLower(int failures, int trials, double alpha);
double ClopperPearsonUpper(int failures, int trials, double alpha);

struct SlopeFit {
  double slope = 0;
  double intercept = 0;
  double standard_error = 0;
  double lower = 0;  // two-sided interval at `level`
  double upper = 0;
  double level = 0.95;
  int points = 0;
};
// OLS of log(y) on log(x). Needs ≥ 3 points with x, y > 0; throws InvalidInput otherwise.
SlopeFit FitLogLogSlope(const std::vector<double>& x, const std::vector<double>& y,
                        double level = 0.95);

// The power of a scaling claim's test — "the fit's interval at its level excludes the predicted
// exponent" — when the true exponent is off by `deviation`: with t = (κ̂ − κ)/se(κ) ~
// noncentral t(m − 2, deviation/se), P[|t| > t_{m−2, (1+level)/2}]. It uses the fit's own
// standard error (the noise of the sweep that ran), so it is the power of that sweep.
double SlopeTestPower(const SlopeFit& fit, double deviation);

}  // namespace boa
