#pragma once
// The claim catalog type (DESIGN.md § The claim catalog).
//
// A claim is data plus one predicate. Its regime is a list of integer grid parameters
// (value = k·unit for k in [lo, hi]): RapidCheck draws the integers, so a shrunk counterexample
// walks toward the small end of the regime and prints as a readable parameter set.
// check(params, seed, engine) evaluates the predicate on one instance; `engine` is the resolved
// engine of the run (EngineFor): claims with a Gram form run their experiments on it, the others
// ignore it (it is always kDirect for them).
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "boa/budget.hpp"
#include "boa/engine.hpp"
#include "boa/finding_class.hpp"
#include "boa/format.hpp"
#include "boa/sequential_test.hpp"

namespace boa {

enum class ClaimKind { kIdentity, kProbabilistic, kScaling, kExploratory };
// Where a claim as a whole comes from (README § Claims):
//   paper           the statement and its setting are the paper's or its discussion's own, with
//                   no constant, size, schedule or horizon of boa's;
//   operationalised the paper's statement made concrete with constants or a setting boa chose;
//   derived         an explicit finite-sample form derived in THEORY.md;
//   exploratory     measured and reported, not asserted.
enum class Provenance { kPaper, kOperationalised, kDerived, kExploratory };
// Where one element of a claim comes from (its statement, its setting, each constant).
enum class Origin { kPaper, kAuthorsCode, kDerivation, kConvention };
enum class Expectation { kHolds, kFails };
// When a draw is found to lie outside the claim's hypothesis (Outcome::in_hypothesis false; README
// § Verdicts, "Rejections"). Every claim declares it (Claim::rejection, checked when the catalog is
// built):
//   none             the claim rejects no draw;
//   before           decided before the outcome, by the parameters or the drawn data;
//   after, statement decided on the run the outcome comes from, by a condition the statement
//                    itself states (𝔖's R is defined on the trajectory: "R > 1 ⇒ benign");
//   after, filter    decided on the run, by a condition the statement does not state: a filter
//                    that changes the population tested. Its worst case (k + rejected)/(N +
//                    rejected) is printed beside the rate, and its runs are held to a stricter
//                    health limit (at most half the draws rejected).
enum class Rejection { kNone, kBeforeOutcome, kAfterInStatement, kAfterFilter };
std::string ToString(ClaimKind kind);
std::string ToString(Rejection rejection);
std::string ToString(Provenance provenance);
std::string ToString(Origin origin);

// One element of a claim and where it comes from: the paper (section, theorem, figure or
// discussion item), the authors' code, a derivation in THEORY.md (which section), or boa's
// convention (which, and why).
struct Element {
  std::string name;  // "statement", "setting", or the constant, e.g. "window margin 0.2"
  Origin origin = Origin::kConvention;
  std::string where;
  // A convention only (issue 51 item 5): empty when it was fixed before measuring; otherwise
  // what had been seen when it was set, and the commit ("not certain: …" where the history cannot
  // tell). From an audit of the history on 2026-12-05 (README § Claims).
  std::string set_after = {};
};
// "fixed before measuring", "set after measuring: <what was seen>" or, where the history cannot
// tell, "perhaps set after measuring: …"; empty for a non-convention.
std::string WhenFixed(const Element& element);
std::string ToString(Expectation expectation);

// The suite's false-alarm budget per run: the probability that CI fails although every
// statement is as the catalog expects. CI fails on any verdict other than the expected one, so
// every way a run can miss it is a term (error_budget.hpp lists them): a false "fails" (≤ α by
// Ville's inequality), an "inconclusive" at the boundary δ, a failed health check, a scaling
// verdict other than the expected one, a finding that does not fail at its measured rate.
// Each statistical claim's plan keeps its own terms within kClaimErrorBudget = 2α (the cap rule,
// README § Verdicts), and the listed terms add up to ≤ kSuiteFalseAlarm (a unit test).
inline constexpr double kSuiteFalseAlarm = 1e-3;
inline constexpr double kClaimAlpha = 5e-6;
inline constexpr double kClaimErrorBudget = 2 * kClaimAlpha;

// Scaling claims (THEORY.md §4.4), the same for every one: τ, the finite-n bias that still
// counts as the predicted exponent κ₀ (the exponent "to one decimal"), and Δ, the equivalence
// margin: "holds" certifies |κ − κ₀| < Δ, and each plan fails an exponent κ₀ ± (τ + Δ) with
// power ≥ 0.9 (stats.hpp, TestExponent; exponent_plan.hpp). Disclosure: τ was set while
// re-encoding the scaling claims (issue 14), after the replicate test at tolerance 0 was seen to
// flip with the seed base on finite-n biases of 0.03–0.06 (max-margin, SA); a tolerance 0 turns
// every finite-n bias into a coin-flip verdict once the test has this power. Δ = 0.25 was the
// deviation each plan had to detect before the equivalence test (issue 26) gave it this role.
inline constexpr double kExponentDeviation = 0.25;
inline constexpr double kExponentTolerance = 0.1;

using Params = std::map<std::string, double>;

struct GridParam {
  std::string name;
  int lo = 0;
  int hi = 0;
  double unit = 1;  // value = k·unit
};
using Regime = std::vector<GridParam>;

struct Outcome {
  bool holds = true;
  std::map<std::string, double> measured;  // e.g. the worst relative error seen
  std::string explanation;                 // one line; says why it failed when it failed
  // false: the drawn instance lies outside the claim's hypothesis, so it is no instance of the
  // claim. It is not counted (the runner draws the next one) but reported as rejected.
  bool in_hypothesis = true;
};

// The committed measurement of a probabilistic claim's rates (theory/claims/records/rates.csv,
// written by measure_rates.py): CI's configuration run to `instances` counted instances on a seed
// base that CI, the flake audit and the report never use. A finding's cap is planned at its
// failure rate's one-sided 95% lower bound; the health term of the error budget at its rejection
// rate's upper bound. Never used to set δ.
struct RateRecord {
  std::uint64_t seed_base = 0;
  int instances = 0;  // counted: inside the hypothesis
  int failures = 0;
  int rejected = 0;    // draws outside the hypothesis
  std::string commit;  // the commit it was measured at
  std::string stamp;   // the inputs it was measured under (RecordStamp)
};
// The committed σ measurement of a scaling claim (theory/claims/records/sigma.csv, written by
// records/measure_sigma.py): CI's configuration run to `replicates` replicate sweeps on
// kRecordSeedBase; sd = exponent_standard_error × √replicates, and the sweeps' mean exponent
// (a scaling finding's exponent bound is its one-sided 95% end nearest the band).
struct SigmaRecord {
  std::uint64_t seed_base = 0;
  int replicates = 0;
  int rejected = 0;
  double sd = 0;
  double mean = 0;
  std::string commit;
  std::string stamp;
};
// The seed base of the record's measurements (disjoint from CI's 1, the flake audit's
// 1 + 1000003·j for j < 10, and the report's default kReportSeedBase).
inline constexpr std::uint64_t kRecordSeedBase = 1000000000;
// The report's default seed base: pre-registered, never looked at while claims were encoded
// (CI keeps seed base 1, which the claims were written against).
inline constexpr std::uint64_t kReportSeedBase = 2026120101;
// The seed base of the findings' path measurement (records/measure_paths.py, finding_class.hpp),
// above the report's.
inline constexpr std::uint64_t kPathSeedBase = 3000000000;
// The seed base of the findings' constant scans (records/measure_scans.py, boa/ledger.hpp), above
// the paths'.
inline constexpr std::uint64_t kScanSeedBase = 4000000000;

// A scan of one constant of boa's that a finding rests on (issue 48; README § The ledger): the
// claim's element it moves (one of its Origin::kConvention elements, by name), the parameter
// `boa check --params` sets to move it, its values (at least 5, the range declared before the scan
// was measured) and why that range. records/scans.csv holds the measurement on seed base
// kScanSeedBase, the other constants at the claim's values: 100 counted instances a value for a
// probabilistic claim, 10 replicate sweeps (their mean exponent and its standard error) for a
// scaling claim.
struct ConstantScan {
  std::string element;
  std::string param;
  std::vector<double> values;
  std::string why;
};
inline constexpr int kScanPoints = 5;
inline constexpr int kScanInstances = 100;
inline constexpr int kScanReplicates = 10;

// How a probabilistic claim's statement ranges over its regime (issue 30; THEORY.md §4, "Cells";
// every probabilistic claim declares it, checked when the catalog is built):
//   single setting  the statement is about one setting; the regime draws only what the statement
//                   leaves free (seeds, the columns of one fixed map, a prompt's token count)
//                   and the averaged rate is the statement's own;
//   cells           "for every (n, d) in the range, P[fail] ≤ δ": the rate averaged over the
//                   range would dilute a violation confined to part of it, so the claim is
//                   judged per cell (Claim::cells, cells.hpp);
//   distribution    the statement is itself about a random setting drawn from the regime: the
//                   average over the regime is what it asserts;
//   range, refuted  "for every … in the range", expected to fail on the average over the range
//                   (a finding): an averaged rate above δ puts some point of the range above δ,
//                   so the averaged "fails" refutes the "for every" soundly, and cells would only
//                   localise it. Allowed only for a finding; one that stops failing needs cells.
enum class RangeKind { kSingleSetting, kCells, kDistribution, kRangeFinding };
std::string ToString(RangeKind range);

// One cell of a claim judged per cell (cells.hpp): a box inside the claim's regime (the same
// parameters, units and order, each range inside the claim's), judged by its own sequential test
// at α/K. The cells of a claim partition its regime. A finding's failing cell says so here; a
// claim is a finding iff one of its cells is.
struct Cell {
  std::string name;  // [a-z0-9_], unique within the claim; the cell's id is "<claim id>@<name>"
  Regime regime;
  Expectation expected = Expectation::kHolds;
  // The cell's row of the committed rate record (records/rates.csv, id "<claim id>@<name>").
  std::optional<RateRecord> rate_record;
  // The cell's rows of the claim's scans (records/scans.csv, id "<claim id>@<name>"): a claim
  // judged per cell is scanned per cell, so that the cells that hold do not dilute a failing one.
  std::map<std::string, std::vector<PathPoint>> scan_record;
};

struct Claim {
  std::string id;
  std::string title;
  ClaimKind kind = ClaimKind::kIdentity;
  Provenance provenance = Provenance::kDerived;
  std::string source;  // paper theorem / figure, or "derived here"
  // Per-element provenance: the statement, the setting (sizes, ρ, η, steps, schedule) and each
  // constant, with where it comes from. A `paper` claim has no element of boa's convention; an
  // `operationalised` one has at least one (a unit test).
  std::vector<Element> elements;
  Regime regime;
  std::function<Outcome(const Params& params, std::uint64_t seed, Engine engine)> check;
  // Identity and exploratory claims: the instance count at the default budget (InstancesAt gives
  // the others). Scaling claims: the number of replicate sweeps at the quick and default budgets
  // (×2 at full), the smallest with both planned powers ≥ 0.9 and a budget term ≤ 2α
  // (PlannedScalingInstances). Probabilistic claims leave it unset: their cap follows the
  // catalog-wide cap rule (SequentialCap) from δ, δ₁, α and, for a finding, its rate record.
  int instances = 100;
  // Probabilistic claims: H0 "failure rate ≤ δ" against H1 "failure rate ≥ δ₁", and where both
  // come from (THEORY.md §4's table of pre-registered rates, or the statement itself). Never
  // from a failure rate measured on this code.
  double delta = 0;
  double delta_alt = 0;
  std::string delta_source;
  // Probabilistic and scaling claims: this claim's false-alarm rate per run. The catalog's α
  // add up to at most kSuiteFalseAlarm (a unit test checks it).
  double alpha = kClaimAlpha;
  // Scaling claims: each instance is one replicate sweep that reports its fitted exponent as
  // measured["exponent"] (an instance fails only when its sweep cannot fit one); the verdict is
  // the exponent test of stats.hpp (TestExponent) over the instances' exponents: α = `alpha`,
  // β = kSprtBeta, κ₀ = predicted_exponent, τ = exponent_tolerance, Δ = deviation. Two-sided
  // ("the exponent is κ₀"): fails when the (1 − α) interval misses κ₀ ± τ, holds when the
  // (1 − 2β) interval lies inside κ₀ ± Δ, else inconclusive. exponent_below ("the exponent lies
  // below κ₀ − τ"): holds when the (1 − β) upper bound is below κ₀ − τ, fails when the (1 − α)
  // lower bound is ≥ κ₀ − τ, else inconclusive.
  double predicted_exponent = 0;
  bool exponent_below = false;
  double deviation = 0;
  double exponent_tolerance = kExponentTolerance;
  // Scaling claims: σ, the standard deviation of one replicate sweep's exponent at CI's budget,
  // measured on seeds CI never uses (seed base 1000000000): the committed σ record
  // (records/sigma.csv; Catalog() attaches it and sets exponent_sd, exponent_sd_replicates and
  // exponent_sd_source from it). The planned powers, the budget term and `instances` follow from
  // it (exponent_plan.hpp), never from the run being judged.
  std::optional<SigmaRecord> sigma_record;
  // The claim whose σ row this one reads, when it judges the same replicate sweeps with another
  // rule (its measurement inputs must be that claim's; a unit test checks it); empty: its own id.
  std::string sigma_from;
  double exponent_sd = 0;
  std::string exponent_sd_source;
  // The replicate sweeps behind exponent_sd: the plan uses σ's one-sided 95% upper bound
  // σ·√((m − 1)/χ²_{m−1}(0.05)), so the planned powers hold for the σ the measurement allows,
  // not only for its point estimate.
  int exponent_sd_replicates = 0;
  // Scaling findings: the same measurement's one-sided 95% bound on the exponent nearest the
  // band (κ₀ ± τ, or κ₀ − τ below), where the plan must still fail the claim with probability
  // ≥ 1 − 2α; Catalog() computes it from the σ record (mean ± 1.645·sd/√replicates).
  double finding_exponent_bound = 0;
  // What the pre-registered statement gives on CI's run: holds, or fails (a finding — the
  // paper's statement is refuted in this form; `finding` says how, with the measured rate).
  // CI asserts it both ways. Exploratory claims are always "reported".
  Expectation expected = Expectation::kHolds;
  std::string finding;
  // Probabilistic claims: the committed rate record (Catalog() attaches it from rates.csv).
  std::optional<RateRecord> rate_record;
  // Findings (finding_class.hpp): the limit path the failure is measured along, and the class the
  // committed measurement gives — declared here and recomputed from the record by a unit test, so
  // CI asserts it both ways. `class_note` says why a finding is open, refuted or has no path yet;
  // `encoding_sensitive` names the choice of boa's the failure hinges on and where its scan is.
  std::optional<LimitPath> limit_path;
  FindingClass finding_class = FindingClass::kUndetermined;
  std::string class_note;
  std::string encoding_sensitive;
  // The committed path measurement (records/finding_paths.csv; Catalog() attaches it).
  std::vector<PathPoint> path_record;
  // Findings: the scans of the constants of boa's the failure rests on, and their committed
  // measurement by scan parameter (records/scans.csv; Catalog() attaches it; a claim judged per
  // cell has none of its own, its cells carry theirs: Cell::scan_record). An element may have
  // more than one scan (a constant alone, and jointly with another along the discussion's own
  // direction); each parameter is scanned once.
  std::vector<ConstantScan> scans;
  std::map<std::string, std::vector<PathPoint>> scan_record;
  // A scaling finding whose scan runs along the statement's own limit (d → ∞, say): that scan's
  // parameter. Its record is the finding's limit path, and the class is the deviation rule's
  // (finding_class.hpp AssessDeviationPath; ScalingFindingClass).
  std::string limit_scan;
  // Optional: parameters fixed per budget (e.g. a scaling claim's sweep size), applied over the
  // drawn ones and under the caller's fixed ones. Replay lines print them like any parameter.
  std::function<Params(Budget)> budget_params;
  // Optional: the measured quantity that says how close an instance came to failing (> 1 means
  // outside tolerance); targeted search maximises it.
  std::string violation_score;
  // Its experiments have a Gram form and run on the engine the run chooses (RunOptions::engine,
  // the command line's --engine; auto: Gram). false: direct only, or no training experiment at
  // all (engine.hpp).
  bool gram_form = false;
  // How CI's property suite tests it (properties/claims_test.cpp, one test per claim): an identity
  // claim as a RapidCheck property over drawn instances (CheckClaimAsProperty), unless
  // `identity_as_property` is false (an identity claim whose instances cost too much for
  // RapidCheck's 100 draws: its CI verdict instead); every other kind by its CI verdict
  // (ExpectClaimVerdict).
  bool identity_as_property = true;
  // Its CI test takes over ~10 s on 2 cores: the test carries the label `slow` (BoaTest.cmake).
  bool slow_in_ci = false;
  // The claim whose CI test also checks this one, in the same process, because their instances
  // share computations (boa/shared_runs.hpp: the same sweeps judged by another rule): run
  // together, the shared sweeps are computed once. Empty: a test of its own. The named claim
  // must have a test of its own (catalog_test.cpp checks both).
  std::string ci_test_with;
  // When its draws are rejected (Rejection), and what decides it (required unless kNone). No
  // default: a claim that does not declare it is refused when the catalog is built.
  std::optional<Rejection> rejection;
  std::string rejection_note;
  // Probabilistic claims: how the statement ranges over the regime (RangeKind; required), why
  // (range_note, required), and for kCells the cells it is judged on (cells.hpp).
  std::optional<RangeKind> range;
  std::string range_note;
  std::vector<Cell> cells;
};

// The health limit (runner.hpp): a healthy run draws at most this many draws per counted instance
// — 10 (more than 9 of 10 draws rejected fails the run), 2 for a filter not in the statement
// (more than half rejected fails it).
inline constexpr int kHealthDrawsPerInstance = 10;
inline constexpr int kFilterHealthDrawsPerInstance = 2;
int HealthDrawsPerInstance(const Claim& claim);
// A filter's worst case: the failure rate if every rejected draw had been a failing instance,
// (k + rejected) / (N + rejected).
double WorstCaseRate(int failures, int instances, int rejected);
// Throws std::logic_error unless the claim declares its rejection kind, with a note unless kNone.
void RequireRejectionDeclared(const Claim& claim);

// THEORY.md §4's pre-registered failure rates for statements that state none. The lemma row
// depends on the lemma's own δ, so lemma claims set δ₁ = min(3δ, δ + 0.1) themselves.
enum class RateRow {
  kTheoremConclusion,  // a theorem's qualitative conclusion for random draws: δ = 0.1, δ₁ = 0.3
  kTypicalFigure,      // a figure shown for one seed, claimed as typical: δ = 0.5, δ₁ = 0.8
};
// Sets claim.delta, delta_alt and delta_source from the row (claim.cpp holds the table, in this
// order).
void UsePreRegisteredRates(Claim& claim, RateRow row);

// Parameters from grid indices (one per regime entry) and back.
Params ParamsAt(const Regime& regime, const std::vector<int>& k);
// Uniformly random grid point, from the regime stream of `seed`.
Params DrawParams(const Regime& regime, std::uint64_t seed);

// "d=12,n=4,snr=0.25": shortest round-trip decimal for every value.
std::string FormatParams(const Params& params);
// Parses "k=v,k=v"; throws InvalidInput on malformed text, non-finite values or a repeated name.
Params ParseParams(const std::string& text);

// Integer parameter, checked: throws InvalidInput when absent or not an integer.
int IntParam(const Params& params, const std::string& name);
double RealParam(const Params& params, const std::string& name);

// The error budget of one judged unit's plan (the cap rule's): 2α — kClaimErrorBudget for a
// claim at kClaimAlpha, 2α/K for each of a claim's K cells (cells.hpp).
double ClaimErrorBudget(const Claim& claim);

// The catalog-wide cap rule for a probabilistic claim at the quick and default budgets (CapFor):
// the smallest cap with power ≥ 0.9 at δ₁ whose plan misses the expected verdict with probability
// ≤ ClaimErrorBudget (or 1.1 × the plan's floor where that is larger) — P_δ[fails or
// inconclusive] for a claim expected to hold; for a finding (β = α) P_r[holds or inconclusive] at
// r, its rate record's one-sided 95% lower bound. Throws InvalidInput for a finding without a
// rate record, and for a claim judged per cell (each cell has its own: JudgedUnits, cells.hpp;
// so has PlanOf).
int SequentialCap(const Claim& claim);
// The plan of a probabilistic claim's run with `cap` instances: δ, δ₁, α from the claim; β =
// kSprtBeta for a claim expected to hold, α for a finding. A finding's alternative is the smaller
// of δ₁ and its recorded rate's lower bound r: a finding whose rate lies between δ and δ₁ (where
// an SPRT planned at δ₁ drifts either way) is tested where its record puts it, so its CI verdict
// "fails" has probability ≥ 1 − β at r by Ville's inequality. The null δ, and with it the
// guarantee P_δ[fails] ≤ α, is the statement's; a finding whose r is not above δ is an error.
SequentialPlan PlanOf(const Claim& claim, int cap);

// A scaling finding's measured class. With a limit scan, the deviation rule on that scan's record
// (finding_class.hpp AssessDeviationPath; throws InvalidInput when it is not measured). A finding
// whose statement is "a failure fraction decays along n" (exponent_below with κ₀ = 0) is its own
// limit path: the 95% interval of its σ record's mean exponent (mean ± 1.96·σ/√m) decides the
// class by the path rule's partition (ClassifyDecayInterval). Empty for every other claim.
std::optional<FindingClass> ScalingFindingClass(const Claim& claim);
// A finding's planning rate: the one-sided 95% Clopper–Pearson lower bound of its record.
double FindingRateLowerBound(const Claim& claim);

// The instance count (probabilistic: the cap) of a run at `budget`; a claim judged per cell: the
// sum of its cells' caps.
int ClaimInstancesAt(const Claim& claim, Budget budget);
// The instance count (probabilistic: the cap) of the claim's CI run — ctest's
// ExpectClaimVerdict and the flake audit, both at kCiBudget.
int CiInstances(const Claim& claim);
// Everything that decides a probabilistic or scaling claim's CI run, as readable
// "key=value; key=value" text (numbers in shortest round-trip form): its kind and expected verdict;
// probabilistic: δ, δ₁, the plan's alternative, α, β and the cap (PlanOf at CiInstances);
// scaling: κ₀, the form, τ, Δ, σ, α, β and the replicate count; both: the health limit where it
// is a filter's stricter one, the regime and the CI budget's fixed parameters. Not the prose. The
// flake audit's record stores it per claim, so a record measured under another plan shows as stale
// (plan_fingerprint.cpp).
std::string PlanFingerprint(const Claim& claim);

// What decides a record's measurement of a claim, besides the code: its kind, regime, health
// limit and CI-budget parameters, and every cell's (plan_fingerprint.cpp). A record row stores
// the stamp of its measurement's inputs — the rates of the claim, its limit path, or one scan —
// and a row whose stamp is not today's is stale (rate_records.hpp StaleRecords): the claim's
// inputs changed after it was measured. (The code of the check is not stamped: a change there needs
// a re-measure by hand, and the flake audit's and the peer's runs are the nets for it.)
std::string MeasurementInputs(const Claim& claim);
enum class RecordKind { kRates, kPath, kScan, kSigma };
std::string RecordStamp(const Claim& claim, RecordKind kind, const std::string& scan_param = {});

// The engine the claim's instances run on under `choice`; throws InvalidInput when kGram is asked
// of a claim without a Gram form.
Engine EngineFor(const Claim& claim, EngineChoice choice);
// " --engine gram|direct" for a claim with a Gram form (the engines draw different numbers, so
// its instances replay only on their engine), "" for the others. Every replay line ends with it.
std::string EngineFlag(const Claim& claim, Engine engine);

// The one-line command that replays one instance exactly, on its engine.
std::string ReplayLine(const Claim& claim, const Params& params, std::uint64_t seed, Engine engine);

}  // namespace boa
