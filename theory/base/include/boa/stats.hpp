#pragma once
// Statistics behind every probabilistic and scaling verdict (DESIGN.md § Statistics).
//
// Clopper–Pearson bounds describe a measured failure rate (the verdict of a probabilistic claim is
// the sequential test of sequential_test.hpp).
//
// Slope fit. Scaling claims fit log y = a + κ log x by ordinary least squares; the interval is
// κ ± t_{m−2, (1+level)/2} · se(κ). The exponent test below judges the slopes of N replicate
// sweeps, and plans N from a per-replicate sd measured beforehand.
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

// Least squares through the origin, y ≈ c·x: c = Σxy / Σx², R² = 1 − Σ(y − cx)² / Σ(y − ȳ)².
// Needs ≥ 2 points, Σx² > 0 and y not constant; throws InvalidInput otherwise.
struct OriginFit {
  double slope = 0;
  double r_squared = 0;
};
OriginFit FitThroughOrigin(const std::vector<double>& x, const std::vector<double>& y);

// The verdict of a scaling claim (README § Verdicts): N independent replicate sweeps each fit an
// exponent; with their mean m, standard error se = sd/√N and t_ν(p) Student's quantile, ν = N − 1:
//   two-sided ("the exponent is κ₀", up to a finite-n bias τ):
//     fails         when the (1 − α) interval m ± t_ν(1 − α/2)·se misses [κ₀ − τ, κ₀ + τ], so an
//                   exponent inside that band fails with probability ≤ α;
//     holds         otherwise, when the (1 − 2β) interval m ± t_ν(1 − β)·se lies inside
//                   (κ₀ − Δ, κ₀ + Δ) — two one-sided tests at β each — so "holds" certifies
//                   |κ − κ₀| < Δ: an exponent with |κ − κ₀| ≥ Δ holds with probability ≤ β;
//     inconclusive  otherwise. ("fails" wins where both would apply: an interval inside
//                   (κ₀ − Δ, κ₀ + Δ) that misses the band has excluded the prediction.)
//   below ("the exponent lies below κ₀ − τ", e.g. a decay):
//     holds         when the one-sided (1 − β) upper bound m + t_ν(1 − β)·se < κ₀ − τ, so an
//                   exponent ≥ κ₀ − τ holds with probability ≤ β;
//     fails         when the one-sided (1 − α) lower bound m − t_ν(1 − α)·se ≥ κ₀ − τ, so an
//                   exponent < κ₀ − τ fails with probability ≤ α;
//     inconclusive  otherwise.
// Identical replicates (se = 0) are decided by their mean alone.
struct ExponentRule {
  double predicted = 0;  // κ₀
  bool below = false;
  double tolerance = 0;  // τ ≥ 0
  double deviation = 0;  // Δ > τ
  double alpha = 0;      // bounds a false "fails"
  double beta = 0;       // bounds a false "holds"; 0 < β < ½
};
// Throws InvalidInput unless 0 < α < 1, 0 < β < ½ and 0 ≤ τ < Δ (all finite).
void ValidateExponentRule(const ExponentRule& rule);

enum class ExponentDecision { kHolds, kFails, kInconclusive };

struct ExponentTest {
  double mean = 0;
  double standard_error = 0;
  // The (1 − α) bounds that decide "fails": two-sided, the interval; below, the one-sided lower
  // bound (upper = +∞).
  double lower = 0;
  double upper = 0;
  // The bounds that decide "holds": two-sided, the (1 − 2β) interval; below, the one-sided
  // (1 − β) upper bound (equivalence_lower = −∞).
  double equivalence_lower = 0;
  double equivalence_upper = 0;
  int replicates = 0;
  ExponentDecision decision = ExponentDecision::kInconclusive;
};
// Needs ≥ 2 finite exponents; throws InvalidInput otherwise.
ExponentTest TestExponent(const std::vector<double>& exponents, const ExponentRule& rule);

// The rule's exact behaviour when the N exponents are independent N(κ, σ²). "fails" (both forms)
// and the below form's "holds" are noncentral-t probabilities; the two-sided "holds" has no
// closed form (its region in m depends on se) and is a quadrature over the sample sd
// (νs²/σ² ~ χ²_ν) of normal probabilities. not_holds and not_fails are computed as tails, not as
// 1 − holds or 1 − fails, so they stay accurate down to ~1e-15 (budget terms of ~1e-5 need it).
struct ExponentOperatingPoint {
  double holds = 0;
  double fails = 0;
  double inconclusive = 0;
  double not_holds = 0;  // fails + inconclusive
  double not_fails = 0;  // holds + inconclusive
};
ExponentOperatingPoint OperateExponent(const ExponentRule& rule, int replicates, double sd,
                                       double exponent);

// A planned scaling verdict: the rule, a per-replicate sd σ measured beforehand (never on the
// run being judged) and the verdict the claim expects.
struct ExponentPlan {
  ExponentRule rule;
  double sd = 0;  // σ > 0
  bool expect_holds = true;
  // Expected "fails" (a finding): the exponent at which the plan must still fail — the measured
  // exponent's one-sided 95% bound nearest the band.
  double finding_exponent = 0;
};
struct ExponentPlanning {
  int replicates = 0;
  // Two-sided: P[holds | κ₀] and P[fails | κ₀ ± (τ + Δ)] (the rule is symmetric about κ₀);
  // below: P[holds | κ₀ − τ − Δ] and P[fails | κ₀ − τ + Δ].
  double power_holds = 0;
  double power_fails = 0;
  // P[not the expected verdict]: expected holds, P[fails or inconclusive] where the power
  // "holds" is computed (κ₀, or κ₀ − τ − Δ below); expected fails, P[holds or inconclusive] at
  // finding_exponent.
  double miss = 0;
};
ExponentPlanning EvaluateExponentPlan(const ExponentPlan& plan, int replicates);
// The smallest N in [2, max_replicates] with both powers ≥ min_power and miss ≤ max_miss; 0 when
// there is none.
int PlanExponentReplicates(const ExponentPlan& plan, double min_power, double max_miss,
                           int max_replicates);

}  // namespace boa
