// boa explore --minutes M [--seed S] [--budget B] [--save-counterexamples] [--corpus DIR]
// Runs every claim over and over with fresh seed bases until the time is up and prints each
// verdict that is not the claim's expected one (a claim that fails, or a finding that holds)
// with its replay line. Nothing is written unless --save-counterexamples asks for it.
// The deadline also stops a claim between two of its instances (a claim's run at CI's size can
// take seconds to a minute): that claim gets no verdict and is reported as stopped.
// Exit 1 if any verdict was unexpected.
#include <chrono>
#include <cstdio>
#include <random>

#include "boa/catalog.hpp"
#include "boa/error.hpp"
#include "boa/runner.hpp"
#include "boa/simd.hpp"
#include "boa_report/atomic_file.hpp"
#include "boa_report/commands.hpp"
#include "boa_report/corpus.hpp"

namespace boa::report {
namespace {

struct ExploreArgs {
  double minutes = 1;
  std::uint64_t seed = 0;  // 0: fresh entropy
  std::string budget = "quick";
  bool save = false;
  std::string corpus = DefaultCorpusDir().string();
  EngineChoice engine = EngineChoice::kAuto;
};

// Thrown by the runner's progress callback once the deadline has passed (between instances,
// never inside a check).
struct DeadlineReached {};

int RunExplore(const ExploreArgs& a) {
  const Budget budget = ParseBudget(a.budget);
  if (a.save) RequireWritableFolder("--corpus", a.corpus);
  std::mt19937_64 seeds(a.seed != 0 ? a.seed : std::random_device{}());
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::duration<double>(a.minutes * 60);
  int runs = 0, unexpected = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    for (const Claim& claim : Catalog()) {
      if (std::chrono::steady_clock::now() >= deadline) break;
      RunOptions o;
      o.budget = budget;
      o.seed_base = seeds() >> 16;  // leaves room for seed_base + i
      o.engine = CatalogRunEngine(claim, a.engine);
      o.progress = [&deadline](int, int) {
        if (std::chrono::steady_clock::now() >= deadline) throw DeadlineReached{};
      };
      Verdict v;
      try {
        v = RunClaim(claim, o);
      } catch (const DeadlineReached&) {
        std::printf("%-40s seed %-16llu stopped at the deadline (no verdict)\n", claim.id.c_str(),
                    static_cast<unsigned long long>(o.seed_base));
        break;
      }
      ++runs;
      std::printf("%-40s seed %-16llu %s\n", claim.id.c_str(),
                  static_cast<unsigned long long>(o.seed_base), VerdictLabel(v).c_str());
      if (MatchesExpectation(claim, v)) continue;
      ++unexpected;
      std::printf("  unexpected (expected %s): %s\n", ToString(ExpectedStatus(claim)).c_str(),
                  v.summary.c_str());
      if (v.counterexample) {
        std::printf("  %s\n  replay: %s\n", v.counterexample->explanation.c_str(),
                    v.counterexample->replay.c_str());
        if (a.save) {
          const CorpusEntry entry{claim.id,
                                  v.counterexample->params,
                                  v.counterexample->seed,
                                  true,
                                  "found by boa explore: " + v.counterexample->explanation,
                                  v.counterexample->engine,
                                  SimdTargetName()};
          const std::string name = "explore-" + std::to_string(v.counterexample->seed);
          std::printf("  saved %s\n", WriteCorpusEntry(a.corpus, name, entry).string().c_str());
        }
      }
      std::fflush(stdout);
    }
  }
  std::printf("%d claim runs, %d unexpected\n", runs, unexpected);
  return unexpected > 0 ? 1 : 0;
}

}  // namespace

void AddExploreCommand(CLI::App& app, Action& action) {
  auto a = std::make_shared<ExploreArgs>();
  auto* cmd = app.add_subcommand(
      "explore", "Run every claim with fresh seeds for a while; print unexpected verdicts");
  AddEngineOption(*cmd, a->engine);
  AddRealOption(*cmd, "--minutes", a->minutes, {0, 24 * 60, true, false}, "How long");
  AddUnsignedOption(*cmd, "--seed", a->seed, "Seed of the seed sequence (0: fresh entropy)");
  cmd->add_option("--budget", a->budget, "quick | default | full (default quick)");
  cmd->add_flag("--save-counterexamples", a->save, "Keep every failure in the corpus");
  cmd->add_option("--corpus", a->corpus, "Corpus folder (default: properties/corpus)");
  cmd->callback([&action, a] { action = [a] { return RunExplore(*a); }; });
}

}  // namespace boa::report
