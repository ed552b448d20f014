// sakamoto24.embedding.token_selection — [S] discussion A1's alternative to the class-signal head:
// “the main results also hold in scenarios where the linear head is randomly fixed, and the
// embedding layer learns the data embeddings aligned with these linear classifier's directions”.
// boa's construction (the paper's is not available): the balanced Fig. 3a data, a random Gaussian
// fixed head ν (RandomGaussianHead, as sakamoto24.head.random), a d×d embedding E applied to every
// token before the attention (EmbeddedTokenSelection), E₀ = I, p₀ = 0, p and E trained jointly
// by GD at the [S] step size 5e-3 for 1000 steps. Asserted: the predicate of
// sakamoto24.gd.token_selection (train accuracy 1, every clean sample attends most to its
// relevant token, every noisy sample to a token whose embedded head score νᵀEx has its flipped
// label's sign, clean test ≥ 0.95).
//
// sakamoto24.embedding.benign — the same runs, the benign-overfitting half of “the main results”
// alone: train accuracy 1 and clean test ≥ 0.95 (THEORY.md §2.3's benign cut-off).
//
// sakamoto24.embedding.alignment — the same runs: the learned embedding aligns the class-signal
// difference with the head, cos∠(E(μ₊ − μ₋), ν) ≥ ½ at step 1000 (boa's cut-off).
#include <cmath>
#include <string>
#include <vector>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/embedding_run.hpp"
#include "boa/error.hpp"
#include "boa/fit_regime.hpp"
#include "sakamoto24_protocol.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {
namespace {

// boa's cut-off for “aligned”: the class-signal difference's image within 60° of the head.
constexpr double kEmbeddingAlignedCosine = 0.5;

// The head's scale: ν = head_scale · g/(‖g‖·‖μ‖), 1 being the default head's norm 1/‖μ‖ (a
// parameter, for its scan).
Params EmbeddingBudgetParams(Budget budget) {
  const TokenSelectionRunOptions o = EmbeddingProtocol(budget, false);
  return {{"lr", o.lr}, {"steps", o.steps}, {"n_test", o.n_test}, {"head_scale", 1}};
}

// With the benign cut-off a parameter too, for the claims whose predicate reads it.
Params EmbeddingBenignParams(Budget budget) {
  Params params = EmbeddingBudgetParams(budget);
  params["benign_cutoff"] = kBenignCleanTestAccuracy;
  return params;
}

// The frame the three embedding claims share: the balanced Fig. 3a setting with a random head
// (only the seed varies), THEORY.md §4's "theorem conclusion" row fixed before any run (“the main
// results also hold”: the conclusions of Thm 4.2 in the alternative construction), a finding
// judged along the horizon, slow in CI.
void EmbeddingFindingFrame(Claim& c, FindingClass finding_class) {
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.regime = {};
  c.budget_params = EmbeddingBudgetParams;
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.expected = Expectation::kFails;
  c.limit_path = HorizonPath();
  c.finding_class = finding_class;  // records/finding_paths.csv
  c.slow_in_ci = true;
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "the balanced setting of Fig. 3a with a random head; only the seed varies";
}

EmbeddingRun EmbeddingBalancedRun(const Params& params, std::uint64_t seed,
                                  std::map<std::string, double>& measured) {
  const TokenSelectionSpec spec = Sakamoto24Spec(2000, 20);
  TokenSelectionRunOptions options = EmbeddingProtocol(Budget::kDefault, false);
  options.lr = RealParam(params, "lr");
  options.steps = IntParam(params, "steps");
  options.n_test = IntParam(params, "n_test");
  const double head_scale = RealParam(params, "head_scale");
  Require(head_scale > 0, "head_scale must be positive");
  options.head = head_scale * RandomGaussianHead(spec, seed);
  EmbeddingRun run = RunEmbeddedTokenSelection(spec, options, seed);
  AddRunMeasures("", run.run, measured);
  measured["initial_cosine"] = run.initial_cosine;
  measured["final_cosine"] = run.final_cosine;
  measured["effective_head_signal_cosine"] = run.head_signal;
  return run;
}

// The training element of boa's construction, by name: the scans move it.
constexpr const char* kEmbeddingTraining =
    "E₀ = I, p₀ = 0; p and E trained jointly by full-batch GD, step 5e-3 each, 1000 steps";

// The scan of that element's step size: the authors' 5e-3 halved and doubled twice, at the
// authors' 1000 steps (declared before its record was measured).
ConstantScan EmbeddingStepSizeScan() {
  return {kEmbeddingTraining,
          "lr",
          {1.25e-3, 2.5e-3, 5e-3, 1e-2, 2e-2},
          "the step size of E and p halved and doubled twice around the authors' 5e-3, 1000 "
          "steps each"};
}

constexpr const char* kEmbeddingHead =
    "random head ν = g/(‖g‖·‖μ‖), g ~ N(0, I_d), replacing the data's head";
constexpr const char* kEmbeddingTestSet = "clean test set: 2000 projected samples of (Eᵀp, Eᵀν)";

// The scans of benign and token_selection's other constants of boa's (issue 48; declared before
// their records were measured): the head's norm (tagged), the benign cut-off their predicates
// share (`cutoff_element`) and the test set, on the ranges other claims scan them over.
std::vector<ConstantScan> EmbeddingPredicateScans(const std::string& cutoff_element) {
  return {EmbeddingStepSizeScan(),
          {kEmbeddingHead,
           "head_scale",
           {0.25, 0.5, 1, 2, 4},
           "the random head's norm 1/‖μ‖ quartered to quadrupled: the logits' scale, which the "
           "discussion's “randomly fixed” head leaves open"},
          BenignCutoffScan(cutoff_element),
          TestSetScan(kEmbeddingTestSet)};
}

std::vector<Element> EmbeddingElements(Element statement, Element extra) {
  return {
      std::move(statement),
      {"setting", Origin::kConvention,
       "boa's construction of the discussion's scenario (the paper's is not available to this "
       "project): the Fig. 3 data in the balanced setting, a random fixed head and a learned "
       "embedding layer (the elements below)"},
      s24::Fig3Data(),
      s24::Fig3Balanced(),
      {kEmbeddingHead, Origin::kConvention,
       "sakamoto24_settings.hpp (RandomGaussianHead), boa's: the default head's norm, as "
       "sakamoto24.head.random; the parameter head_scale (1) multiplies it"},
      {"embedding f = νᵀ(XEᵀ)ᵀS(XEᵀp), E d×d on every token before the attention, no W",
       Origin::kConvention,
       "THEORY.md §1.2 M2e, boa's: the discussion names an embedding layer without its form; E "
       "also plays W's part (the query is Eᵀp)"},
      {kEmbeddingTraining, Origin::kConvention,
       "boa's: at E = I the model is the random-head M2; the step size and horizon are the "
       "authors' ([S] code @ c563aae config/main.yaml: learning_rate 5e-3, num_steps 1000)"},
      std::move(extra),
      s24::ProjectedTestSet(kEmbeddingTestSet),
  };
}

Element EmbeddingStatement() {
  return {"statement", Origin::kPaper,
          "[S] discussion A1: “Alternatively, the main results also hold in scenarios where the "
          "linear head is randomly fixed, and the embedding layer learns the data embeddings "
          "aligned with these linear classifier's directions”"};
}

}  // namespace

Claim Sakamoto24EmbeddingTokenSelection() {
  Claim c;
  EmbeddingFindingFrame(c, FindingClass::kPersists);
  c.id = "sakamoto24.embedding.token_selection";
  c.title =
      "Random fixed head, learned embedding: GD fits every sample, clean by the relevant token, noisy by a flipped-sign token; test ≥ 0.95";
  c.source = "[S] discussion A1 (random head with a learned embedding)";
  c.elements = EmbeddingElements(
      EmbeddingStatement(),
      {"“the main results”: sakamoto24.gd.token_selection's predicate at the last step",
       Origin::kConvention,
       "boa's reading: train accuracy 1, clean samples on their relevant token, noisy samples "
       "on a token whose embedded head score νᵀEx has the flipped label's sign, and clean test "
       "≥ 0.95 (THEORY.md §2.3's benign cut-off; the parameter benign_cutoff)"});
  c.budget_params = EmbeddingBenignParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    Outcome o;
    const EmbeddingRun e = EmbeddingBalancedRun(params, seed, o.measured);
    const TokenSelectionRun& run = e.run;
    o.holds = run.train_accuracy == 1 && run.clean_selects.at("relevant") == 1 &&
              run.noisy_select_label_sign == 1 &&
              run.test_accuracy >= RealParam(params, "benign_cutoff");
    o.explanation =
        "train " + FormatNumber(run.train_accuracy) + ", clean selecting relevant " +
        FormatNumber(run.clean_selects.at("relevant")) + ", noisy selecting a flipped-sign token " +
        FormatNumber(run.noisy_select_label_sign) + ", clean test " +
        FormatNumber(run.test_accuracy) + ", cos(E(μ₊ − μ₋), ν) " + FormatNumber(e.final_cosine);
    return o;
  };
  c.scans = EmbeddingPredicateScans(
      "“the main results”: sakamoto24.gd.token_selection's predicate at the last step");
  c.encoding_sensitive =
      "boa's construction: E₀ = I, E d×d trained at p's step size; the random head's norm 1/‖μ‖; "
      "the horizon (the path lengthens it)";
  c.finding =
      "With the head random and the embedding learned, 381 of 400 draws (seeds 1000000000.., the "
      "rate record; 0.95) miss the predicate at the authors' horizon. Every sample is fitted "
      "(train accuracy 1 on each of seeds 1000000000..19) and the noisy samples sit on "
      "flipped-sign tokens, but the clean samples do not single out their relevant token (0 to "
      "0.94 of them select it on those seeds) and the clean test accuracy falls below 0.95 in "
      "most draws (0.51 to 1): the learned embedding aligns the class-signal difference with the "
      "head only partly (sakamoto24.embedding.alignment). boa's construction of the discussion's "
      "scenario, not the paper's (not available). Along the horizon (records/finding_paths.csv, "
      "100 draws a point) it persists: 91, 89, 89 and 88 of 100 fail at 1000, 2000, 4000 and "
      "8000 steps, and so it does at every step size of E and p from 1.25e-3 to 2e-2 (100, 98, "
      "97, 96, 95 of 100; records/scans.csv, seed base 4e9), every scale of the head from 0.25 "
      "to 4 times its norm (100, 98, 97, 97, 98), every benign cut-off 0.9 … 0.99 and every test "
      "set of 500 … 8000 samples (97 of 100 each).";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24EmbeddingTokenSelection);

Claim Sakamoto24EmbeddingBenign() {
  Claim c;
  EmbeddingFindingFrame(c, FindingClass::kPersists);
  c.id = "sakamoto24.embedding.benign";
  c.title =
      "Random fixed head, learned embedding: GD overfits benignly (train accuracy 1, clean test ≥ 0.95)";
  c.source = "[S] discussion A1 (random head with a learned embedding)";
  c.elements = EmbeddingElements(EmbeddingStatement(), s24::BenignCutOff());
  c.budget_params = EmbeddingBenignParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    Outcome o;
    const EmbeddingRun e = EmbeddingBalancedRun(params, seed, o.measured);
    o.holds =
        e.run.train_accuracy == 1 && e.run.test_accuracy >= RealParam(params, "benign_cutoff");
    o.explanation = "train " + FormatNumber(e.run.train_accuracy) + ", clean test " +
                    FormatNumber(e.run.test_accuracy);
    return o;
  };
  c.scans = EmbeddingPredicateScans(s24::BenignCutOff().name);
  c.encoding_sensitive =
      "boa's construction: E₀ = I, E d×d trained at p's step size; the random head's norm 1/‖μ‖; "
      "the benign cut-off 0.95 (§2.3); the horizon (the path lengthens it)";
  c.finding =
      "271 of 400 draws (seeds 1000000000.., the rate record; 0.68) are not benign at the "
      "authors' horizon: the model fits every training sample but its clean test accuracy stays "
      "below 0.95 (0.51 to 0.93 on the failing seeds of 1000000000..19, near chance where the "
      "learned alignment cos∠(E(μ₊ − μ₋), ν) stays near 0). Overfitting with a random head and a "
      "learned embedding is benign only in some draws under boa's construction. Along the horizon "
      "it persists: 71, 68, 68 and 69 of 100 fail at 1000, 2000, 4000 and 8000 steps "
      "(records/finding_paths.csv), and at every step size of E and p from 1.25e-3 to 2e-2 "
      "(100, 88, 74, 68, 68 of 100; records/scans.csv, seed base 4e9), every scale of the head "
      "from 0.25 to 4 times its norm (100, 88, 74, 68, 69: the head's scale acts as the step "
      "size does), every benign cut-off 0.9 … 0.99 (69 … 79) and every test set of 500 … 8000 "
      "samples (73–74).";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24EmbeddingBenign);

Claim Sakamoto24EmbeddingAlignment() {
  Claim c;
  EmbeddingFindingFrame(c, FindingClass::kFiniteSize);
  c.id = "sakamoto24.embedding.alignment";
  c.title =
      "Random fixed head, learned embedding: GD aligns the class-signal difference with the head, cos∠(E(μ₊ − μ₋), ν) ≥ ½";
  c.source = "[S] discussion A1 (the embedding learns data embeddings aligned with the head)";
  c.elements = EmbeddingElements(
      EmbeddingStatement(),
      {"“aligned”: cos∠(E(μ₊ − μ₋), ν) ≥ ½ at the last step", Origin::kConvention,
       "boa's cut-off (within 60°), fixed before any run; at E₀ = I the cosine is the random "
       "head's, O(d^{−1/2}) (0.03 or less at d = 2000, sakamoto24.head.random)"});
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    Outcome o;
    const EmbeddingRun e = EmbeddingBalancedRun(params, seed, o.measured);
    o.holds = e.final_cosine >= kEmbeddingAlignedCosine;
    o.explanation = "cos(E(μ₊ − μ₋), ν) " + FormatNumber(e.initial_cosine) + " → " +
                    FormatNumber(e.final_cosine) + "; effective head's signal cosine " +
                    FormatNumber(e.head_signal);
    return o;
  };
  // The horizon is boa's: declared before its record was measured; the path record (1000 … 8000
  // steps, other seeds) was known.
  c.scans = {HorizonScan(kEmbeddingTraining)};
  c.encoding_sensitive =
      "the cut-off ½ for “aligned”, boa's construction (E₀ = I, one step size) and the horizon "
      "(the path lengthens it)";
  c.finding =
      "332 of 400 draws (seeds 1000000000.., the rate record; 0.83) end with cos∠(E(μ₊ − μ₋), ν) "
      "below ½ at the authors' horizon: from the random head's O(d^{−1/2}) the learned embedding "
      "raises it to −0.02 … 0.56 on seeds 1000000000..19 (0.50 at seed 1). The clean test "
      "accuracy follows the cosine (near chance where it stays near 0). Along the horizon the "
      "failure shrinks: 85, 38, 26 and 18 of 100 at 1000, 2000, 4000 and 8000 steps "
      "(records/finding_paths.csv), so the alignment is a finite-horizon deviation. On the scan's "
      "seeds (records/scans.csv, seed base 4e9) 89, 40, 27, 23 and 17 of 100 fail at 1000 … "
      "16000 steps: still above δ = 0.1 at 95% at 16000 (lower bound 0.11).";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24EmbeddingAlignment);

}  // namespace boa::claims
