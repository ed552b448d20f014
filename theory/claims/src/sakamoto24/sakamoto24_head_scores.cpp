// sakamoto24.head.scores — [S] data model, derived form. With the fixed head
// ν = (μ₊ − μ₋)/(‖μ₊ − μ₋‖·‖μ‖) the score γ_t = νᵀx_t of a D2 token is its signal part's score
// plus νᵀε ~ N(0, σ²‖ν‖²) = N(0, σ²/‖μ‖²):
//   relevant ỹ/√2, weak same ρỹ/√2, weak opposite −ρỹ/√2, irrelevant 0   (+ that noise),
// hence P[sign γ(weak opposite) = −ỹ] = Φ(ρ‖μ‖/(√2σ)) (0.921 at ρ = 0.1, ‖μ‖ = 20).
//
// One instance draws n samples at a grid point (ρ, ‖μ‖, σ) and runs nine exact tests, each at
// level δ/9 (union bound, so a true claim fails an instance w.p. ≤ δ):
//   per role, the standardised scores z = (γ − mean)·‖μ‖/σ are N(0, 1): the mean test
//   Σz/√N ~ N(0, 1) and the variance test Σz² ~ χ²_N (both two-sided);
//   the count of weak-opposite tokens with sign γ = −ỹ is Binomial(n, Φ(ρ‖μ‖/(√2σ))) (exact
//   two-sided binomial test against Boost.Math's normal CDF).
#include <algorithm>
#include <cmath>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/claim.hpp"
#include "boa/model.hpp"
#include "boa/token_selection_data.hpp"

namespace boa::claims {
namespace {

constexpr double kHeadScoresDelta = 1e-3;
constexpr int kTests = 9;

double TwoSided(double lower_tail, double upper_tail) {
  return std::min(1.0, 2 * std::min(lower_tail, upper_tail));
}

}  // namespace

Claim Sakamoto24HeadScores() {
  Claim c;
  c.id = "sakamoto24.head.scores";
  c.title =
      "Head scores γ = νᵀx are Gaussian around ±ỹ/√2, ±ρỹ/√2, 0 and P[sign γ(weak opp.) = −ỹ] = Φ(ρ‖μ‖/(√2σ))";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kDerived;
  c.source = "[S] data model (Def. 3.1) with the fixed head; derived here";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.3 head.scores: γ = νᵀx is its signal part's score plus N(0, σ²/‖μ‖²), so "
       "P[sign γ(weak opposite) = −ỹ] = Φ(ρ‖μ‖/(√2σ))"},
      {"data model and head", Origin::kPaper,
       "[S] data model as the [S] discussion describes it: relevant tokens x_t = μ + ε_t (A''2 "
       "(ii)), weakly relevant tokens (A''2 (iii)), noise N(0, Σ) not orthogonal to the signals "
       "(A''2 (iv)); the head ν ∝ μ₊₁ − μ₋₁ (A1)"},
      {"setting", Origin::kConvention,
       "THEORY.md §4.3, boa's: one instance draws n = 200 samples with T = 4 (one token per "
       "role), d = 8 (γ sees e₁, e₂ only), η = 0, at ρ ∈ [0.02, 0.5], ‖μ‖ ∈ [1, 40], "
       "σ ∈ {0.5, …, 2}"},
      {"nine exact tests at δ/9 each", Origin::kDerivation,
       "THEORY.md §4.3: a union bound, so a true statement fails an instance w.p. ≤ δ"},
  };
  c.regime = {{"rho", 1, 25, 0.02}, {"mu_norm", 1, 40}, {"sigma", 1, 4, 0.5}};
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    TokenSelectionSpec spec;
    spec.n = 200;
    spec.T = 4;  // one token of each role
    spec.d = 8;  // γ only sees coordinates 1 and 2; d does not enter the law
    spec.eta = 0;
    spec.rho = RealParam(params, "rho");
    spec.mu_norm = RealParam(params, "mu_norm");
    spec.sigma = RealParam(params, "sigma");
    const Dataset data = GenerateTokenSelection(spec, seed);
    const Vector head = DefaultHead(data);
    const double sd = spec.sigma / spec.mu_norm;
    const double level = kHeadScoresDelta / kTests;

    Outcome o;
    auto fail = [&](const std::string& why) {
      o.holds = false;
      if (o.explanation.empty()) o.explanation = why;
    };
    const double mean_factor[] = {1, spec.rho, -spec.rho, 0};  // in token order of the sample
    const boost::math::normal standard;
    const boost::math::chi_squared chi2(spec.n);
    int opposite_sign_count = 0;
    double worst_p = 1;
    for (int t = 0; t < spec.T; ++t) {
      const std::string role(RoleName(data.Role(0, t)));
      double sum = 0, sum_sq = 0;
      for (int i = 0; i < spec.n; ++i) {
        const double gamma = head.dot(data.Tokens(i).row(t));
        const double z = (gamma - data.y_true(i) * mean_factor[t] / std::sqrt(2.0)) / sd;
        sum += z;
        sum_sq += z * z;
        if (data.Role(i, t) == TokenRole::kWeakOpposite) {
          opposite_sign_count += gamma * data.y_true(i) < 0;
        }
      }
      const double mean_z = sum / std::sqrt(spec.n);
      const double p_mean =
          2 * boost::math::cdf(boost::math::complement(standard, std::fabs(mean_z)));
      const double p_var = TwoSided(boost::math::cdf(chi2, sum_sq),
                                    boost::math::cdf(boost::math::complement(chi2, sum_sq)));
      o.measured[role + "_mean_z"] = mean_z;
      o.measured[role + "_variance_ratio"] = sum_sq / spec.n;
      worst_p = std::min({worst_p, p_mean, p_var});
      if (p_mean < level)
        fail(role + " score mean is off: standardised mean " + std::to_string(mean_z));
      if (p_var < level)
        fail(role + " score variance is off: ratio " + std::to_string(sum_sq / spec.n));
    }
    const double predicted =
        boost::math::cdf(standard, spec.rho * spec.mu_norm / (std::sqrt(2.0) * spec.sigma));
    const boost::math::binomial binomial(spec.n, predicted);
    const int k = opposite_sign_count;
    const double p_sign =
        TwoSided(boost::math::cdf(binomial, k),
                 k == 0 ? 1.0 : boost::math::cdf(boost::math::complement(binomial, k - 1)));
    worst_p = std::min(worst_p, p_sign);
    o.measured["opposite_sign_fraction"] = static_cast<double>(k) / spec.n;
    o.measured["opposite_sign_predicted"] = predicted;
    o.measured["worst_p_value"] = worst_p;
    if (p_sign < level) {
      fail("weak-opposite sign fraction " + std::to_string(static_cast<double>(k) / spec.n) +
           " vs Φ(ρ‖μ‖/(√2σ)) = " + std::to_string(predicted) + " (p = " + std::to_string(p_sign) +
           ")");
    }
    return o;
  };
  // δ is small, so a true claim's run stops after ≈ 1500–3300 instances of a few microseconds
  // each (the cap follows the cap rule).
  c.delta = kHeadScoresDelta;
  c.delta_alt = 3 * kHeadScoresDelta;  // min(3δ, δ + 0.1)
  c.delta_source =
      "THEORY.md §4, row \"lemma\": δ is the level of the instance's own exact tests (union bound over nine at δ/9), δ₁ = min(3δ, δ + 0.1)";
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kCells;
  c.range_note =
      "the score law for every (ρ, ‖μ‖, σ); the weak tokens' sign law runs along ρ, so the cells split ρ (0.02–0.24, 0.26–0.5)";
  c.cells = CellsAlong(c.regime, "rho", {{"rho_002_024", 1, 12}, {"rho_026_050", 13, 25}});
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24HeadScores);

}  // namespace boa::claims
