#pragma once
// What kind of failure a finding is (issue 27; README § Findings): measured along the claim's own
// limit path — n doubling with its d condition, d growing, GD steps growing, λ → 0 — at ≥ 4
// points on seeds the claim was never encoded on, and classified by one rule whose measured
// classes partition the evidence (no interval meets two of them; issue 51):
//   1. Fit the power law rate = A·x^κ by binomial maximum likelihood, with κ's 95% profile-
//      likelihood interval [L, U], and test its fit: the deviance against the saturated model on
//      k − 2 degrees of freedom (k points) against χ², at level 0.05.
//   2. When it fits, two questions with Δ = kExponentDeviation (the scaling claims' equivalence
//      margin) — does the rate decay (U < 0)? is any decay slower than x^−Δ (L > −Δ)? — give
//      four classes, one per answer pair, so no interval meets two:
//        finite-size   U < 0,  L ≤ −Δ    it decays, and the data allow a decay faster than x^−Δ;
//        slow-decay    U < 0,  L > −Δ    it decays, but slower than x^−Δ;
//        persists      U ≥ 0,  L > −Δ    no decay is shown, and none faster than x^−Δ allowed;
//        undetermined  U ≥ 0,  L ≤ −Δ    the path is too short or the counts too few to tell.
//   3. When it misfits, no exponent is read and nothing is extrapolated; a two-sided Cochran–
//      Armitage trend test (scores log x, level 0.05) decides: a falling trend is finite-size, a
//      rising one persists, no trend is undetermined.
//   open         the discussion itself calls the question future work (declared, not measured);
//   refuted      the statement fails in the discussion's own setting (declared with its evidence).
// A finding whose failure hinges on one of boa's constants also says which, and where the scan
// over it is (Claim::encoding_sensitive).
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace boa {

enum class FindingClass { kRefuted, kPersists, kSlowDecay, kFiniteSize, kUndetermined, kOpen };
std::string ToString(FindingClass finding_class);

// One point of a limit path: the path parameter's value and the counts measured there.
struct PathPoint {
  double value = 0;
  int instances = 0;
  int failures = 0;
  // A recorded point's provenance (records/*.csv): the commit it was measured at and the stamp of
  // the inputs it was measured under (claim.hpp RecordStamp); empty for counts made up in code.
  std::string commit = {}, stamp = {};
  // A scaling claim's scan point (records/scans.csv): `instances` counts its replicate sweeps
  // (`failures` is 0), and these are their mean exponent and its standard error; NaN otherwise.
  double exponent_mean = std::numeric_limits<double>::quiet_NaN();
  double exponent_se = std::numeric_limits<double>::quiet_NaN();
};

// A claim's limit path: the parameter `boa check --params` fixes, its values (increasing along
// the limit; λ → 0 is written as 1/λ), and where the limit comes from.
struct LimitPath {
  std::string param;
  std::vector<double> values;
  std::string why;
  bool inverse = false;  // the limit takes param → 0: the path variable is 1/param
};

// The failure rate's power law along the path, rate = A·(x/x₁)^κ, fitted by maximum likelihood
// (binomial counts), with κ's 95% profile-likelihood interval (χ²₁ = 3.841).
struct DecayFit {
  double exponent = 0, lower = 0, upper = 0;
  double scale = 0;  // A: the fitted rate at the path's first point
};
// Throws InvalidInput for fewer than 2 points, a non-positive path value or a count out of range.
DecayFit FitDecay(const std::vector<PathPoint>& points);

// The power law's goodness of fit: the deviance of the fitted rates against the observed ones on
// k − 2 degrees of freedom, and its χ² p-value (1 when there are no degrees of freedom left).
struct FitCheck {
  double deviance = 0;
  int degrees_of_freedom = 0;
  double p_value = 1;
  bool misfit = false;  // p_value < kPathTestLevel
};
FitCheck CheckDecayFit(const std::vector<PathPoint>& points, const DecayFit& fit);

// The Cochran–Armitage test for a linear trend in the rate along the scores log(x/x₁): its
// statistic Z (negative: falling) and two-sided p-value (Z = 0, p = 1 when no count varies).
struct TrendTest {
  double z = 0;
  double p_value = 1;
};
TrendTest TrendAlongPath(const std::vector<PathPoint>& points);

// The level of the fit test and of the trend test (the interval's 95% matches it).
inline constexpr double kPathTestLevel = 0.05;

// Rule 2's partition of a decay exponent's 95% interval [L, U] (finite-size, slow-decay, persists
// or undetermined): the one definition the path rule and a scaling finding's own exponent share.
FindingClass ClassifyDecayInterval(double lower, double upper);

// Everything the rule reads, and the class it gives (never kOpen or kRefuted: those are declared).
struct PathAssessment {
  DecayFit fit;
  FitCheck fit_check;
  TrendTest trend;
  FindingClass finding_class = FindingClass::kUndetermined;
};
// Throws InvalidInput for fewer than four points (and what FitDecay refuses).
PathAssessment AssessPath(const std::vector<PathPoint>& points);
FindingClass ClassifyPath(const std::vector<PathPoint>& points);

// A scaling finding's limit path (issue 49 item 12): its exponent measured at ≥ 4 points along the
// limit (a scan record: each point's mean exponent ± SE over replicate sweeps), read by the same
// rule with the exponent's deviation from the prediction, D(x) = s·(κ̂(x) − κ₀) (s the sign of the
// mean deviation), in place of the rate: D = A·(x/x₁)^γ fitted by weighted least squares
// (weights 1/SE²), γ's 95% interval where the profile χ² is within χ²₁ of its minimum, the fit
// checked by χ² on k − 2 degrees of freedom at kPathTestLevel; on a misfit, the two-sided z of a
// weighted linear regression of D on log x (its error scaled up by any overdispersion) decides.
// The result's `fit` holds γ, its interval and A; `fit_check.deviance` the χ². Throws
// InvalidInput for fewer than four points, path values that are not positive and increasing, or
// a point without a finite mean exponent and a positive SE.
PathAssessment AssessDeviationPath(const std::vector<PathPoint>& points, double predicted_exponent);

// Where the fitted rate would fall below δ, extrapolated along the path: only for a power law that
// fits and decays as finite-size (a slow decay's point estimate puts δ beyond any path, with an
// interval reaching to infinity); empty otherwise, and when the rate is already below δ at the
// first point.
std::optional<double> ExtrapolatedSizeBelow(const PathAssessment& assessment, double first_value,
                                            double delta);

}  // namespace boa
