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

// The verdict of a scaling claim: a one-sample t-test on the exponents fitted by N independent
// replicate sweeps (README § Verdicts). With mean κ̄ and standard error se = sd/√N:
//   two-sided ("the exponent is κ₀, up to a finite-n tolerance τ"): fails when the interval
//     κ̄ ± t_{N−1, 1−α/2}·se misses the whole band [κ₀ − τ, κ₀ + τ], so an exponent inside the
//     band fails with probability ≤ α; power at a deviation Δ > τ is P[T > t_{N−1, 1−α/2}] for
//     T ~ noncentral t(N − 1, (Δ − τ)/se) (the far side adds a negligible term);
//   below ("the exponent is < κ₀ by more than τ", e.g. a decay): holds when
//     κ̄ + t_{N−1, 1−α}·se < κ₀ − τ, so an exponent ≥ κ₀ − τ holds with probability ≤ α; power
//     is P[holds] at κ₀ − Δ, i.e. P[T < −t_{N−1, 1−α}] for T ~ noncentral t(N − 1, −(Δ − τ)/se).
// Both use the replicates' own standard error, so the power is that of the sweeps that ran.
struct ExponentTest {
  double mean = 0;
  double standard_error = 0;
  double lower = 0;  // two-sided: the interval; below: −∞ (lower) and the one-sided bound
  double upper = 0;
  int replicates = 0;
  bool holds = false;
  double power = 0;
};
ExponentTest TestExponent(const std::vector<double>& exponents, double predicted, bool below,
                          double alpha, double deviation, double tolerance = 0);

}  // namespace boa
