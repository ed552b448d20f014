// magen24.extension.multi_token_spread — [M] rebuttal (multi-token): with T = 5, noisy samples
// spread their attention "more evenly" over the noise tokens (THEORY.md §4.2).
//
// Spread measure (stated before measuring): for a noisy training sample after two SA steps, the
// normalised entropy of its attention restricted to its T − 1 noise tokens,
//   H = −Σ_t q_t log q_t / log(T − 1),   q_t = s_t / Σ_{noise u} s_u,
// 1 for uniform, 0 for one token. T = 2 has a single noise token and no spread, so T starts at 3.
// Derived (THEORY.md): after step 2 a noisy sample's noise-token scores share one term of size
// A(T) ∝ T^{−3} and differ by relative O(√(nT/d)), so H → 1 as T grows; at the extensions'
// setting the small-spread estimate gives H ≈ 0.93 at T = 5 and ≥ 0.99 from T = 8.
// Statement: at T = 5, 8 and 16 the mean H over noisy samples is ≥ 0.9 (convention, fixed with
// the estimate above). The rebuttal's figure is one run: δ = 0.5, δ₁ = 0.8 (one seed, typical).
// Setting: ExtensionSpec (n = 20, η = 0.1 exact, r = 4.5), d = 4n², two SA steps from zero, on
// the direct engine (the per-token attention needs the ambient tokens).
// The sweep magen24_multi_token_spread draws H and the signal attention against T = 3..16.
//
// magen24.extension.multi_token_spread_all_tokens — the discussion's own words (issue 49 item 4):
// "for noisy samples, the softmax probabilities are more evenly distributed across all tokens,
// with significantly lower attention on the signal token", a comparison with the clean samples
// and no threshold. At T = 5, per draw: the noisy samples' mean normalised entropy over all T
// tokens (H_all = H(S(Xp))/log T) exceeds the clean samples', and their mean signal attention is
// below the clean samples'. "Significantly" is not quantified by the discussion; the ratio of
// the two signal attentions is reported, not judged.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "boa/catalog.hpp"
#include "boa/numerics.hpp"
#include "boa/prompt_attention_run.hpp"
#include "boa/sweep.hpp"
#include "provenance_elements.hpp"
#include "route_outcome.hpp"

namespace boa::claims {
namespace {

constexpr double kEvenSpread = 0.9;
constexpr int kN = 20;       // ExtensionSpec's n
constexpr int kDFactor = 4;  // d = 4n², the extensions' setting; the parameter d_factor moves it

struct Spread {
  double mean_entropy = 0;  // over noisy samples
  double min_entropy = 1;
  // Over all T tokens, H(S(X_i p))/log T, averaged over the clean and over the noisy samples.
  double clean_entropy_all_tokens = 0, noisy_entropy_all_tokens = 0;
  RouteResult route;
};

Spread MultiTokenSpread(int T, std::uint64_t seed, int d_factor = kDFactor) {
  const SignalNoiseSpec spec = ExtensionSpec(d_factor * kN * kN, T);
  PromptAttentionRunOptions options;
  options.schedule = MagenScheduleSA(spec.n, spec.d);
  options.engine = EngineChoice::kDirect;
  const PromptAttentionRun run = RunPromptAttention(spec, options, seed);
  Spread s;
  s.route =
      SummarizeRoute(run.labels, run.signal_attention, run.train_accuracy, 1 - run.test.error.rate);
  int noisy = 0, clean = 0;
  for (int i = 0; i < run.data.n; ++i) {
    const Vector scores = run.data.Tokens(i) * run.p;
    const double h_all = NormalisedSoftmaxEntropy({scores.data(), static_cast<std::size_t>(T)});
    if (!run.labels.noisy[static_cast<std::size_t>(i)]) {
      s.clean_entropy_all_tokens += h_all;
      ++clean;
      continue;
    }
    s.noisy_entropy_all_tokens += h_all;
    std::vector<double> noise_scores;  // attention restricted to the noise tokens: their softmax
    for (int t = 0; t < T; ++t) {
      if (run.labels.Role(i, t) != TokenRole::kSignal) noise_scores.push_back(scores(t));
    }
    const double h = NormalisedSoftmaxEntropy(noise_scores);
    s.mean_entropy += h;
    s.min_entropy = std::min(s.min_entropy, h);
    ++noisy;
  }
  if (noisy > 0) {
    s.mean_entropy /= noisy;
    s.noisy_entropy_all_tokens /= noisy;
  }
  if (clean > 0) s.clean_entropy_all_tokens /= clean;
  return s;
}

// The setting both spread claims run in; `d_note` says what moves d.
Element MultiTokenSetting(const std::string& d_note) {
  return {"setting", Origin::kConvention,
          "boa's extensions' D1 setting (route_outcome.hpp ExtensionSpec): n = 20, η = 0.1 with "
          "exact flips, r = 4.5 — inside the SA window (3.125, 6.58) and above the max-margin "
          "boundary 2.22; d = 4n² = 1600" +
              d_note + ", two GD steps from zero, direct engine"};
}

Element DiscussionsTokenCount() {
  return {"T = 5", Origin::kPaper,
          "[M] discussion, 'Experiments on more complex model': \"we consider T=5 tokens\""};
}

}  // namespace

Claim Magen24ExtensionMultiTokenSpread() {
  Claim c;
  c.id = "magen24.extension.multi_token_spread";
  c.title =
      "With T = 5, 8, 16 tokens, noisy samples spread their attention over the noise tokens: "
      "mean normalised entropy ≥ 0.9 after two SA steps";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[M] rebuttal, multi-token experiment (T = 5); the spread measure is stated here";
  c.elements = {
      prov::MultiTokenStatement(),
      MultiTokenSetting(" (the parameter d_factor)"),
      DiscussionsTokenCount(),
      {"T = 8 and 16", Origin::kConvention,
       "boa's extension of the discussion's T = 5, where the derived spread estimate predicts "
       "H ≥ 0.99 (THEORY.md §4.2)"},
      {"spread measure: normalised entropy over the noise tokens", Origin::kConvention,
       "boa's reading of \"more evenly distributed\" (THEORY.md §4.2)"},
      {"mean entropy ≥ 0.9", Origin::kConvention,
       "fixed with the derived small-spread estimate H ≈ 0.93 at T = 5 (THEORY.md §4.2)"},
      prov::ScheduleSA(),
  };
  c.budget_params = [](Budget) { return Params{{"d_factor", kDFactor}}; };
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    Outcome o;
    for (const int T : {5, 8, 16}) {
      const Spread s = MultiTokenSpread(T, seed, IntParam(params, "d_factor"));
      o.measured["T" + std::to_string(T) + "_mean_entropy"] = s.mean_entropy;
      o.measured["T" + std::to_string(T) + "_min_entropy"] = s.min_entropy;
      if (s.mean_entropy < kEvenSpread) {
        o.holds = false;
        o.explanation += "T = " + std::to_string(T) + ": mean normalised entropy " +
                         FormatNumber(s.mean_entropy) + " < 0.9; ";
      }
    }
    return o;
  };
  UsePreRegisteredRates(c, RateRow::kTypicalFigure);
  // Issue 35: the record's rate (0.59) lies above δ = 0.5, so the statement is a finding, tested
  // at the record's lower bound.
  c.expected = Expectation::kFails;
  c.limit_path = LimitPath{"d_factor",
                           {4, 8, 16, 32},
                           "the [M] regime d ≫ n² the extensions inherit: d = d_factor·n², n = 20, "
                           "doubling from the extensions' 4n²; the derived spread's deviation "
                           "from uniform shrinks like √(nT/d)"};
  c.finding_class = FindingClass::kFiniteSize;  // records/finding_paths.csv
  // The setting's d is boa's (d = 4n²): halved once and doubled three times, declared before its
  // record was measured (the path record at 4n² … 32n², other seeds, was known).
  c.scans = {
      {"setting", "d_factor", {2, 4, 8, 16, 32}, "d from 2n² to 32n² around the extensions' 4n²"}};
  c.encoding_sensitive =
      "the threshold 0.9 at T = 5: met in 96% of draws at 0.75, 43% at 0.9 (the finding's scan)";
  c.finding =
      "At T = 5 the mean normalised entropy falls below boa's 0.9 in 4700 of 8000 draws (seeds "
      "1000000000.., the rate record; 0.59, above δ = 0.5 for a figure claimed as typical); at T "
      "= 8 and 16 never (0 of 400). Its quantiles over 400 draws: T = 5: 5% 0.76, median 0.89, "
      "95% 0.96; T = 8: 0.94, 0.97, 0.99; T = 16: 0.995, 0.997, 0.998. The spread grows with T as "
      "derived, but the derived small-spread estimate overstates it at T = 5 (0.93 against a "
      "median of 0.89), and 0.9 was fixed from that estimate. The threshold and the entropy "
      "measure are boa's reading of the discussion's “more evenly distributed”, so this refutes "
      "boa's constant, not the discussion. The T = 5 condition as the threshold moves (the same "
      "400 draws): ≥ 0.75 in 96%, ≥ 0.8 in 87%, ≥ 0.85 in 69%, ≥ 0.9 in 43%. Along d ≫ n² (the "
      "path below) the failure vanishes by d = 16n², as the derived √(nT/d) suggests, and so it "
      "does on the scan's seeds (records/scans.csv): 86, 59, 21, 0 and 0 of 100 at d = 2n² … "
      "32n².";
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "one setting (n = 20, T = 5, d = 4n², the rebuttal's); only the seed varies";
  return c;
}
BOA_REGISTER_CLAIM(Magen24ExtensionMultiTokenSpread);

Claim Magen24ExtensionMultiTokenSpreadAllTokens() {
  Claim c;
  c.id = "magen24.extension.multi_token_spread_all_tokens";
  c.title =
      "With T = 5 tokens, noisy samples' attention is more evenly spread across all tokens than "
      "clean samples', with lower signal attention, after two SA steps";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[M] rebuttal, multi-token experiment (T = 5, Fig. 6): the discussion's comparison";
  c.elements = {
      prov::MultiTokenStatement(),
      MultiTokenSetting(""),
      DiscussionsTokenCount(),
      {"more evenly: the noisy samples' mean normalised entropy over all T tokens above the "
       "clean samples'; lower: their mean signal attention below the clean samples'",
       Origin::kConvention,
       "boa's reading of the discussion's comparison \"more evenly distributed across all "
       "tokens, with significantly lower attention on the signal token\" (the figure contrasts "
       "the two groups); \"significantly\" is not quantified there and not judged here"},
      prov::ScheduleSA(),
  };
  c.check = [](const Params&, std::uint64_t seed, Engine) {
    const Spread s = MultiTokenSpread(5, seed);
    Outcome o;
    o.measured["clean_entropy_all_tokens"] = s.clean_entropy_all_tokens;
    o.measured["noisy_entropy_all_tokens"] = s.noisy_entropy_all_tokens;
    o.measured["clean_signal_attention"] = s.route.clean_signal_attention;
    o.measured["noisy_signal_attention"] = s.route.noisy_signal_attention;
    o.measured["signal_attention_ratio_noisy_to_clean"] =
        s.route.noisy_signal_attention / s.route.clean_signal_attention;
    const bool evener = s.noisy_entropy_all_tokens > s.clean_entropy_all_tokens;
    const bool lower = s.route.noisy_signal_attention < s.route.clean_signal_attention;
    o.holds = evener && lower;
    if (!evener) {
      o.explanation += "noisy entropy " + FormatNumber(s.noisy_entropy_all_tokens) + " ≤ clean " +
                       FormatNumber(s.clean_entropy_all_tokens) + "; ";
    }
    if (!lower) {
      o.explanation += "noisy signal attention " + FormatNumber(s.route.noisy_signal_attention) +
                       " ≥ clean " + FormatNumber(s.route.clean_signal_attention) + "; ";
    }
    return o;
  };
  UsePreRegisteredRates(c, RateRow::kTypicalFigure);
  c.expected = Expectation::kHolds;
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "one setting (n = 20, T = 5, d = 4n², the rebuttal's); only the seed varies";
  return c;
}
BOA_REGISTER_CLAIM(Magen24ExtensionMultiTokenSpreadAllTokens);

}  // namespace boa::claims

namespace boa::sweeps {

Sweep Magen24MultiTokenSpreadSweep() {
  Sweep s;
  s.name = "magen24_multi_token_spread";
  s.description =
      "[M] normalised entropy of noisy samples' attention over their noise tokens, T = 3..16";
  s.columns = {"T",
               "seeds",
               "mean_entropy",
               "min_entropy",
               "noisy_signal_attention",
               "clean_signal_attention",
               "train_accuracy",
               "clean_test_accuracy"};
  s.only_engine = Engine::kDirect;
  s.cells = [](Budget, Engine) { return 14; };  // T = 3..16
  s.run = [](int cell, Budget budget, Engine) {
    const int T = 3 + cell;
    const int seeds = budget == Budget::kQuick ? 4 : budget == Budget::kDefault ? 16 : 64;
    std::vector<double> row(8, 0.0);
    row[0] = T;
    row[1] = seeds;
    for (int seed = 1; seed <= seeds; ++seed) {
      const claims::Spread sp = claims::MultiTokenSpread(T, static_cast<std::uint64_t>(seed));
      row[2] += sp.mean_entropy / seeds;
      row[3] += sp.min_entropy / seeds;
      row[4] += sp.route.noisy_signal_attention / seeds;
      row[5] += sp.route.clean_signal_attention / seeds;
      row[6] += sp.route.train_accuracy / seeds;
      row[7] += sp.route.clean_test_accuracy / seeds;
    }
    return Rows{row};
  };
  return s;
}

}  // namespace boa::sweeps
