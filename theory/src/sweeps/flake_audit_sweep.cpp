// flake_audit: does any statistical claim cry wolf? Every probabilistic and scaling claim runs
// exactly as ctest runs it (ExpectClaimHolds: kCiBudget sweep sizes, CiInstances(claim) instances)
// under many seed bases; a "fails" verdict on a claim that holds is a false alarm. Probabilistic
// claims promise a rate ≤ α = 1e-6 per run; a scaling claim's 95% interval misses a true exponent
// in up to 5% of runs.
//
// One cell per (claim, seed base); seed bases 1 + 1000003·j keep the instance seeds of different
// runs disjoint (j = 0 is CI's own run). Seed bases per claim: quick 1, default 10, full 50. One
// round of every statistical claim at its CI count costs ≈ 45 s of CPU (sakamoto24.gd.regimes at
// 24 seeds ≈ 28 s of it), so the default report's 10 rounds take ≈ 4 minutes on 2 cores and the
// 50 rounds (≈ 38 CPU-minutes) belong to --budget full (or to
// `boa sweep flake_audit --budget full --shard k/N` on several machines).
#include "boa/catalog.hpp"
#include "boa/runner.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {
namespace {

std::vector<const Claim*> StatisticalClaims() {
  std::vector<const Claim*> out;
  for (const Claim& c : Catalog()) {
    if (c.kind == ClaimKind::kProbabilistic || c.kind == ClaimKind::kScaling) out.push_back(&c);
  }
  return out;
}

}  // namespace

int FlakeAuditSeedBases(Budget b) {
  return b == Budget::kQuick ? 1 : b == Budget::kDefault ? 10 : 50;
}

Sweep FlakeAuditSweep() {
  Sweep s;
  s.name = "flake_audit";
  s.description = "every probabilistic and scaling claim at the CI configuration under many seed bases";
  s.columns = {"claim_index", "seed_base", "instances", "failures", "verdict_fails"};
  s.cells = [](Budget b) { return static_cast<int>(StatisticalClaims().size()) * FlakeAuditSeedBases(b); };
  s.run = [](int cell, Budget b) {
    const auto claims = StatisticalClaims();
    const int bases = FlakeAuditSeedBases(b);
    const Claim& claim = *claims[cell / bases];
    RunOptions o;
    o.budget = kCiBudget;
    o.instances = CiInstances(claim);
    o.seed_base = 1 + 1000003ULL * static_cast<std::uint64_t>(cell % bases);
    o.shrink = false;
    const Verdict v = RunClaim(claim, o);
    return Rows{{double(cell / bases), double(o.seed_base), double(v.instances), double(v.failures),
                 double(v.status == Status::kFails)}};
  };
  return s;
}

// The claims audited, in the order of claim_index.
std::vector<std::string> FlakeAuditClaimIds() {
  std::vector<std::string> ids;
  for (const Claim* c : StatisticalClaims()) ids.push_back(c->id);
  return ids;
}

}  // namespace boa::sweeps
