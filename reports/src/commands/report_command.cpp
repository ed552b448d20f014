// boa report [--out DIR] [--budget quick|default|full] [--seed S] [--claims GLOB,...]
//            [--figures GLOB,...] [--peer-summary FILE] [--quiet]
#include <iostream>

#include "boa_report/atomic_file.hpp"
#include "boa_report/commands.hpp"
#include "boa_report/report.hpp"

namespace boa::report {

void AddReportCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<ReportOptions>();
  auto budget = std::make_shared<std::string>("default");
  auto out = std::make_shared<std::string>("reports/out");
  auto quiet = std::make_shared<bool>(false);
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
  cmd->callback([&action, options, budget, out, quiet] {
    action = [options, budget, out, quiet] {
      RequireWritableFolder("--out", *out);
      options->out = *out;
      options->budget = ParseBudget(*budget);
      options->show_progress = !*quiet;
      const int unexpected = WriteReport(*options);
      std::cout << "wrote " << (options->out / "REPORT.md").string() << " (" << unexpected
                << " verdicts differ from their claims' expectations)\n";
      return 0;
    };
  });
}

}  // namespace boa::report
