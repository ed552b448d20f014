#include "claim_property.hpp"

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include "boa/catalog.hpp"
#include "boa/exponent_plan.hpp"
#include "boa/runner.hpp"

namespace boa::testing {

void CheckClaimAsProperty(const std::string& id) {
  const Claim& claim = FindClaim(id);
  std::vector<int> k;
  // Named generators: a shrunk counterexample prints "n (grid index): 3", not "int: 3".
  for (const GridParam& p : claim.regime) {
    k.push_back(*rc::gen::inRange(p.lo, p.hi + 1).as(p.name + " (grid index)"));
  }
  const auto seed =
      static_cast<std::uint64_t>(*rc::gen::inRange<std::uint32_t>(0, 1u << 30).as("seed"));
  const Params params = ParamsAt(claim.regime, k);
  const std::string replay = ReplayLine(claim, params, seed, EngineFor(claim, EngineChoice::kAuto));
  RC_LOG() << replay << '\n';
  const Outcome outcome = CheckInstance(claim, params, seed);
  if (!outcome.in_hypothesis) RC_DISCARD("outside the claim's hypothesis");
  if (!outcome.holds) RC_FAIL(outcome.explanation + "\n  replay: " + replay);
}

void ExpectClaimVerdict(const std::string& id) {
  const Claim& claim = FindClaim(id);
  RunOptions options;
  options.budget = kCiBudget;
  // CiInstances(claim); a claim judged per cell runs each cell at its own CI cap.
  options.instances = claim.cells.empty() ? CiInstances(claim) : 0;
  const Verdict v = RunClaim(claim, options);
  std::string measured;
  for (const auto& [name, value] : v.measured)
    measured += "\n  " + name + " = " + std::to_string(value);
  const std::string context =
      id + ": " + v.summary + measured +
      (v.counterexample ? "\n  counterexample: " + v.counterexample->explanation +
                              "\n  replay: " + v.counterexample->replay
                        : std::string()) +
      "\n  whole run: ./boa check " + id + " --seed 1 --budget " + ToString(kCiBudget) +
      (options.instances > 0 ? " --instances " + std::to_string(options.instances) : "") +
      EngineFlag(claim, v.engine);
  EXPECT_TRUE(v.healthy) << context;
  // Probabilistic and scaling runs can catch their stated breakage (δ₁, or the exponent's
  // deviation): power ≥ 0.9 in the plan that ran (NaN — no exponent test ran — fails too).
  if (v.plan) {
    EXPECT_GE(v.plan->power, 0.9) << context;
  }
  EXPECT_EQ(ToString(v.status), ToString(ExpectedStatus(claim))) << context;
  // A scaling run whose replicates' sd exceeds the plan's σ bound at the gate's level fails CI
  // until σ is re-measured (exponent_plan.hpp kSigmaGateLevel).
  if (v.plan && claim.kind == ClaimKind::kScaling) {
    EXPECT_FALSE(v.plan->sd_p_value < kSigmaGateLevel)
        << context << "\n  σ exceeds the plan's bound (χ² p = " << v.plan->sd_p_value
        << "): re-measure it with `./boa measure sigma --claims "
        << (claim.sigma_from.empty() ? claim.id : claim.sigma_from) << "`";
  }
  // An exploratory claim's run asserts nothing about the papers, but every instance must have
  // run cleanly: its check fails an instance only when it threw or measured a non-finite value.
  if (claim.kind == ClaimKind::kExploratory) {
    EXPECT_EQ(v.failures, 0) << context;
  }
}

}  // namespace boa::testing
