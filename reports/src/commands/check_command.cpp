// boa check <id> [--seed S] [--instances N] [--params k=v,...] [--budget B] [--json]
//                [--no-shrink] [--run-to-cap] [--save-counterexample NAME [--note TEXT]
//                [--corpus DIR]]
// Exit 0 holds (or reported), 1 fails or inconclusive (with the shrunk counterexample and its
// replay line). A finding (expected "fails") exits 1 like any failing claim; the output says
// what was expected.
#include <iostream>

#include <nlohmann/json.hpp>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/error.hpp"
#include "boa/runner.hpp"
#include "boa/simd.hpp"
#include "boa_report/atomic_file.hpp"
#include "boa_report/commands.hpp"
#include "boa_report/corpus.hpp"
#include "boa_report/verdict_json.hpp"

namespace boa::report {
namespace {

struct CheckArgs {
  std::string id;
  std::uint64_t seed = 1;
  int instances = 0;
  std::string params;
  std::string budget = "default";
  bool json = false;
  bool no_shrink = false;
  bool run_to_cap = false;
  std::string save_as;
  std::string note;
  std::string corpus = DefaultCorpusDir().string();
  EngineChoice engine = EngineChoice::kAuto;
};

int RunCheck(const CheckArgs& a) {
  const Claim& claim = FindClaim(a.id);
  if (!a.save_as.empty()) {
    RequireCorpusEntryName(a.save_as);
    RequireWritableFolder("--corpus", a.corpus);
  }
  Require(a.note.empty() || !a.save_as.empty(), "--note needs --save-counterexample");
  RunOptions options;
  options.instances = a.instances;
  options.seed_base = a.seed;
  options.budget = ParseBudget(a.budget);
  options.fixed = ParseClaimParams(claim, a.params);
  options.shrink = !a.no_shrink;
  options.run_to_cap = a.run_to_cap;
  options.engine = a.engine;
  const Verdict v = RunClaim(claim, options);
  // One instance of a statistical claim (a replay line): its own outcome, not a verdict, which
  // needs the claim's sequential plan or its replicate sweeps.
  const bool one_instance =
      a.instances == 1 && !a.run_to_cap &&
      (claim.kind == ClaimKind::kProbabilistic || claim.kind == ClaimKind::kScaling);
  if (one_instance && !a.json) {
    const bool failed = v.failures > 0;
    std::cout << claim.id << ": this instance " << (failed ? "fails" : "holds") << " (seed "
              << a.seed << (a.params.empty() ? "" : ", " + a.params) << ")";
    if (failed && v.counterexample) {
      std::cout << ": " << v.counterexample->explanation
                << "\n  replay: " << v.counterexample->replay;
    }
    std::cout << "\n  one instance, so no verdict on the claim: exit " << (failed ? 1 : 0)
              << " says this instance " << (failed ? "fails" : "holds")
              << (claim.expected == Expectation::kFails && failed
                      ? ", as a finding's counterexample does"
                      : "")
              << "; `./boa check " << claim.id << "` runs the claim's test\n";
    return failed ? 1 : 0;
  }
  if (a.json) {
    std::cout << VerdictJson(claim, v).dump(2) << '\n';
  } else {
    // A claim judged per cell (cells.hpp): the claim's line, then one line per cell.
    const std::string summary =
        v.cells.empty() ? v.summary : v.summary.substr(0, v.summary.find("; cell "));
    std::cout << claim.id << ": " << VerdictLabel(v) << " — " << summary;
    if (!MatchesExpectation(claim, v))
      std::cout << " [expected: " << ToString(ExpectedStatus(claim)) << "]";
    if (claim.gram_form) std::cout << " [" << ToString(v.engine) << " engine]";
    std::cout << '\n';
    const std::vector<Claim> units = v.cells.empty() ? std::vector<Claim>{} : JudgedUnits(claim);
    for (std::size_t j = 0; j < v.cells.size() && j < units.size(); ++j) {
      std::cout << "  cell " << units[j].id << " (" << CellBox(units[j].regime)
                << "): " << VerdictLabel(v.cells[j]) << " — " << v.cells[j].summary
                << (MatchesExpectation(units[j], v.cells[j])
                        ? ""
                        : " [the cell's expected: " + ToString(ExpectedStatus(units[j])) + "]")
                << '\n';
    }
    if (v.counterexample) {
      std::cout << FailingInstanceLabel(claim, v) << " (" << v.counterexample->shrink_steps
                << " shrink steps): " << FormatParams(v.counterexample->params) << " seed "
                << v.counterexample->seed << "\n  " << v.counterexample->explanation
                << "\nreplay: " << v.counterexample->replay << '\n';
    }
  }
  if (!a.save_as.empty()) {
    Require(v.counterexample.has_value(),
            "--save-counterexample: no instance failed, so there is no counterexample to save");
    const CorpusEntry entry{claim.id,
                            v.counterexample->params,
                            v.counterexample->seed,
                            true,
                            a.note.empty() ? v.counterexample->explanation : a.note,
                            v.counterexample->engine,
                            SimdTargetName()};
    std::cout << "saved " << WriteCorpusEntry(a.corpus, a.save_as, entry).string() << '\n';
  }
  if (one_instance) return v.failures > 0 ? 1 : 0;
  return v.status == Status::kHolds || v.status == Status::kReported ? 0 : 1;
}

}  // namespace

void AddCheckCommand(CLI::App& app, Action& action) {
  auto args = std::make_shared<CheckArgs>();
  auto* cmd = app.add_subcommand(
      "check", "Check one claim; exit 0 holds, 1 fails or inconclusive, 2 bad input");
  AddEngineOption(*cmd, args->engine);
  cmd->add_option("id", args->id, "Claim id (see `boa list`)")->required();
  AddUnsignedOption(*cmd, "--seed", args->seed, "Seed base: instance i uses seed + i");
  AddIntegerOption(*cmd, "--instances", args->instances, 0, 10000000,
                   "Number of instances (default or 0: the claim's at the budget)");
  cmd->add_option("--params", args->params, "Fix parameters: name=value,...");
  cmd->add_option("--budget", args->budget, "quick | default | full (instances and sweep sizes)");
  cmd->add_flag("--json", args->json, "Print the verdict as JSON");
  cmd->add_flag("--no-shrink", args->no_shrink, "Report the first failure unshrunk");
  cmd->add_flag("--run-to-cap", args->run_to_cap,
                "Probabilistic claims: draw every instance up to the cap to measure the failure "
                "rate (the verdict stays the sequential test's decision)");
  cmd->add_option("--save-counterexample", args->save_as,
                  "Keep the (shrunk) counterexample in the corpus under this name");
  cmd->add_option("--note", args->note, "Why the saved counterexample is kept");
  cmd->add_option("--corpus", args->corpus, "Corpus folder (default: properties/corpus)");
  cmd->callback([&action, args] { action = [args] { return RunCheck(*args); }; });
}

}  // namespace boa::report
