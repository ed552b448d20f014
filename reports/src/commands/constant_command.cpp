// boa constant <id> --param C --lo A --hi B [--log] [--steps K] [--instances N] [--params ...]
// The smallest value of a claim's constant for which no instance failed, with its uncertainty:
// the bisection bracket, and the Clopper–Pearson upper bound on the failure rate at the upper end
// (0 failures in N instances ⇒ rate ≤ 1 − 0.025^{1/N} at 97.5% confidence).
#include <cstdio>

#include "boa/catalog.hpp"
#include "boa/threshold_finder.hpp"
#include "boa_report/commands.hpp"

namespace boa::report {
namespace {

int RunConstant(const BisectionArgs& a) {
  const Claim& claim = FindClaim(a.id);
  BisectionOptions o = ToBisectionOptions(claim, a);
  o.criterion = FlipCriterion::kNoFailure;
  const FlipPoint f = BisectFlip(claim, o);
  if (!f.bracketed) {
    std::printf("%s: not bracketed — %s at both %s = %g and %g\n", claim.id.c_str(),
                f.at_lower.holds ? "no failure" : "failures", a.vary.c_str(), a.lo, a.hi);
    return 0;
  }
  const Probe& holding = f.holds_above ? f.at_upper : f.at_lower;
  std::printf("%s: smallest %s with no failure in %d instances: %.6g (bracket [%.6g, %.6g]%s)\n",
              claim.id.c_str(), a.vary.c_str(), a.instances, holding.x, f.lower, f.upper,
              f.holds_above ? "" : "; the claim holds below it");
  std::printf(
      "at %s = %.6g: 0/%d failures, failure rate ≤ %.3g (97.5%% Clopper–Pearson); at %.6g: "
      "%d/%d failures\n",
      a.vary.c_str(), holding.x, holding.instances, holding.rate_upper,
      f.holds_above ? f.at_lower.x : f.at_upper.x,
      f.holds_above ? f.at_lower.failures : f.at_upper.failures, a.instances);
  return 0;
}

}  // namespace

void AddConstantCommand(CLI::App& app, Action& action) {
  auto a = std::make_shared<BisectionArgs>();
  a->steps = 12;
  a->instances = 100;
  auto* cmd = app.add_subcommand(
      "constant", "Estimate the smallest constant for which a claim held on every instance");
  AddBisectionFlags(*cmd, *a, "--param");
  cmd->callback([&action, a] { action = [a] { return RunConstant(*a); }; });
}

}  // namespace boa::report
