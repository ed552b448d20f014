#pragma once
// The property test of a claim is one line: CheckClaimAsProperty("core.softmax.stable").
//
// It draws every regime parameter as a RapidCheck integer in [lo, hi] (so shrinking walks toward
// the regime's small end and ends at a readable parameter set) and the data seed as a RapidCheck
// integer too, runs the claim's check, and on failure prints the explanation and the one-line
// `./boa check` command that replays the (shrunk) instance exactly.
#include <string>

namespace boa::testing {

void CheckClaimAsProperty(const std::string& id);

// For probabilistic, scaling and exploratory claims: runs the catalog's verdict (RunClaim) at the
// CI configuration — budget kCiBudget, CiInstances(claim) instances (the claim's ci_instances),
// fixed seed base 1; the flake audit (`boa sweep flake_audit`) audits exactly this run under
// many seed bases — and expects it not to be "fails". On failure it prints the verdict summary,
// the measured numbers and the replay line of the shrunk counterexample. Probabilistic claims
// falsely fail with probability ≤ α = 1e-6 (stats.hpp); with the fixed seed a CI run is
// reproducible.
void ExpectClaimHolds(const std::string& id);

}  // namespace boa::testing
