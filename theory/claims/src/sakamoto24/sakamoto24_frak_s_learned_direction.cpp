// sakamoto24.frak_s.learned_direction — the [S] discussion on label noise past ½ (reply on
// Weakness 2, at its (6000, 100, 0.05) column): "token selection can achieve correct
// classification even with label noise greater than 0.5, provided the signal direction μ₊₁ + μ₋₁
// is learned. However, with high label noise, the model incorrectly learns the class signal in
// the negative direction, leading to failures in token selection and generalization."
//
// Per instance (one seed, the reported column's data, the maps' 𝔖 protocol on the direct engine,
// which keeps the learned query q = p): two runs at η fixed before measuring, 0.1 on either side
// of the reported jump 0.70–0.75 —
//   η = 0.60 (past ½, below the jump): qᵀμ₊ > 0 and qᵀμ₋ > 0 (μ₊ + μ₋ learned) and clean test
//            ≥ 0.95 (boa's cut-off for "correct classification");
//   η = 0.85 (above the jump): qᵀμ_c < 0 for some class c (a class signal learned in the negative
//            direction) and clean test < 0.95 (a failure of generalization).
#include <algorithm>
#include <string>
#include <utility>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/fit_regime.hpp"
#include "boa/frak_s.hpp"
#include "boa/frak_s_map.hpp"
#include "sakamoto24_protocol.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {
namespace {

constexpr double kBelowJump = 0.60, kAboveJump = 0.85;

struct Direction {
  double plus = 0, minus = 0;  // qᵀμ₊/‖μ‖, qᵀμ₋/‖μ‖
  double test_accuracy = 0;
};

Direction LearnedDirection(const Params& params, double eta, std::uint64_t seed) {
  FrakS frak;
  const TokenSelectionRun run =
      FrakSRun(FrakSMapSpec(FrakSMapAxis::kMuNorm, kFrakSReportedMuColumn, kFrakSMapSmallRho, eta),
               RealParam(params, "lr"), IntParam(params, "steps"), seed, frak, Engine::kDirect);
  const double mu_norm = run.data.mu_plus.norm();
  return {run.query.dot(run.data.mu_plus) / mu_norm, run.query.dot(run.data.mu_minus) / mu_norm,
          run.test_accuracy};
}

}  // namespace

Claim Sakamoto24FrakSLearnedDirection() {
  Claim c;
  c.id = "sakamoto24.frak_s.learned_direction";
  c.title =
      "At (6000, 100, 0.05): at η = 0.6 the query learns μ₊ + μ₋ and generalises; at η = 0.85 it learns a class signal negatively and does not";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] discussion, reply on Weakness 2 (label noise past ½)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion, reply on Weakness 2: “token selection can achieve correct "
       "classification even with label noise greater than 0.5, provided the signal direction "
       "μ₊₁ + μ₋₁ is learned. However, with high label noise, the model incorrectly learns the "
       "class signal in the negative direction, leading to failures in token selection and "
       "generalization”"},
      {"(d, ‖μ‖, ρ) = (6000, 100, 0.05)", Origin::kPaper,
       "the column the same reply reports (its jump at η = 0.70–0.75)"},
      {"η = 0.60 and 0.85, 0.1 on either side of the reported jump", Origin::kConvention,
       "boa's, fixed before measuring"},
      {"learned: the sign of qᵀμ₊ and qᵀμ₋ for the final query q = p", Origin::kConvention,
       "boa's reading of “the signal direction is learned”"},
      {"correct classification: clean test ≥ 0.95; a failure of generalization: < 0.95",
       Origin::kConvention, "THEORY.md §2.3, boa's benign cut-off, the same for every claim"},
  };
  for (Element& e : s24::ReportedColumnSetting()) c.elements.push_back(std::move(e));
  c.regime = {};
  c.budget_params = FrakSMapProtocolParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const Direction below = LearnedDirection(params, kBelowJump, seed);
    const Direction above = LearnedDirection(params, kAboveJump, seed);
    Outcome o;
    o.measured = {{"signal_plus_eta_0.60", below.plus},
                  {"signal_minus_eta_0.60", below.minus},
                  {"test_accuracy_eta_0.60", below.test_accuracy},
                  {"signal_plus_eta_0.85", above.plus},
                  {"signal_minus_eta_0.85", above.minus},
                  {"test_accuracy_eta_0.85", above.test_accuracy}};
    const bool sum_learned =
        below.plus > 0 && below.minus > 0 && below.test_accuracy >= kBenignCleanTestAccuracy;
    const bool negative_learned =
        std::min(above.plus, above.minus) < 0 && above.test_accuracy < kBenignCleanTestAccuracy;
    o.holds = sum_learned && negative_learned;
    if (!sum_learned) {
      o.explanation += "η = 0.60: qᵀμ₊/‖μ‖ = " + FormatNumber(below.plus) +
                       ", qᵀμ₋/‖μ‖ = " + FormatNumber(below.minus) + ", clean test " +
                       FormatNumber(below.test_accuracy) + "; ";
    }
    if (!negative_learned) {
      o.explanation += "η = 0.85: qᵀμ₊/‖μ‖ = " + FormatNumber(above.plus) +
                       ", qᵀμ₋/‖μ‖ = " + FormatNumber(above.minus) + ", clean test " +
                       FormatNumber(above.test_accuracy) + "; ";
    }
    return o;
  };
  // The discussion describes one column's runs: THEORY.md §4, "one seed, typical".
  UsePreRegisteredRates(c, RateRow::kTypicalFigure);
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "the discussion's one column (6000, 100, 0.05) at η past ½; only the seed varies";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24FrakSLearnedDirection);

}  // namespace boa::claims
