#pragma once
// The two tests of a claim; properties/claims_test.cpp runs one of them for every catalog claim
// (CheckClaimAsProperty for an identity claim, ExpectClaimVerdict for the others).
//
// CheckClaimAsProperty(id), the body of a RapidCheck property, draws every regime parameter as a
// RapidCheck integer in [lo, hi] (so shrinking walks toward the regime's small end and ends at a
// readable parameter set) and the data seed as a RapidCheck integer too, judges the instance
// exactly as the CLI does (CheckInstance: a throw or a non-finite measurement fails it), discards a
// draw outside the claim's hypothesis, and on failure prints the explanation and the one-line
// `./boa check` command that replays the (shrunk) instance exactly.
#include <string>

namespace boa::testing {

void CheckClaimAsProperty(const std::string& id);

// Runs the catalog's verdict (RunClaim) at the CI configuration — budget kCiBudget, cap
// CiInstances(claim), fixed seed base 1; the flake audit (`boa sweep flake_audit`) audits exactly
// this run under many seed bases — and expects the claim's expected verdict from a healthy run:
// "holds", or "fails" for a finding (xfail-strict: a finding that starts to hold fails too), or
// "reported" for an exploratory claim, which must also have run every instance cleanly (no
// failed instance: no throw, no non-finite measurement). A probabilistic or scaling run must
// also have power ≥ 0.9 at its stated breakage. On a mismatch it prints the verdict
// summary, the measured numbers and the replay line of the shrunk counterexample. A probabilistic
// claim that holds fails its run with probability ≤ its α (claim.hpp); with the fixed seed a CI
// run is reproducible.
void ExpectClaimVerdict(const std::string& id);

}  // namespace boa::testing
