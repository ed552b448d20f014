#pragma once
// Statistics behind every probabilistic and scaling verdict (DESIGN.md § Statistics).
//
// Binomial verdict. A claim "the predicate holds w.p. ≥ 1 − δ" is judged on N independent seeded
// instances with k failures. It FAILS only when the one-sided Clopper–Pearson lower confidence
// bound on the failure rate at level α exceeds δ. If the true rate is ≤ δ this happens with
// probability ≤ α, so α is the false-alarm rate of one claim in one run.
//
// Slope fit. Scaling claims fit log y = a + κ log x by ordinary least squares; the interval is
// κ ± t_{m−2, (1+level)/2} · se(κ).
#include <vector>

namespace boa {

// One-sided Clopper–Pearson bounds: P[true rate < lower] ≤ α, P[true rate > upper] ≤ α.
// For k = 0: lower = 0 and upper = 1 − α^{1/N}.
double ClopperPearsonLower(int failures, int trials, double alpha);
double ClopperPearsonUpper(int failures, int trials, double alpha);

// The suite's default false-alarm rate per probabilistic claim per run. With fewer than 100
// probabilistic claims, the whole suite falsely fails with probability below 1e-4.
inline constexpr double kDefaultAlpha = 1e-6;

struct BinomialVerdict {
  int trials = 0;
  int failures = 0;
  double delta = 0;        // the failure rate the claim allows
  double alpha = 0;        // false-alarm rate of this verdict
  double lower_bound = 0;  // Clopper–Pearson lower bound on the failure rate
  bool fails = false;      // lower_bound > delta
};
BinomialVerdict JudgeFailureRate(int failures, int trials, double delta,
                                 double alpha = kDefaultAlpha);

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

}  // namespace boa
