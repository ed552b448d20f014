// flake_audit: does any statistical claim cry wolf? Every probabilistic and scaling claim runs
// exactly as ctest runs it (ExpectClaimVerdict: kCiBudget sweep sizes, CiInstances(claim) as the
// cap) under many seed bases; a verdict other than the expected one is counted. A claim that
// holds fails a run with probability ≤ its α (claim.hpp).
//
// One cell per (claim, seed base); seed bases 1 + 1000003·j keep the instance seeds of different
// runs disjoint (j = 0 is CI's own run). Seed bases per claim: quick 0 (a quick report's claim
// runs are CI's runs already), default 1 (CI's own run: its outcome table), full 10. Since every
// verdict carries its own exact false-alarm rate and power, the many-base audit is a cross-check,
// not a verdict: one round of every statistical claim at its CI cap costs ≈ 2.5 CPU-minutes (the
// findings sakamoto24.gd.regimes ≈ 50 s and sakamoto24.gd.regimes_not_benign, token_selection ≈ 20
// s each), so the 10 rounds (≈ 25 CPU-minutes) belong to --budget full (or to `boa sweep
// flake_audit --budget full --shard k/N` on several machines).
#include "boa/catalog.hpp"
#include "boa/runner.hpp"
#include "boa/sweep_catalog.hpp"

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

// Only the full budget audits: under CI's own seed base the audit repeats exactly the runs that
// `./boa test` asserts, so at the default budget it cost the report 86 s (2026-12-01) and told
// nothing that a green CI run does not.
int FlakeAuditSeedBases(Budget b) { return b == Budget::kFull ? 10 : 0; }

Sweep FlakeAuditSweep() {
  Sweep s;
  s.name = "flake_audit";
  s.description =
      "every probabilistic and scaling claim at the CI configuration under many seed bases";
  // status: the verdict as the number of its Status (0 holds, 1 fails, 2 inconclusive, 3 reported).
  // cell: −1 for the claim's run; a claim judged per cell (cells.hpp) adds one row per cell j,
  // with that cell's part of the run (its instances, failures and verdict).
  s.columns = {"claim_index", "seed_base", "instances", "failures", "status", "cell"};
  // The engine asked is not passed on: each claim runs on the engine its own handling picks.
  s.cells = [](Budget b, Engine) {
    return static_cast<int>(StatisticalClaims().size()) * FlakeAuditSeedBases(b);
  };
  s.run = [](int cell, Budget b, Engine) {
    const auto claims = StatisticalClaims();
    const int bases = FlakeAuditSeedBases(b);
    const Claim& claim = *claims[cell / bases];
    RunOptions o;
    o.budget = kCiBudget;
    o.instances = claim.cells.empty() ? CiInstances(claim) : 0;  // cells: each at its CI cap
    o.seed_base = 1 + 1000003ULL * static_cast<std::uint64_t>(cell % bases);
    o.shrink = false;
    const Verdict v = RunClaim(claim, o);
    Rows rows{{double(cell / bases), double(o.seed_base), double(v.instances), double(v.failures),
               double(static_cast<int>(v.status)), -1.0}};
    for (std::size_t j = 0; j < v.cells.size(); ++j) {
      const Verdict& part = v.cells[j];
      rows.push_back({double(cell / bases), double(o.seed_base), double(part.instances),
                      double(part.failures), double(static_cast<int>(part.status)), double(j)});
    }
    return rows;
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
