// boa sweep list
// boa sweep run <name> [--budget B] [--engine direct|gram] [--shard k/N] [--threads T] --out
// FILE.csv
//   (`boa sweep <name> ...` is the same)
// boa sweep merge PART.csv... [--accept-mixed-simd] --out FILE.csv
// A sweep's cells run on every core by default; --shard k/N runs cells c ≡ k (mod N) only, so N
// machines (a Slurm array, GNU parallel over ssh) can share one sweep; merge checks completeness
// and writes exactly what an unsharded run writes. The engine is explicit (default gram); a
// sweep with one engine only runs that one, and the part's header names the engine it ran on.
#include <cstdio>
#include <filesystem>

#include "boa/error.hpp"
#include "boa/sweep_catalog.hpp"
#include "boa_report/atomic_file.hpp"
#include "boa_report/commands.hpp"
#include "boa_report/sweep_csv.hpp"

namespace boa::report {
namespace {

struct SweepArgs {
  std::vector<std::string> words;
  std::string budget = "default", engine = "gram", shard = "0/1", out;
  int threads = 0;
  bool accept_mixed_simd = false;
};

int RunSweepCommand(const SweepArgs& a) {
  Require(!a.words.empty(), "sweep needs a name, 'list' or 'merge'");
  if (a.words[0] == "list") {
    for (const Sweep& s : SweepCatalog()) {
      const std::string engines =
          s.only_engine ? ToString(*s.only_engine) + " only" : "direct or gram";
      std::printf("%-34s %-15s %s\n", s.name.c_str(), engines.c_str(), s.description.c_str());
    }
    return 0;
  }
  std::vector<std::string> words = a.words;
  if (words[0] == "run") words.erase(words.begin());  // `sweep run <name>` = `sweep <name>`
  Require(!a.out.empty(), "sweep needs --out FILE.csv");
  RequireWritableFile("--out", a.out);
  if (a.words[0] == "merge") {
    const std::vector<std::filesystem::path> parts(a.words.begin() + 1, a.words.end());
    WriteAtomically(a.out, MergeSweepCsv(parts, a.accept_mixed_simd));
    std::printf("merged %zu parts into %s\n", parts.size(), a.out.c_str());
    return 0;
  }
  Require(words.size() == 1, "sweep runs one sweep at a time: sweep run <name>");
  const Sweep& sweep = FindSweep(words[0]);
  Require(a.engine == "direct" || a.engine == "gram", "--engine must be direct or gram");
  const Engine engine = a.engine == "gram" ? Engine::kGram : Engine::kDirect;
  const auto [shard, shards] = ParseShard(a.shard);
  const Budget budget = ParseBudget(a.budget);
  const auto progress = TerminalProgress("cell");
  const SweepPart part = RunSweep(sweep, budget, engine, shard, shards, a.threads, progress);
  progress(0, 0);
  WriteAtomically(a.out, SweepCsv(sweep, budget, engine, part, shard, shards));
  std::printf("wrote %zu cells of %s (%s engine) to %s\n", part.cells.size(), sweep.name.c_str(),
              ToString(SweepEngine(sweep, engine)).c_str(), a.out.c_str());
  return 0;
}

}  // namespace

void AddSweepCommand(CLI::App& app, Action& action) {
  auto a = std::make_shared<SweepArgs>();
  auto* cmd = app.add_subcommand(
      "sweep", "Run a figure's sweep (optionally one shard of it), or merge shards");
  cmd->add_option("words", a->words, "list | run <name> | <name> | merge PART...")->required();
  cmd->add_option(
      "--engine", a->engine,
      "direct | gram (default): the engine of sweeps with both; a sweep with one runs that one");
  cmd->add_option("--budget", a->budget, "quick | default | full");
  cmd->add_option("--shard", a->shard, "k/N: run cells c with c mod N = k");
  AddIntegerOption(*cmd, "--threads", a->threads, 0, 1024, "Worker threads (0: every core)");
  cmd->add_flag("--accept-mixed-simd", a->accept_mixed_simd,
                "merge: accept parts from SIMD targets whose results differ in the last bits");
  cmd->add_option("--out", a->out, "Output CSV");
  cmd->callback([&action, a] { action = [a] { return RunSweepCommand(*a); }; });
}

}  // namespace boa::report
