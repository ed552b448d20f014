// runner: identity verdicts, probabilistic verdicts, NaN handling, and shrinking — a deliberately
// false predicate is shrunk to a small instance whose replay line reproduces the failure.
#include <cmath>
#include <sstream>

#include <gtest/gtest.h>

#include "boa/catalog.hpp"
#include "boa/engine.hpp"
#include "boa/error.hpp"
#include "boa/runner.hpp"

namespace boa {
namespace {

// "Every n·d is below 40" — false, and its minimal counterexamples are easy to state.
Claim FalseClaim() {
  Claim c;
  c.id = "test.false.product";
  c.kind = ClaimKind::kIdentity;
  c.regime = {{"n", 2, 50}, {"d", 3, 60}, {"eta", 0, 99, 0.01}};
  c.check = [](const Params& p, std::uint64_t) {
    const int product = IntParam(p, "n") * IntParam(p, "d");
    return Outcome{product < 40, {{"product", product}}, "n·d = " + std::to_string(product)};
  };
  c.instances = 50;
  return c;
}

// Parses the --params and --seed of a replay line.
std::pair<Params, std::uint64_t> ParseReplay(const std::string& line) {
  std::istringstream words(line);
  std::string word, params;
  std::uint64_t seed = 0;
  while (words >> word) {
    if (word == "--params") words >> params;
    if (word == "--seed") words >> seed;
  }
  return {ParseParams(params), seed};
}

TEST(Runner, ShrinksAFalsePredicateToAMinimalInstanceThatReplays) {
  const Claim claim = FalseClaim();
  const Verdict v = RunClaim(claim, {});
  ASSERT_EQ(v.status, Status::kFails);
  ASSERT_TRUE(v.counterexample.has_value());
  const Params& p = v.counterexample->params;
  // Minimal: n·d ≥ 40, and neither n nor d can drop by one without making the claim true.
  const int n = IntParam(p, "n"), d = IntParam(p, "d");
  EXPECT_GE(n * d, 40);
  EXPECT_LT((n - 1) * d, 40);
  EXPECT_LT(n * (d - 1), 40);
  EXPECT_EQ(RealParam(p, "eta"), 0.0);  // irrelevant parameters shrink to the regime's low end
  // The printed replay line reproduces the failure exactly.
  const auto [params, seed] = ParseReplay(v.counterexample->replay);
  EXPECT_EQ(params, p);
  RunOptions replay;
  replay.instances = 1;
  replay.seed_base = seed;
  replay.fixed = params;
  const Verdict again = RunClaim(claim, replay);
  EXPECT_EQ(again.status, Status::kFails);
  EXPECT_EQ(again.failures, 1);
}

TEST(Runner, IdentityClaimHoldsWhenNoInstanceFails) {
  Claim c = FalseClaim();
  c.check = [](const Params&, std::uint64_t) { return Outcome{true, {{"x", 1.0}}, ""}; };
  const Verdict v = RunClaim(c, {});
  EXPECT_EQ(v.status, Status::kHolds);
  EXPECT_EQ(v.instances, 50);
  EXPECT_EQ(v.measured.at("x_mean"), 1.0);
  EXPECT_FALSE(v.counterexample.has_value());
}

TEST(Runner, ProbabilisticVerdictFollowsTheClopperPearsonBound) {
  Claim c = FalseClaim();
  c.kind = ClaimKind::kProbabilistic;
  c.delta = 0.1;
  // Fails on every seed divisible by `period`.
  auto with_period = [&](int period) {
    c.check = [period](const Params&, std::uint64_t seed) {
      return Outcome{seed % period != 0, {}, "unlucky seed"};
    };
    RunOptions o;
    o.instances = 1000;
    o.shrink = false;
    return RunClaim(c, o);
  };
  EXPECT_EQ(with_period(20).status, Status::kHolds);  // 5% failures ≤ δ = 10%
  EXPECT_EQ(with_period(2).status, Status::kFails);   // 50% failures ≫ δ
  EXPECT_GT(with_period(2).bound, 0.1);
}

// What CI runs (ExpectClaimHolds, and the flake audit that audits it) must be able to fail: a
// probabilistic claim's ci run has enough instances that all of them failing fails the verdict.
TEST(Runner, EveryProbabilisticClaimsCiRunCanFail) {
  for (const Claim& claim : Catalog()) {
    if (claim.kind != ClaimKind::kProbabilistic) continue;
    const int n = CiInstances(claim);
    EXPECT_TRUE(JudgeFailureRate(n, n, claim.delta).fails)
        << claim.id << ": " << n << " instances at δ = " << claim.delta
        << " can never fail at α = " << kDefaultAlpha << "; raise its ci_instances";
  }
}

TEST(Runner, NonFiniteMeasurementsAndThrowingChecksFail) {
  Claim c = FalseClaim();
  c.check = [](const Params&, std::uint64_t) { return Outcome{true, {{"x", std::nan("")}}, ""}; };
  EXPECT_EQ(RunClaim(c, {}).status, Status::kFails);
  c.check = [](const Params&, std::uint64_t) -> Outcome { throw std::runtime_error("boom"); };
  const Verdict v = RunClaim(c, {});
  EXPECT_EQ(v.status, Status::kFails);
  EXPECT_NE(v.counterexample->explanation.find("boom"), std::string::npos);
}

TEST(Runner, ExploratoryClaimsAreReportedNeverFailed) {
  Claim c = FalseClaim();
  c.kind = ClaimKind::kExploratory;
  EXPECT_EQ(RunClaim(c, {}).status, Status::kReported);
}

// A run on a chosen engine replays on that engine; the default (auto) needs no flag.
TEST(Runner, ReplayLinesNameAChosenEngine) {
  const Params params = {{"n", 4}};
  EXPECT_EQ(ReplayLine("x.y", params, 3), "./boa check x.y --params n=4 --seed 3 --instances 1");
  {
    const ScopedEngineChoice direct(EngineChoice::kDirect);
    EXPECT_EQ(ReplayLine("x.y", params, 3),
              "./boa check x.y --params n=4 --seed 3 --instances 1 --engine direct");
    EXPECT_EQ(ResolveEngine(EngineChoice::kAuto), Engine::kDirect);
    EXPECT_EQ(ResolveEngine(EngineChoice::kGram), Engine::kGram);  // an explicit choice wins
  }
  EXPECT_EQ(ResolveEngine(EngineChoice::kAuto), Engine::kGram);
  EXPECT_EQ(ResolveEngine(EngineChoice::kGram, false), Engine::kDirect);  // no Gram form
  EXPECT_THROW(ParseEngineChoice("fast"), InvalidInput);
}

TEST(Runner, ParamsRoundTripAndRejectMalformedText) {
  const Params p = {{"n", 4}, {"snr", 0.1}, {"eta", 1.0 / 3}};
  EXPECT_EQ(ParseParams(FormatParams(p)), p);
  EXPECT_THROW(ParseParams("n=4,d"), InvalidInput);
  EXPECT_THROW(ParseParams("n=four"), InvalidInput);
  EXPECT_THROW(ParseParams("n=nan"), InvalidInput);
  EXPECT_THROW(ParseParams("n=inf"), InvalidInput);
  EXPECT_THROW(IntParam({{"n", 2.5}}, "n"), InvalidInput);
}

}  // namespace
}  // namespace boa
