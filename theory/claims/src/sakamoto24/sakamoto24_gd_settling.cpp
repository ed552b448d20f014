// sakamoto24.gd.token_selection_settles — [S] Thm 4.2 at its own strictness (issue 50 item 9).
// The discussion: “our analysis is for all time steps τ after a certain step T₀”. A run can only
// show a T₀ inside its horizon H, so the claim asks for one by settle_by·H: from that step to H,
// every training sample keeps its most-attended token and stays fitted, and at H the selection
// is the theorem's (JudgeTokenSelection). Trained as the theorem trains it: p only, W = I.
//
// Parameters: n, d_per_n2 (d = d_per_n2·n²; 5 is the balanced setting's d = 2000 at n = 20), lr,
// steps (H), settle_by.
#include <cmath>
#include <string>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/selection_settling.hpp"
#include "sakamoto24_protocol.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {
namespace {

constexpr double kSettleBy = 0.5;      // T₀ ≤ H/2: the run is stable for its whole second half
constexpr double kBalancedDPerN2 = 5;  // d = 2000 at n = 20

}  // namespace

Claim Sakamoto24GdTokenSelectionSettles() {
  Claim c;
  c.id = "sakamoto24.gd.token_selection_settles";
  c.title =
      "Thm 4.2 for all τ ≥ T₀: by half the horizon every sample keeps its token and stays fitted, and the selection is the theorem's";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] Thm 4.2, for all τ after T₀ (the discussion, line 118)";
  const Element settled = {
      "T₀ ≤ H/2: from step H/2 to the horizon H every sample keeps its most-attended token and "
      "stays fitted (settle_by = 0.5)",
      Origin::kConvention,
      "boa's: the discussion gives no T₀ (line 118), and a run can show one only inside its "
      "horizon; half of it leaves the run's whole second half to show the selection is stable",
      "set after the per-draw settling steps were measured (issue 50 item 9 asks to measure them "
      "first) at 558a489, 40 draws a horizon; scanned below"};
  const Element protocol = s24::POnlyProtocol();
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion, Review 1 follow-up (c), line 118 (again at 288): “our analysis is for all "
       "time steps τ after a certain step T₀”; the conclusion is Thm 4.2's as "
       "sakamoto24.gd.token_selection reads it (clean samples on their relevant token, noisy "
       "ones on a token aligned with their flipped label, benign overfitting)"},
      settled,
      {"a noisy sample's token: any token whose head score has its flipped label's sign",
       Origin::kConvention,
       "boa's weaker reading of “alternative tokens that align with the label noise”, as in "
       "sakamoto24.gd.token_selection"},
      {"setting", Origin::kAuthorsCode,
       "[S] Fig. 3(a): the Fig. 3 data in the balanced setting as the authors' final code draws "
       "them, trained as the theorem trains them (p only, W = I; the discussion, A''1) with boa's "
       "p-only protocol (the elements below)"},
      s24::Fig3Data(),
      s24::Fig3Balanced(),
      protocol,
      s24::BenignCutOff(),
      s24::ProjectedTestSet("clean test set: 2000 projected samples"),
  };
  c.regime = {};
  c.budget_params = [](Budget) {
    const TokenSelectionRunOptions run = Sakamoto24POnlyProtocol();
    return Params{{"n", 20},
                  {"d_per_n2", kBalancedDPerN2},
                  {"lr", run.lr},
                  {"steps", run.steps},
                  {"settle_by", kSettleBy}};
  };
  c.gram_form = true;
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    const int n = IntParam(params, "n");
    const double d_per_n2 = RealParam(params, "d_per_n2");
    const double settle_by = RealParam(params, "settle_by");
    Require(n >= 5 && d_per_n2 > 0, "n must be ≥ 5 and d_per_n2 > 0");
    Require(settle_by >= 0 && settle_by <= 1, "settle_by must lie in [0, 1]");
    TokenSelectionSpec spec = Sakamoto24Spec(static_cast<int>(std::lround(d_per_n2 * n * n)),
                                             Sakamoto24Settings()[0].mu_norm);
    spec.n = n;
    TokenSelectionRunOptions options = Sakamoto24POnlyProtocol();
    options.lr = RealParam(params, "lr");
    options.steps = IntParam(params, "steps");
    options.engine = engine;
    SelectionSettling settling;
    options.attention_observer = SelectionSettlingTracker(settling);
    const TokenSelectionRun run = RunTokenSelection(spec, options, seed);

    Outcome o;
    AddRunMeasures("", run, o.measured);
    const int settled_from = settling.SettledFrom();
    o.measured["settled_from"] = settled_from;  // steps + 1: unfitted at the horizon
    o.measured["last_change"] = settling.last_change;
    o.measured["token_switches"] = settling.changes;
    JudgeTokenSelection(run, o);
    const int deadline = static_cast<int>(std::floor(settle_by * options.steps));
    if (o.holds && settled_from > deadline) {
      o.holds = false;
      o.explanation = "selection or fit still changing after step " + std::to_string(deadline) +
                      ": settled from step " + std::to_string(settled_from) +
                      " (last token switch " + std::to_string(settling.last_change) + ")";
    }
    return o;
  };
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.expected = Expectation::kFails;
  c.limit_path = POnlyHorizonPath();
  c.finding_class = FindingClass::kFiniteSize;  // records/finding_paths.csv
  // Declared before the records were measured; the prototype's 40 draws a point (seeds 1000..)
  // along the horizon were known.
  c.scans = {
      {protocol.name,
       "steps",
       {1500, 3000, 6000, 12000, 24000},
       "the protocol's horizon doubled four times: Thm 4.2's conclusion holds for every τ ≥ T₀"},
      {protocol.name,
       "lr",
       {2.5e-4, 5e-4, 1e-3, 2e-3, 4e-3},
       "the step size a factor 4 either side of boa's 1e-3, at 1500 steps"},
      {settled.name,
       "settle_by",
       {0.25, 0.5, 0.75, 0.9, 1},
       "T₀ from a quarter of the horizon to the horizon itself (1: the conclusion at the last "
       "step alone)"},
  };
  c.encoding_sensitive =
      "the horizon and step size of the p-only protocol, through lr·H: 4 of 100 fail at 24000 "
      "steps; and T₀ ≤ H/2: judged at the last step alone, 58 of 100 fail at 1500 steps (the "
      "scans)";
  c.finding =
      "At the p-only protocol's 1500 steps the strict form fails in 398 of 400 draws (seeds "
      "1000000000.., the rate record). Most runs have not fitted their noisy samples yet: judged "
      "at the last step alone (settle_by = 1) 58 of 100 fail. Per draw, the step T₀ from which "
      "every sample keeps its token and stays fitted has median 1863 and 90% quantile 4150 steps "
      "(6000-step runs, 100 draws). Along the horizon, the theorem's τ ≥ T₀, the failure "
      "shrinks: 99, 59, 20 and 14 of 100 at 1500, 3000, 6000 and 12000 steps (the path record; "
      "exponent −0.95, 95% interval [−1.11, −0.82]), and the scan reaches 4 of 100 at 24000. The "
      "step size acts through lr·H (lr 2e-3 and 4e-3 at 1500 steps: 70 and 24 of 100, as 3000 "
      "and 6000 steps at 1e-3). T₀ falls like 1/d at n = 20 and stays put along n at d = 5n² "
      "(THEORY.md). A finite-horizon deviation: T₀ is finite in nearly every draw, and the "
      "theorem's form holds once the horizon is long enough.";
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "the balanced setting of Fig. 3a, p only; only the seed varies";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24GdTokenSelectionSettles);

}  // namespace boa::claims
