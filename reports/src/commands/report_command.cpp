// boa report [--out DIR] [--budget quick|default|full] [--seed S] [--claims GLOB,...]
//            [--figures GLOB,...] [--peer-summary FILE] [--quiet]
// boa report [those options] --shard k/N --part FILE     one of N shards of the report's work
//            (--peer-summary: carried in the part to the merge)
// boa report --merge PART... [--out DIR] [--peer-summary FILE]   the report of every shard
#include <iostream>

#include "boa/error.hpp"
#include "boa_report/atomic_file.hpp"
#include "boa_report/command_support.hpp"
#include "boa_report/commands.hpp"
#include "boa_report/report.hpp"

namespace boa::report {

void AddReportCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<ReportOptions>();
  auto budget = std::make_shared<std::string>("default");
  auto out = std::make_shared<std::string>("reports/out");
  auto quiet = std::make_shared<bool>(false);
  auto shard = std::make_shared<std::string>();
  auto part = std::make_shared<std::string>();
  auto merge = std::make_shared<std::vector<std::string>>();
  auto* cmd = app.add_subcommand("report",
                                 "Run every claim and figure; write REPORT.md, summary.json, SVGs");
  AddEngineOption(*cmd, options->engine);
  cmd->add_option("--out", *out, "Output folder");
  cmd->add_option("--budget", *budget, "quick | default | full");
  AddUnsignedOption(*cmd, "--seed", options->seed, "Seed base");
  cmd->add_option("--claims", options->claims,
                  "Only the claims whose id matches one of these globs (default *: every claim; "
                  "a partial report skips the flake audit)")
      ->delimiter(',');
  cmd->add_option("--figures", options->figures,
                  "Only the figures whose name matches one of these globs (default *)")
      ->delimiter(',');
  cmd->add_option("--peer-summary", options->peer_summary,
                  "The PyTorch peer's summary of this run (./boa report runs the peer and passes "
                  "it); shown in the section \"Independent check\"");
  cmd->add_flag("--quiet", *quiet, "No progress output");
  cmd->add_option("--shard", *shard,
                  "k/N: measure only shard k of N (claims i ≡ k mod N, and those cells of every "
                  "sweep) into the part file --part; `--merge` writes the report");
  cmd->add_option("--part", *part, "The part file a --shard run writes");
  cmd->add_option("--merge", *merge,
                  "Write the report of these parts (every shard of one `--shard k/N` run, at "
                  "this commit); the run's budget, seed, engine and selection are the parts'");
  cmd->callback([&action, cmd, options, budget, out, quiet, shard, part, merge] {
    action = [cmd, options, budget, out, quiet, shard, part, merge] {
      options->show_progress = !*quiet;
      options->budget = ParseBudget(*budget);
      if (!shard->empty()) {
        Require(merge->empty(),
                "--shard measures a part and --merge writes the report: one at a "
                "time");
        Require(!part->empty(), "--shard needs --part FILE, the part it writes");
        Require(cmd->count("--out") == 0,
                "--shard writes a part (--part), not a report: --out goes with --merge");
        RequireWritableFile("--part", *part);
        const auto [k, n] = ParseShard(*shard);
        WriteReportShard(*options, k, n, *part);
        std::cout << "wrote shard " << k << "/" << n << " of the report to " << *part << "\n";
        return 0;
      }
      Require(part->empty(), "--part goes with --shard k/N");
      RequireWritableFolder("--out", *out);
      options->out = *out;
      int unexpected = 0;
      if (!merge->empty()) {
        for (const char* flag : {"--budget", "--seed", "--claims", "--figures", "--engine"}) {
          Require(cmd->count(flag) == 0, std::string("--merge takes the run's options from its ") +
                                             "parts; " + flag + " goes with the shards");
        }
        unexpected = MergeReport(*options, {merge->begin(), merge->end()});
      } else {
        unexpected = WriteReport(*options);
      }
      std::cout << "wrote " << (options->out / "REPORT.md").string() << " (" << unexpected
                << " verdicts differ from their claims' expectations)\n";
      return 0;
    };
  });
}

}  // namespace boa::report
