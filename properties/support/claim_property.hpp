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

}  // namespace boa::testing
