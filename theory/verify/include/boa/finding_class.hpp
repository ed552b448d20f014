#pragma once
// What kind of failure a finding is (issue 27; README § Findings): measured along the claim's own
// limit path — n doubling with its d condition, d growing, GD steps growing, λ → 0 — at ≥ 4
// points on seeds the claim was never encoded on, and classified by one decision rule:
//   finite-size  the failure rate decays along the path: the 95% profile-likelihood interval of
//                the decay exponent κ (rate ∝ x^κ) lies below 0;
//   persists     it does not decay: the interval's lower end is above −Δ (Δ = the scaling
//                claims' equivalence margin, kExponentDeviation), so any decay is slower than x^−Δ;
//   undetermined neither (the path is too short or the counts too small to tell);
//   open         the discussion itself calls the question future work (declared, not measured);
//   refuted      the statement fails in the discussion's own setting (declared with its evidence).
// A finding whose failure hinges on one of boa's constants also says which, and where the scan
// over it is (Claim::encoding_sensitive).
#include <optional>
#include <string>
#include <vector>

namespace boa {

enum class FindingClass { kRefuted, kPersists, kFiniteSize, kUndetermined, kOpen };
std::string ToString(FindingClass finding_class);

// One point of a limit path: the path parameter's value and the counts measured there.
struct PathPoint {
  double value = 0;
  int instances = 0;
  int failures = 0;
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

// The class the rule above gives for these points (never kOpen or kRefuted: those are declared).
FindingClass ClassifyPath(const std::vector<PathPoint>& points);

// The path variable of a point (1/value for an inverse path).
double PathVariable(const LimitPath& path, double value);

// Where the fitted rate would fall below δ, extrapolated along the path (finite-size only; empty
// when κ ≥ 0 or the rate is already below δ at the first point).
std::optional<double> ExtrapolatedSizeBelow(const DecayFit& fit, double first_value, double delta);

}  // namespace boa
