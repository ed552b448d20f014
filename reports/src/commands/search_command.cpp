// boa search <id> [--evaluations N] [--seed S] [--params ...] [--budget B]
// Targeted search toward the claim's boundary; prints the worst instance and its replay line.
// Exit 1 when it found (and shrank) a failing instance, 0 otherwise.
#include <cstdio>
#include <limits>

#include "boa/catalog.hpp"
#include "boa/error.hpp"
#include "boa/targeted_search.hpp"
#include "boa_report/commands.hpp"

namespace boa::report {
namespace {

struct SearchArgs {
  std::string id, params, budget = "default";
  int evaluations = 400;
  std::uint64_t seed = 1;
  EngineChoice engine = EngineChoice::kAuto;
};

int RunSearch(const SearchArgs& a) {
  const Claim& claim = FindClaim(a.id);
  SearchOptions o;
  o.evaluations = a.evaluations;
  o.seed = a.seed;
  o.budget = ParseBudget(a.budget);
  o.fixed = ParseClaimParams(claim, a.params);
  o.engine = a.engine;
  EngineFor(claim, o.engine);  // refuses --engine gram on a claim without a Gram form
  o.progress = TerminalProgress("evaluation");
  const SearchResult r = SearchWorstInstance(claim, o);
  o.progress(0, 0);
  if (claim.violation_score.empty()) {
    std::printf("%s has no violation score: the search sampled at random\n", claim.id.c_str());
  }
  if (r.found_failure) {
    std::printf(
        "%s: FAILING instance after %d evaluations (shrunk in %d steps): %s\n  %s\nreplay: %s\n",
        claim.id.c_str(), r.evaluations, r.shrink_steps, FormatParams(r.params).c_str(),
        r.explanation.c_str(), r.replay.c_str());
    return 1;
  }
  std::printf("%s: no failure in %d evaluations; worst %s = %.4g at %s\nreplay: %s\n",
              claim.id.c_str(), r.evaluations,
              claim.violation_score.empty() ? "score" : claim.violation_score.c_str(), r.score,
              FormatParams(r.params).c_str(), r.replay.c_str());
  return 0;
}

}  // namespace

void AddSearchCommand(CLI::App& app, Action& action) {
  auto a = std::make_shared<SearchArgs>();
  auto* cmd = app.add_subcommand("search",
                                 "Steer instances toward a claim's boundary; report the worst one");
  AddEngineOption(*cmd, a->engine);
  cmd->add_option("id", a->id, "Claim id")->required();
  AddIntegerOption(*cmd, "--evaluations", a->evaluations, 1, 10000000, "Instances to evaluate");
  AddUnsignedOption(*cmd, "--seed", a->seed, "Search seed");
  cmd->add_option("--params", a->params, "Fixed parameters: name=value,...");
  cmd->add_option("--budget", a->budget, "quick | default | full");
  cmd->callback([&action, a] { action = [a] { return RunSearch(*a); }; });
}

}  // namespace boa::report
