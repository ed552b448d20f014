// boa list [--markdown]: id, kind, provenance, expected verdict ("fails": a finding) and title
// of every claim.
#include <cstdio>
#include <iostream>

#include "boa/catalog.hpp"
#include "boa/runner.hpp"
#include "boa_report/commands.hpp"

namespace boa::report {

void AddListCommand(CLI::App& app, Action& action) {
  auto markdown = std::make_shared<bool>(false);
  auto* cmd =
      app.add_subcommand("list", "List every claim: id, kind, provenance, expected verdict, title");
  cmd->add_flag("--markdown", *markdown, "Print a Markdown table (the README's claim list)");
  cmd->callback([&action, markdown] {
    action = [markdown] {
      if (*markdown) {
        std::cout << "| id | kind | provenance | expected | title |\n|---|---|---|---|---|\n";
      }
      for (const Claim& c : Catalog()) {
        if (*markdown) {
          const std::string expected = ToString(ExpectedStatus(c));
          std::cout << "| `" << c.id << "` | " << ToString(c.kind) << " | "
                    << ToString(c.provenance) << " | "
                    << (c.expected == Expectation::kFails ? "**fails** (finding)" : expected)
                    << " | " << c.title << " |\n";
        } else {
          std::printf("%-44s %-13s %-11s %-8s %s\n", c.id.c_str(), ToString(c.kind).c_str(),
                      ToString(c.provenance).c_str(), ToString(ExpectedStatus(c)).c_str(),
                      c.title.c_str());
        }
      }
      return 0;
    };
  });
}

}  // namespace boa::report
